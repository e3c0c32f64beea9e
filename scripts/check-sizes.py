#!/usr/bin/env python3
"""Fails on a core/ file over 700 lines or a core/ function over 100 lines.

A file's size is its line count. A function's size is the lines from its opening brace to its
closing brace, both included; lambdas and local classes count toward the function around them.
The counter reads C++ as tokens, not by indentation: comments, string and character literals
(raw strings included) and preprocessor lines are blanked first, then every brace at namespace or
class scope is classified by the text before it since the last `;`, `{` or `}` — a namespace,
class, struct, union or enum opens a scope whose braces are classified again; a head with a `)`
(a parameter list, then qualifiers, a trailing return type or a constructor's initializers) opens
a function body; anything else (an initializer list) is skipped whole. Exits 1 when it finds a
file or function over its limit, 0 otherwise.

  check-sizes.py [--core DIR] [--max-file-lines N] [--max-function-lines N]
                 [--plant core/X.cpp=function:N] [--plant core/X.cpp=lines:N]

--plant changes a file as read (the file itself is not touched): `function:N` appends a function
of N lines, `lines:N` pads the file with comment lines to N lines. The CTests "sizes: a planted
..." show that the counter can fail.
"""
import argparse
import pathlib
import re
import sys

SOURCES = ('.h', '.cpp', '.inc')
IDENT = re.compile(r'[A-Za-z_~][A-Za-z0-9_]*(?:\s*::\s*~?[A-Za-z_][A-Za-z0-9_]*)*(?:\s*operator\s*\S+?)?\s*$')
SCOPE = re.compile(r'\b(namespace|class|struct|union|enum)\b')


def blank(text):
    """The text with comments, literals and preprocessor lines replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == '#':
            j = i
            while j < n and (text[j] != '\n' or text[j - 1] == '\\'):
                j += 1
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
            continue
        if c == '/' and text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
            continue
        if c == '/' and text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
            continue
        m = re.match(r'(?:u8|u|U|L)?R"([^()\\\s]{0,16})\(', text[i:i + 24]) if c in 'uULR' else None
        if m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == '_')):
            end = text.find(')' + m.group(1) + '"', i + m.end())
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
            continue
        if c in '"\'' and not (c == "'" and i > 0 and text[i - 1].isalnum()):  # 1'000 separators
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(' ' * (j - i))
            i = j
            continue
        out.append(c)
        line_start = c == '\n' or (line_start and c in ' \t')
        i += 1
    return ''.join(out)


def function_name(head):
    """The qualified name before the head's parameter list, or '(function)'."""
    depth = 0
    for k, c in enumerate(head):
        if c == '(':
            if depth == 0:
                m = IDENT.search(head[:k])
                if m and not re.fullmatch(r'\s*(if|for|while|switch|return)\s*', m.group(0)):
                    return re.sub(r'\s+', '', m.group(0))
            depth += 1
        elif c == ')':
            depth -= 1
    return '(function)'


def functions(text):
    """(name, first line, line count) of every function body in the text."""
    code = blank(text)
    line = 1
    scopes = []  # 'scope' or 'skip' for each open brace outside a function
    head_start = 0
    i = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c == '\n':
            line += 1
        elif c in ';}':
            if c == '}' and scopes:
                scopes.pop()
            head_start = i + 1
        elif c == '{':
            head = code[head_start:i]
            if SCOPE.search(head) and '(' not in head.split('{')[0][:SCOPE.search(head).start()] \
                    and not head.rstrip().endswith(')') and '=' not in head:
                scopes.append('scope')
                head_start = i + 1
            else:
                is_function = ')' in head and not head.rstrip().endswith('=')
                depth, j, end_line = 1, i + 1, line
                while j < n and depth:
                    if code[j] == '{':
                        depth += 1
                    elif code[j] == '}':
                        depth -= 1
                    elif code[j] == '\n':
                        end_line += 1
                    j += 1
                if is_function:
                    yield function_name(head), line, end_line - line + 1
                line = end_line
                i = j
                head_start = j
                continue
        i += 1


def planted(text, plant):
    kind, _, count = plant.partition(':')
    count = int(count)
    if kind == 'function':
        body = ''.join('  (void)0;\n' for _ in range(count - 2))
        return text + '\nvoid plantedFunction() {\n' + body + '}\n'
    if kind == 'lines':
        have = len(text.splitlines())
        return text + ''.join('// planted\n' for _ in range(max(0, count - have)))
    raise SystemExit('unknown plant %r (function:N or lines:N)' % plant)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--core', default=str(pathlib.Path(__file__).resolve().parent.parent / 'core'))
    ap.add_argument('--max-file-lines', type=int, default=700)
    ap.add_argument('--max-function-lines', type=int, default=100)
    ap.add_argument('--plant', action='append', default=[], metavar='FILE=KIND:N',
                    type=lambda text: tuple(text.split('=', 1)))
    args = ap.parse_args()

    core = pathlib.Path(args.core)

    errors = []
    for path in sorted(core.rglob('*')):
        if not path.is_file() or not path.name.endswith(SOURCES) or path.name.endswith('.generated.h'):
            continue
        rel = path.relative_to(core.parent).as_posix()
        text = path.read_text(errors='replace')
        for plant in (what for at, what in args.plant if at == rel):
            text = planted(text, plant)
        lines = len(text.splitlines())
        if lines > args.max_file_lines:
            errors.append('%s: %d lines, over the limit of %d' % (rel, lines, args.max_file_lines))
        for name, first, count in functions(text):
            if count > args.max_function_lines:
                errors.append('%s:%d: function %s is %d lines, over the limit of %d'
                              % (rel, first, name, count, args.max_function_lines))
    for e in errors:
        print(e)
    print('sizes: %d file%s or function%s over the limits'
          % (len(errors), '' if len(errors) == 1 else 's', '' if len(errors) == 1 else 's'))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
