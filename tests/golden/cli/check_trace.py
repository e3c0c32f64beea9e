#!/usr/bin/env python3
"""Checks a --emit=perfetto trace on stdin against the Trace Event Format (JSON object form) as
ui.perfetto.dev and chrome://tracing read it: "X" events with integer ts >= 0 and dur > 0, pid
and tid; every thread with a slice named by a "thread_name" metadata event and every process by
a "process_name"; slices on one thread nested or disjoint (never partly overlapping); and
argv[1] iterations of every op line that has a slice."""
import json
import sys
from collections import defaultdict

doc = json.load(sys.stdin)
events = doc["traceEvents"]
named_threads = {(e["pid"], e["tid"]) for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
named_processes = {e["pid"] for e in events if e["ph"] == "M" and e["name"] == "process_name"}
slices = [e for e in events if e["ph"] == "X"]
assert slices, "no X events"
tracks = defaultdict(list)
iterations = defaultdict(set)
for e in slices:
    assert isinstance(e["name"], str) and e["name"], e
    assert isinstance(e["ts"], int) and e["ts"] >= 0 and isinstance(e["dur"], int) and e["dur"] > 0, e
    assert (e["pid"], e["tid"]) in named_threads, f"thread {e['pid']}/{e['tid']} has no thread_name"
    assert e["pid"] in named_processes, f"process {e['pid']} has no process_name"
    tracks[(e["pid"], e["tid"])].append((e["ts"], e["ts"] + e["dur"]))
    iterations[e["args"]["line"]].add(e["args"]["iteration"])
for key, spans in tracks.items():
    spans.sort(key=lambda s: (s[0], -s[1]))
    stack = []
    for start, end in spans:
        while stack and stack[-1] <= start:
            stack.pop()
        assert not stack or end <= stack[-1], f"thread {key}: a slice [{start}, {end}) partly overlaps one ending at {stack[-1]}"
        stack.append(end)
want = int(sys.argv[1])
for line, its in sorted(iterations.items()):
    assert its == set(range(want)), f"line {line}: iterations {sorted(its)}, expected 0..{want - 1}"
print(f"trace ok: {len(slices)} slices on {len(tracks)} threads, lines {sorted(iterations)}")
