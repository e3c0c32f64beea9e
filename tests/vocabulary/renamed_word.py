#!/usr/bin/env python3
"""The playground's trace vocabulary is generated from the C++ one (tools/vocabulary).

Rebuilds the exporter against a copy of core/contract/TraceVocabulary.h in which one outcome is
renamed, and checks that the generated TypeScript changes exactly there; also that the build's
generated file is what the unedited header gives, and that the web's copy is that file.

    renamed_word.py --cxx CXX --source-dir DIR --generated build/generated/vocabulary.ts
Ends with one line `N passed, N failed`; exit status 1 on any failure."""
import argparse
import pathlib
import subprocess
import sys
import tempfile

results = []


def check(name, ok, detail=''):
    results.append(ok)
    print(('ok   ' if ok else 'FAIL ') + name + ('' if ok else ': ' + detail))


def export(cxx, include_dirs, source, out_dir):
    exe = out_dir / 'export_vocabulary'
    ts = out_dir / 'vocabulary.ts'
    flags = ['-std=c++20'] + [f'-I{d}' for d in include_dirs]
    subprocess.run([cxx, *flags, str(source), '-o', str(exe)], check=True)
    subprocess.run([str(exe), str(ts)], check=True)
    return ts.read_text()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cxx', required=True)
    ap.add_argument('--source-dir', required=True, type=pathlib.Path)
    ap.add_argument('--generated', required=True, type=pathlib.Path)
    args = ap.parse_args()
    core = args.source_dir / 'core'
    header = core / 'contract' / 'TraceVocabulary.h'
    exporter = args.source_dir / 'tools' / 'vocabulary' / 'export_vocabulary.cpp'
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        (tmp / 'original').mkdir()
        original = export(args.cxx, [core], exporter, tmp / 'original')
        check('the build generated what the header gives', original == args.generated.read_text(),
              f'{args.generated} differs from a fresh export')

        edited = tmp / 'edited'
        (edited / 'contract').mkdir(parents=True)
        text = header.read_text()
        old = '{"uncommit", '
        check('the header declares the outcome "uncommit"', text.count(old) == 1)
        (edited / 'contract' / 'TraceVocabulary.h').write_text(text.replace(old, '{"unseat", '))
        renamed = export(args.cxx, [edited, core], exporter, edited)  # the edited copy comes first
        gone = [line for line in original.splitlines() if line not in renamed.splitlines()]
        new = [line for line in renamed.splitlines() if line not in original.splitlines()]
        check('renaming the outcome changes the generated file', renamed != original)
        check('exactly that word changes',
              len(gone) == 1 and len(new) == 1 and "name: 'uncommit'" in gone[0] and
              new[0] == gone[0].replace("'uncommit'", "'unseat'"), f'{gone} -> {new}')

    web_copy = args.source_dir / 'web' / 'src' / 'generated' / 'vocabulary.ts'
    if web_copy.exists():
        check("the web's copy is the generated file", web_copy.read_text() == args.generated.read_text())
    passed = sum(results)
    print(f'{passed} passed, {len(results) - passed} failed')
    return 0 if all(results) else 1


if __name__ == '__main__':
    sys.exit(main())
