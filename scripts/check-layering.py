#!/usr/bin/env python3
"""Fails on an #include between core/ folders that the build does not declare.

Each phase of core/ (SPEC §4) declares the phases it depends on once, in CMakeLists.txt
(TILESCHED_PHASE_DEPS); configuring writes them to <build>/phase-dependencies.txt, one
`phase: dep;dep` line each, and links each phase to exactly those. This script reads that file
and every source and header under core/, and reports each `#include "folder/..."` whose folder is
neither the file's own nor one it declares. It exits 1 when it finds one, 0 otherwise.

  check-layering.py --deps BUILD/phase-dependencies.txt [--core DIR]
                    [--plant core/check/X.cpp=generate/Y.h]

--plant adds an include line to a file as read (the file itself is not touched): the CTest
"layering: a planted check -> generate include fails" shows that the check can fail.
"""
import argparse
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z0-9_]+)/[^"]+"')
SOURCES = ('.h', '.cpp', '.inc', '.in')


def read_dependencies(path):
    deps = {}
    for line in pathlib.Path(path).read_text().splitlines():
        if not line.strip():
            continue
        phase, _, rest = line.partition(':')
        deps[phase.strip()] = set(re.split(r'[;\s]+', rest.strip())) - {''}
    return deps


def include_edges(core, plants):
    """(file, line number, own folder, included folder, text) for every cross-folder include."""
    for path in sorted(core.rglob('*')):
        if not path.is_file() or not path.name.endswith(SOURCES):
            continue
        rel = path.relative_to(core.parent).as_posix()
        own = path.relative_to(core).parts[0]
        lines = path.read_text(errors='replace').splitlines()
        lines += ['#include "%s"' % inc for inc in plants.get(rel, [])]
        for number, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if m and m.group(1) != own:
                yield rel, number, own, m.group(1), line.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--deps', required=True, help='phase-dependencies.txt written by CMake')
    ap.add_argument('--core', default=str(pathlib.Path(__file__).resolve().parent.parent / 'core'))
    ap.add_argument('--plant', action='append', default=[], metavar='FILE=INCLUDE')
    args = ap.parse_args()

    deps = read_dependencies(args.deps)
    core = pathlib.Path(args.core)
    plants = {}
    for p in args.plant:
        rel, _, inc = p.partition('=')
        plants.setdefault(rel, []).append(inc)

    errors = []
    folders = sorted(p.name for p in core.iterdir() if p.is_dir())
    for folder in folders:
        if folder not in deps:
            errors.append('core/%s/ is not a phase of TILESCHED_PHASE_DEPS (CMakeLists.txt)' % folder)
    for rel, number, own, target, text in include_edges(core, plants):
        if own in deps and target in folders and target not in deps[own]:
            allowed = ' '.join(sorted(deps[own])) or 'nothing'
            errors.append('%s:%d: %s includes %s/ (%s), but %s declares only: %s (CMakeLists.txt, '
                          'TILESCHED_PHASE_DEPS)' % (rel, number, own, target, text, own, allowed))
    for e in errors:
        print(e)
    print('layering: %d include edge%s outside the declared phase dependencies'
          % (len(errors), '' if len(errors) == 1 else 's'))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
