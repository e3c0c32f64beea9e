#!/usr/bin/env python3
"""Fails on modulo-row arithmetic outside the module that owns it.

target/ModuloOccupancy.{h,cpp} own the rule that puts footprint row k of an op issued at cycle c
in row (c + k) mod II (seed 001), the footprint fold and the per-resource limit. Everything else
in core/ asks them (moduloRow, firstOverfilled, foldFootprint, RowOccupancy, moduloOccupancy). This
script reads every source and header under core/ with comments and string literals blanked, and
reports each `%` whose right operand names the II (`ii`, `ii_`, `ii()`, `II`, `ctx.ii`, ...). It
exits 1 when it finds one, 0 otherwise.

  check-occupancy-owner.py [--core DIR] [--plant REL=TEXT]

--plant copies core/ to a temporary folder, writes TEXT to REL inside it (a new file or a
replacement) and checks the copy: the CTest "occupancy: planted modulo-row arithmetic fails" shows
that the check can fail.
"""
import argparse
import pathlib
import re
import shutil
import sys
import tempfile

OWNER = {'target/ModuloOccupancy.h', 'target/ModuloOccupancy.cpp'}
SOURCES = ('.h', '.cpp', '.inc', '.in')
# `%` (or `%=`) then an operand, possibly parenthesised or a member access, that names the II.
MODULO_II = re.compile(r'%=?\s*\(*\s*(?:[A-Za-z_]\w*(?:\.|->|::))*(?:ii|II|ii_|Ii)\b')
LITERAL = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'')
BLOCK_COMMENT = re.compile(r'/\*.*?\*/', re.S)


def code_lines(text):
    """The file's lines with comments and literals blanked (line numbers kept)."""
    text = BLOCK_COMMENT.sub(lambda m: '\n' * m.group(0).count('\n'), text)
    for line in text.splitlines():
        line = LITERAL.sub('""', line)
        yield line.split('//', 1)[0]


def offences(core):
    for path in sorted(core.rglob('*')):
        if not path.is_file() or not path.name.endswith(SOURCES):
            continue
        rel = path.relative_to(core).as_posix()
        if rel in OWNER:
            continue
        for number, line in enumerate(code_lines(path.read_text(errors='replace')), 1):
            if MODULO_II.search(line):
                yield 'core/%s:%d: modulo-row arithmetic outside target/ModuloOccupancy: %s' % (rel, number,
                                                                                               line.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--core', default=str(pathlib.Path(__file__).resolve().parent.parent / 'core'))
    ap.add_argument('--plant', metavar='REL=TEXT')
    args = ap.parse_args()
    core = pathlib.Path(args.core)
    with tempfile.TemporaryDirectory() as tmp:
        if args.plant:
            rel, _, text = args.plant.partition('=')
            copy = pathlib.Path(tmp) / 'core'
            shutil.copytree(core, copy)
            (copy / rel).write_text(text + '\n')
            core = copy
        found = list(offences(core))
    summary = 'occupancy: %d line%s of modulo-row arithmetic outside target/ModuloOccupancy' % (
        len(found), '' if len(found) == 1 else 's')
    print('\n'.join(found + [summary]))
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
