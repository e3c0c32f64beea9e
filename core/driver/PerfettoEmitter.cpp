// --emit=perfetto: the schedule as a Chrome trace (the Trace Event Format's JSON object form),
// which ui.perfetto.dev and chrome://tracing open: one process per scheduled block, a track per
// stage and per resource, each op of each shown iteration a complete ("X") event. One cycle of
// the model is one microsecond of the trace (docs/decisions.md, "Exporting a trace").
#include <algorithm>
#include <map>

#include "driver/Emitters.h"
#include "driver/JsonWriter.h"
#include "support/Sort.h"

namespace tilesched {

namespace {

// Iterations shown: the stage count plus two, so the steady state (every stage busy) shows
// between a prologue and an epilogue; at least 3, at most 16, and fewer on a loop so big that
// the trace would pass kMaxOpInstances op slices.
constexpr int kMinIterations = 3;
constexpr int kMaxIterations = 16;
constexpr size_t kMaxOpInstances = 20000;

int iterationsShown(const BlockResult &r) {
  int n = std::clamp(r.analysis.stageCount + 2, kMinIterations, kMaxIterations);
  const size_t ops = std::max<size_t>(1, r.block.ops.size());
  while (n > 1 && ops * size_t(n) > kMaxOpInstances) --n;
  return n;
}

struct Slice {
  long long ts = 0;
  long long dur = 1;
  int node = 0;
  int iteration = 0;
  int lane = 0;  // set by assignLanes
};

// Complete events on one thread must nest or be disjoint, and ops of one stage (or units of one
// resource) overlap in time: each track is split into lanes, the first lane that is free by a
// slice's start taking it (slices sorted by start, then program order).
int assignLanes(std::vector<Slice> &slices) {
  stableSortBy(slices, [](const Slice &a, const Slice &b) {
    return a.ts != b.ts ? a.ts < b.ts : a.iteration != b.iteration ? a.iteration < b.iteration : a.node < b.node;
  });
  std::vector<long long> freeAt;
  for (Slice &s : slices) {
    auto lane = std::find_if(freeAt.begin(), freeAt.end(), [&](long long t) { return t <= s.ts; });
    if (lane == freeAt.end()) lane = freeAt.insert(freeAt.end(), 0);
    *lane = s.ts + s.dur;
    s.lane = int(lane - freeAt.begin());
  }
  return int(freeAt.size());
}

struct Track {
  std::string name;  // "stage 0", "resource tma"
  const char *category;
  std::vector<Slice> slices;
};

// The units of `resource` an op holds, as runs of consecutive cycles after issue: a row listing
// the resource twice holds two units, each its own run.
std::vector<std::pair<int, int>> resourceRuns(const Footprint &fp, int resource) {
  std::vector<std::pair<int, int>> runs;  // (first cycle, length)
  std::vector<int> openSince;             // per unit held: the cycle its run began
  for (size_t k = 0; k <= fp.size(); ++k) {
    const size_t units = k < fp.size() ? size_t(std::count(fp[k].begin(), fp[k].end(), resource)) : 0;
    while (openSince.size() > units) {
      runs.emplace_back(openSince.back(), int(k) - openSince.back());
      openSince.pop_back();
    }
    while (openSince.size() < units) openSince.push_back(int(k));
  }
  std::sort(runs.begin(), runs.end());
  return runs;
}

std::string sliceName(const Operation &op, const std::string &nodeName) {
  return namedByLine(op) ? op.name : op.name + " " + nodeName;
}

void metadata(JsonWriter &w, const char *name, int pid, int tid, const char *argKey, const std::string &text) {
  w.beginObject().member("name", name).member("ph", "M").member("pid", pid).member("tid", tid);
  w.key("args").beginObject().member(argKey, text).endObject().endObject();
}
void sortIndex(JsonWriter &w, const char *name, int pid, int tid, int index) {
  w.beginObject().member("name", name).member("ph", "M").member("pid", pid).member("tid", tid);
  w.key("args").beginObject().member("sort_index", index).endObject().endObject();
}

void emitBlock(JsonWriter &w, const DriverRun &run, const BlockResult &r, int pid) {
  const ScheduleAnalysis &a = r.analysis;
  const TargetModel &model = r.modelOf(*run.chunks[r.chunk].model);
  const int iterations = iterationsShown(r);
  std::vector<Track> tracks;
  for (int s = 0; s < std::max(1, a.stageCount); ++s) tracks.push_back({"stage " + std::to_string(s), "stage", {}});
  std::map<int, size_t> resourceTrack;                     // model order, so tracks follow the model's resource list
  std::vector<std::vector<int>> held(r.block.ops.size());  // per op: the resources it holds, model order
  for (size_t n = 0; n < r.block.ops.size(); ++n) {
    for (const FootprintRow &row : r.resources[n].footprint) held[n].insert(held[n].end(), row.begin(), row.end());
    std::sort(held[n].begin(), held[n].end());
    held[n].erase(std::unique(held[n].begin(), held[n].end()), held[n].end());
    for (int res : held[n]) resourceTrack.emplace(res, 0);
  }
  for (auto &[res, track] : resourceTrack) {
    track = tracks.size();
    tracks.push_back({"resource " + model.resources[size_t(res)].name, "resource", {}});
  }
  for (int it = 0; it < iterations; ++it)
    for (size_t n = 0; n < r.block.ops.size(); ++n) {
      const OpSchedule &s = a.ops[n];
      const long long start = (long long)it * a.ii + s.cycle;
      tracks[size_t(s.stage)].slices.push_back({start, std::max(1, r.resources[n].latency), int(n), it});
      for (int res : held[n])
        for (auto [first, length] : resourceRuns(r.resources[n].footprint, res))
          tracks[resourceTrack.at(res)].slices.push_back({start + first, length, int(n), it});
    }

  metadata(w, "process_name", pid, 0, "name",
           r.block.name + " (line " + std::to_string(r.line) + "): II " + std::to_string(a.ii) + ", " +
               std::to_string(a.stageCount) + (a.stageCount == 1 ? " stage, " : " stages, ") +
               std::to_string(iterations) + " iterations");
  sortIndex(w, "process_sort_index", pid, 0, pid);
  int tid = 0;  // the last thread id taken
  for (Track &t : tracks) {
    const int lanes = assignLanes(t.slices);
    const int first = tid + 1;
    for (int lane = 0; lane < lanes; ++lane) {
      metadata(w, "thread_name", pid, first + lane, "name",
               lanes == 1 ? t.name : t.name + " #" + std::to_string(lane + 1));
      sortIndex(w, "thread_sort_index", pid, first + lane, first + lane);
    }
    for (const Slice &s : t.slices) {
      const Operation &op = *r.block.ops[size_t(s.node)];
      const OpSchedule &os = a.ops[size_t(s.node)];
      w.beginObject()
          .member("name", sliceName(op, r.nodeNames[size_t(s.node)]))
          .member("cat", t.category)
          .member("ph", "X")
          .member("ts", s.ts)
          .member("dur", s.dur)
          .member("pid", pid)
          .member("tid", first + s.lane);
      w.key("args")
          .beginObject()
          .member("op", op.name)
          .member("line", op.range.begin.line)
          .member("iteration", s.iteration)
          .member("stage", os.stage)
          .member("order", os.order)
          .member("cycle", os.cycle)
          .member("latency", r.resources[size_t(s.node)].latency)
          .endObject()
          .endObject();
    }
    tid = first + lanes - 1;
  }
}

}  // namespace

std::string emitPerfettoTrace(const DriverRun &run) {
  JsonWriter w;
  w.beginObject().key("traceEvents").beginArray();
  int pid = 0;
  for (const BlockResult &r : run.blocks)
    if ((r.status == BlockStatus::Scheduled || r.status == BlockStatus::Checked) && r.analysis.valid)
      emitBlock(w, run, r, ++pid);
  w.endArray();
  w.key("otherData")
      .beginObject()
      .member("tool", versionString())
      .member("time_unit", "1 us of the trace = 1 cycle of the target model")
      .endObject();
  w.endObject();
  return w.take() + "\n";
}

}  // namespace tilesched
