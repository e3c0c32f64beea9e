// The document's `trace` (docs/json-document.md, "trace"): every verdict names its gate and cycle,
// resource verdicts name the conflicting cells and their holders, dependence verdicts the bound
// they broke, every gate can be seen rejecting, and the per-step table changes replay to the
// document's own `rrt`.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "driver/Driver.h"
#include "contract/TraceVocabulary.h"
#include "support/Limits.h"

using namespace tilesched;
using Json = nlohmann::json;

namespace {

Json tracedDocument(const std::string &source) {
  DriverOptions opts;
  opts.emit = EmitKind::Json;
  opts.schedule.trace = true;
  opts.schedule.generator = ScheduleOptions::Generator::CostBased;
  DriverResult r = runDriver(source, opts);
  return Json::parse(r.out);
}

std::string slurp(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string example(const char *name) {
  return slurp(std::string(TILESCHED_SOURCE_DIR) + "/examples/" + name + ".mlir");
}

const char *const kExamples[] = {"seed-worked-example",
                                 "hopper-tma-wgmma-gemm",
                                 "blackwell-tcgen05-gemm",
                                 "attention-forward",
                                 "moe-gather",
                                 "constraint-quirks",
                                 "infeasible"};

// A loop where a max_depth op is pushed past its depth by resource pressure (G2), and where the
// ladder ends in iterative repair, whose RRT probe and dependence checks unseat ops.
const char *const kDepthLoop = R"(func.func @depth(%x: tensor<64x64xf16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.addf %x, %x {sched.footprint = [["tma"]], sched.latency = 2 : i32} : tensor<64x64xf16>
    %c = arith.mulf %a, %x {sched.footprint = [["tma"], ["tma"]], sched.latency = 1 : i32} : tensor<64x64xf16>
    %b = arith.addf %a, %x {sched.footprint = [["tma"]], sched.latency = 1 : i32, tileas.schedule.constraint.max_depth = 1 : i32} : tensor<64x64xf16>
    %e = arith.addf %x, %x {sched.footprint = [["alu"]], sched.latency = 3 : i32} : tensor<64x64xf16>
    %f = arith.addf %e, %x {sched.footprint = [["xu"]], sched.latency = 3 : i32} : tensor<64x64xf16>
    %g = arith.addf %f, %x {sched.footprint = [["lsu"]], sched.latency = 3 : i32} : tensor<64x64xf16>
    scf.yield
  }
  return
}
)";

// (row, resource) -> holders, as the trace replays it.
using Table = std::map<std::pair<int64_t, int>, std::multiset<int>>;

void apply(Table &t, const Json &units, int op, bool add) {
  for (const Json &u : units) {
    const std::pair<int64_t, int> cell{u[0].get<int64_t>(), u[1].get<int>()};
    if (add) {
      t[cell].insert(op);
      continue;
    }
    auto it = t.find(cell);
    REQUIRE(it != t.end());  // a removal takes a unit the table holds
    REQUIRE(it->second.count(op) > 0);
    it->second.erase(it->second.find(op));
    if (it->second.empty()) t.erase(it);
  }
}

// Steps one entry: its table changes, in the documented order (reset, then add or remove).
void step(Table &t, const Json &e) {
  if (e.value("rrt_reset", false)) t.clear();
  if (e.contains("rrt_add")) apply(t, e["rrt_add"], e["op"], true);
  if (e.contains("rrt_remove")) apply(t, e["rrt_remove"], e["op"], false);
}

Table fromRrt(const Json &rrt) {
  Table t;
  for (const Json &row : rrt["occupied"])
    for (const Json &cell : row["cells"])
      for (const Json &op : cell["ops"])
        t[{row["row"].get<int64_t>(), cell["resource"].get<int>()}].insert(op.get<int>());
  return t;
}

bool isVerdict(const std::string &outcome) {
  return outcome == "bump" || outcome == "dead" || outcome == "reorder" || outcome == "hold" || outcome == "evict";
}

}  // namespace

TEST_CASE("trace: every word is in the vocabulary") {
  auto names = [](const auto &table) {
    std::set<std::string> out;
    for (const auto &w : table) out.insert(w.name);
    return out;
  };
  const std::set<std::string> arms = names(kTraceArms), gates = names(kTraceGates), outcomes = names(kTraceOutcomes);
  for (const std::string &src : {example("attention-forward"), example("constraint-quirks"), std::string(kDepthLoop)}) {
    const Json doc = tracedDocument(src);  // held: a range-for over a member of a temporary reads freed memory
    for (const Json &b : doc["blocks"])
      for (const Json &e : b["trace"]) {
        CHECK(arms.count(e["arm"]));
        CHECK(gates.count(e["gate"]));
        CHECK(outcomes.count(e["outcome"]));
      }
  }
}

TEST_CASE("trace: every gate is seen rejecting, and every verdict names its gate and cycle") {
  std::set<std::string> rejecting;
  std::vector<std::string> sources;
  for (const char *name : kExamples) sources.push_back(example(name));
  sources.push_back(kDepthLoop);
  for (const std::string &src : sources) {
    const Json doc = tracedDocument(src);
    for (const Json &b : doc["blocks"]) {
      Table table;
      for (const Json &e : b["trace"]) {
        step(table, e);
        const std::string outcome = e["outcome"], gate = e["gate"];
        if (!isVerdict(outcome) && !(outcome == "reject" && gate != "-")) continue;
        INFO(e.dump());
        rejecting.insert(gate);
        CHECK(gate != "-");
        CHECK(e["op"].get<int>() >= 0);
        CHECK(e["cycle"].get<int>() >= 0);
        if (gate == "G1") CHECK(e["leader"].get<int>() >= 0);
        if (gate == "G2" || gate == "G4") CHECK(e["stage"].get<int>() >= 0);
        if (gate == "dependence") CHECK_FALSE(e["bounds"].empty());
        if (gate != "G3" && gate != "probe") continue;
        // A resource verdict: the conflicting cells are among the candidate's, and on the table
        // replayed to this step their holders are the ones named.
        REQUIRE_FALSE(e["conflicts"].empty());
        std::set<std::pair<int64_t, int>> cells;
        for (const Json &u : e["cells"]) cells.insert({u[0].get<int64_t>(), u[1].get<int>()});
        for (const Json &c : e["conflicts"]) {
          const std::pair<int64_t, int> cell{c["row"].get<int64_t>(), c["resource"].get<int>()};
          CHECK(cells.count(cell));
          if (outcome == "reject") continue;  // an arm's summary: its trial seats are undone by now
          const std::multiset<int> named(c["ops"].begin(), c["ops"].end());
          CHECK(table[cell] == named);
        }
      }
    }
  }
  CHECK(rejecting == std::set<std::string>{"G1", "G2", "G3", "G4", "probe", "dependence"});
}

TEST_CASE("trace: a verdict lists at most kMaxTraceCells cells and conflicts and counts the rest") {
  // Two dependent ops that hold the TMA unit 40 cycles each, then a long latency that puts the
  // serial II above the MII: seating %b a cycle after %a overfills 39 cells.
  std::string rows;
  for (int i = 0; i < 40; ++i) rows += std::string(i ? ", " : "") + "[\"tma\"]";
  const std::string loop =
      "func.func @long(%x: tensor<64x64xf16>, %n: index) {\n"
      "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
      "  scf.for %i = %c0 to %n step %c1 {\n"
      "    %a = arith.addf %x, %x {sched.footprint = [" +
      rows + "], sched.latency = 1 : i32} : tensor<64x64xf16>\n    %b = arith.mulf %a, %x {sched.footprint = [" + rows +
      "], sched.latency = 1 : i32} : tensor<64x64xf16>\n"
      "    %c = arith.addf %b, %x {sched.footprint = [[\"alu\"]], sched.latency = 50 : i32} : tensor<64x64xf16>\n"
      "    scf.yield\n  }\n  return\n}\n";
  const Json doc = tracedDocument(loop);
  bool capped = false;
  for (const Json &e : doc["blocks"][0]["trace"]) {
    if (!e.contains("conflicts")) continue;
    CHECK(e["conflicts"].size() <= kMaxTraceCells);
    CHECK(e["cells"].size() <= kMaxTraceCells);
    if (e.contains("conflicts_dropped")) {
      capped = true;
      CHECK(e["conflicts"].size() == kMaxTraceCells);
      CHECK(e["cells"].size() + e["cells_dropped"].get<size_t>() == 40);
    }
  }
  CHECK(capped);
}

TEST_CASE("trace: arm rejections carry the verdict that stopped them") {
  const Json doc = tracedDocument(kDepthLoop);
  bool found = false;
  for (const Json &e : doc["blocks"][0]["trace"])
    if (e["outcome"] == "reject" && e["arm"] == "permute" && e.value("trial", false) == false) {
      found = true;
      CHECK(e["gate"] == "G2");
      CHECK(e["op"] == 2);     // %b
      CHECK(e["cycle"] == 4);  // stage 1 at II 4: depth 2
      CHECK(e["stage"] == 1);
      CHECK(e["limit"] == 1);
      CHECK_THAT(e["reason"].get<std::string>(), Catch::EndsWith("no seat for %b: depth 2 exceeds max_depth 1"));
      break;
    }
  CHECK(found);
}

TEST_CASE("trace: the table changes replay to the document's rrt where the schedule was found") {
  for (const char *name : kExamples) {
    INFO(name);
    const Json doc = tracedDocument(example(name));
    for (const Json &b : doc["blocks"]) {
      if (!b.contains("rrt") || b["trace"].empty()) continue;
      // The final schedule is the one seated at the last rung that scheduled the block's II, or
      // the stage compaction's when it changed the schedule (its commits on a fresh table).
      Table table, atSchedule;
      bool scheduled = false;
      for (const Json &e : b["trace"]) {
        step(table, e);
        if ((e["arm"] == "ladder" && e["outcome"] == "scheduled" && e["ii"] == b["ii"]) ||
            (e["arm"] == "compaction" && e["outcome"] == "schedule")) {
          atSchedule = table;
          scheduled = true;
        }
      }
      if (!scheduled) continue;  // the serial fallback: no table
      CHECK(atSchedule == fromRrt(b["rrt"]));
    }
  }
}

TEST_CASE("trace: resource indices are into the block's rrt.resources, placed or not") {
  // Every index a trace entry writes names a slot or pool of the block's `rrt`, and a resource
  // verdict's cell, with the candidate's units, is over that resource's capacity (a slot: one). The examples' models
  // list resources their loops do not use, so an index into the model's list instead would name another resource or
  // none.
  for (const char *name : kExamples) {
    INFO(name);
    const Json doc = tracedDocument(example(name));
    for (const Json &b : doc["blocks"]) {
      REQUIRE(b.contains("rrt"));
      const Json &resources = b["rrt"]["resources"];
      auto named = [&](const Json &index) { return index.get<int>() >= 0 && index.get<size_t>() < resources.size(); };
      for (const Json &e : b["trace"]) {
        INFO(e.dump());
        for (const char *key : {"rrt_add", "rrt_remove", "cells"})
          if (e.contains(key))
            for (const Json &u : e[key]) CHECK(named(u[1]));
        if (!e.contains("conflicts")) continue;
        for (const Json &c : e["conflicts"]) {
          REQUIRE(named(c["resource"]));
          const Json &res = resources[c["resource"].get<int>()];
          const size_t capacity = res["kind"] == "pool" ? res["capacity"].get<size_t>() : 1;
          size_t wanted = 0;  // the candidate's units in the cell
          if (e.contains("cells"))
            for (const Json &u : e["cells"]) wanted += u[0] == c["row"] && u[1] == c["resource"];
          CHECK(c["ops"].size() + wanted > capacity);
        }
      }
    }
  }
}

TEST_CASE("trace: a dependence verdict names the bound and the edge") {
  const Json doc = tracedDocument(kDepthLoop);
  const Json &b = doc["blocks"][0];
  bool found = false;
  for (const Json &e : b["trace"]) {
    if (e["gate"] != "dependence" || e["outcome"] != "evict") continue;
    for (const Json &bound : e["bounds"]) {
      if (bound["edge"].get<int>() < 0) continue;
      found = true;
      const Json &edge = b["edges"][bound["edge"].get<int>()];
      // The seated op is the edge's other end, and the bound is its seat plus or minus the edge.
      const bool latest = bound["side"] == "latest";
      CHECK(bound["op"] == (latest ? edge["dst"] : edge["src"]));
      CHECK(e["op"] == (latest ? edge["src"] : edge["dst"]));
      if (latest) CHECK(e["cycle"].get<int>() > bound["cycle"].get<int>());
      else CHECK(e["cycle"].get<int>() < bound["cycle"].get<int>());
    }
  }
  CHECK(found);
}
