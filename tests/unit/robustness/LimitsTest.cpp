// Every resource limit of docs/decisions.md ("Limits") ends in a diagnostic a person can act on,
// seen through runDriver as the CLI, the wasm module and the playground see it.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

#include "driver/Driver.h"
#include "ir/Parser.h"

using namespace tilesched;
using Json = nlohmann::json;

namespace {

Json runJson(const std::string &src, DriverOptions opts = {}) {
  opts.emit = EmitKind::Json;
  DriverResult r = runDriver(src, opts);
  Json doc = Json::parse(r.out);
  doc["exit"] = r.exitCode;
  return doc;
}

// The first error diagnostic whose message contains `needle` (null when none).
Json errorWith(const Json &doc, const std::string &needle) {
  for (const Json &d : doc["diagnostics"])
    if (d["severity"] == "error" && d["message"].get<std::string>().find(needle) != std::string::npos) return d;
  return nullptr;
}

std::string repeat(const std::string &s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

// `loads` TMA loads behind a carried value, in one scf.for at line 4: the cost-based generator,
// a lower bound above 1 and a trace of a few dozen entries. Past 32 loads the exact search
// (StrategyLadder's exactOpLimit) stays out, so the work budget decides.
std::string loop(int loads) {
  std::string s =
      "func.func @f(%d: !nv_tileas.tma_desc<128x64xf16>, %n: index, %x: index) {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %c1 = arith.constant 1 : index\n"
      "  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %x) -> (index) {\n";
  std::string uses;
  for (int i = 0; i < loads; ++i) {
    s += "    %l" + std::to_string(i) + " = nv_tileas.async.tiled_tma_load %d, " + (i ? "%k" : "%acc") +
         " : tensor<128x64xf16>\n";
    uses += "%l" + std::to_string(i) + ", ";
  }
  return s + "    %s = x.sum " + uses + "%acc : index\n    scf.yield %s : index\n  }\n  return\n}\n";
}
const std::string kLoop = loop(7);
const std::string kWideLoop = loop(40);

}  // namespace

TEST_CASE("limits: an input over ParseLimits::maxInputBytes is one error at 1:1", "[limits]") {
  const size_t limit = ParseLimits{}.maxInputBytes;
  Json doc = runJson(std::string(limit + 1, ' '));
  CHECK(doc["exit"] == 2);
  REQUIRE(doc["diagnostics"].size() == 1);
  const Json &d = doc["diagnostics"][0];
  CHECK(d["line"] == 1);
  CHECK(d["col"] == 1);
  CHECK(d["message"] == "input is " + std::to_string(limit + 1) + " bytes; the limit is " + std::to_string(limit) +
                            " bytes (ParseLimits::maxInputBytes)");
}

TEST_CASE("limits: nesting past ParseLimits::maxNestingDepth is located at the bracket that passes it", "[limits]") {
  const int depth = ParseLimits{}.maxNestingDepth;
  for (const std::string &open : {std::string("["), std::string("(")}) {
    const std::string close = open == "[" ? "]" : ")";
    // An attribute array, then a type: both bracket kinds count.
    const std::string src =
        open == "[" ? "\"x.op\"() {a = " + repeat("[", depth + 10) + repeat("]", depth + 10) + "} : () -> ()\n"
                    : "\"x.op\"() : () -> " + repeat("(", depth + 10) + "i32" + repeat(")", depth + 10) + "\n";
    INFO(src);
    Json doc = runJson(src);
    CHECK(doc["exit"] == 2);
    Json d = errorWith(doc, "nesting is deeper than " + std::to_string(depth) + " levels");
    REQUIRE(d != nullptr);
    CHECK(d["line"] == 1);
    CHECK(d["col"].get<int>() > 1);
    CHECK(src.substr(d["col"].get<int>() - 1, 1) == open);  // points into the brackets, not at the op
  }
}

TEST_CASE("limits: more than ParseLimits::maxOperations ops is an error at the first op too many", "[limits]") {
  const size_t limit = ParseLimits{}.maxOperations;
  Json doc = runJson(repeat("x.op\n", limit + 1));
  CHECK(doc["exit"] == 2);
  Json d = errorWith(doc, "more than " + std::to_string(limit) + " operations");
  REQUIRE(d != nullptr);
  CHECK(d["line"] == static_cast<int>(limit + 1));
  CHECK(d["col"] == 1);
}

TEST_CASE("limits: a trace past ScheduleOptions::traceLimit keeps a prefix and counts the rest", "[limits]") {
  DriverOptions opts;
  opts.schedule.trace = true;
  Json full = runJson(kLoop, opts);
  REQUIRE(full["blocks"].size() == 1);
  const size_t entries = full["blocks"][0]["trace"].size();
  REQUIRE(entries > 8);
  CHECK(full["blocks"][0]["trace_dropped"] == 0);

  opts.schedule.traceLimit = 5;
  Json cut = runJson(kLoop, opts);
  const Json &b = cut["blocks"][0];
  REQUIRE(b["trace"].size() == 5);
  const size_t dropped = b["trace_dropped"];
  CHECK(dropped > 0);
  // The same prefix, trial entries aside: how many of those are kept depends on the limit (they
  // may start only in its first half).
  auto real = [](const Json &trace) {
    std::vector<Json> out;
    for (Json e : trace)
      if (!e.value("trial", false)) {
        e.erase("step");
        out.push_back(e);
      }
    return out;
  };
  const std::vector<Json> kept = real(b["trace"]), all = real(full["blocks"][0]["trace"]);
  REQUIRE(kept.size() <= all.size());
  for (size_t i = 0; i < kept.size(); ++i) CHECK(kept[i] == all[i]);
  CHECK(cut["blocks"][0]["ii"] == full["blocks"][0]["ii"]);  // the limit never changes the schedule
  bool noted = false;
  for (const Json &d : cut["diagnostics"])
    noted |=
        d["severity"] == "note" && d["line"] == 4 &&
        d["message"] == "the trace keeps its first 5 entries; " + std::to_string(dropped) +
                            " later ones were dropped (trace limit: 5 entries per run, 200000 listed units per run)";
  CHECK(noted);
}

TEST_CASE("limits: the trace limit is one budget for the whole run, not one per block", "[limits]") {
  DriverOptions opts;
  opts.schedule.trace = true;
  std::string second = kLoop;
  second.replace(second.find("@f("), 3, "@g(");
  const std::string two = kLoop + second;
  Json full = runJson(two, opts);
  REQUIRE(full["blocks"].size() == 2);
  const size_t first = full["blocks"][0]["trace"].size();
  REQUIRE(first > 8);
  const size_t limit = first + 3;
  opts.schedule.traceLimit = limit;
  Json cut = runJson(two, opts);
  // The first block fits (a limit only ever keeps fewer trial entries); the second gets what it
  // left, and is traced exactly as that loop alone under that smaller limit.
  const size_t kept = cut["blocks"][0]["trace"].size();
  CHECK(kept <= first);
  CHECK(cut["blocks"][0]["trace_dropped"] == 0);
  REQUIRE(limit - kept < full["blocks"][1]["trace"].size());  // less than the second block alone takes
  opts.schedule.traceLimit = limit - kept;
  Json alone = runJson(second, opts);
  CHECK(cut["blocks"][1]["trace"] == alone["blocks"][0]["trace"]);
  CHECK(cut["blocks"][1]["trace_dropped"] == alone["blocks"][0]["trace_dropped"]);
  CHECK(kept + cut["blocks"][1]["trace"].size() <= limit);
}

TEST_CASE("limits: an II cap below the lower bound names both in the block's error", "[limits]") {
  DriverOptions opts;
  opts.schedule.iiCap = 1;
  Json doc = runJson(kLoop, opts);
  CHECK(doc["exit"] == 1);
  REQUIRE(doc["blocks"].size() == 1);
  CHECK(doc["blocks"][0]["status"] == "failed");
  Json d = errorWith(doc, "the II cap 1 is below the lower bound");
  REQUIRE(d != nullptr);
  CHECK(d["line"] == 4);  // the scf.for
}

TEST_CASE("limits: a spent work budget falls back to serial execution with a warning", "[limits]") {
  DriverOptions opts;
  opts.schedule.generator = ScheduleOptions::Generator::CostBased;
  opts.unlimitedSmem = true;  // 40 tiles of 16 KiB are over the SMEM budget; this is about the work budget
  Json free = runJson(kWideLoop, opts);
  REQUIRE(free["blocks"][0]["status"] == "scheduled");
  CHECK(free["blocks"][0]["refinement"]["budget_exceeded"] == false);

  opts.schedule.workBudget = 3;
  opts.schedule.proofBudget = 0;  // no exact search after the heuristics: the budget's own fallback
  Json cut = runJson(kWideLoop, opts);
  CHECK(cut["exit"] == 0);
  const Json &b = cut["blocks"][0];
  REQUIRE(b["status"] == "scheduled");
  CHECK(b["refinement"]["budget_exceeded"] == true);
  CHECK(b["ii"].get<int>() >= free["blocks"][0]["ii"].get<int>());
  bool warned = false;
  for (const Json &d : cut["diagnostics"])
    warned |= d["severity"] == "warning" && d["line"] == 4 &&
              d["message"].get<std::string>().rfind(
                  "the work budget (--work-budget=3 seat probes) ran out before the II search finished; "
                  "falling back to serial execution at II ",
                  0) == 0;
  CHECK(warned);
  CHECK(runJson(kWideLoop, opts) == cut);  // a count of probes, not time: the same bytes every run
}

TEST_CASE("limits: a spent work budget below the serial II is the block's error", "[limits]") {
  DriverOptions opts;
  opts.schedule.generator = ScheduleOptions::Generator::CostBased;
  opts.schedule.workBudget = 3;
  const int lower = runJson(kWideLoop, opts)["blocks"][0]["mii"]["lower_bound"];
  opts.schedule.iiCap = lower;  // below the serial II: no fallback
  Json doc = runJson(kWideLoop, opts);
  CHECK(doc["exit"] == 1);
  CHECK(doc["blocks"][0]["status"] == "failed");
  Json d = errorWith(doc,
                     "the work budget (--work-budget=3 seat probes) ran out after 1 round(s), before any II "
                     "up to the cap " +
                         std::to_string(lower) + " was scheduled");
  REQUIRE(d != nullptr);
  CHECK(d["line"] == 4);
}

namespace {

// A chain of `n` ops in one scf.for, each `latency` cycles after the previous (sched.deps), or
// through its operand with the model's latency when `latency` is 0.
std::string chain(int n, int latency, const std::string &op = "arith.addf") {
  std::string s =
      "func.func @f(%n: index, %x: f32) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
      "  scf.for %i = %c0 to %n step %c1 {\n";
  std::string prev = "%x";
  for (int k = 0; k < n; ++k) {
    const std::string deps =
        latency && k ? " {sched.deps = [[\"" + prev + "\", " + std::to_string(latency) + ", 0]]}" : "";
    s += "    %v" + std::to_string(k) + " = " + op + " " + prev + ", " + prev + deps + " : f32\n";
    prev = "%v" + std::to_string(k);
  }
  return s + "    scf.yield\n  }\n  return\n}\n";
}

}  // namespace

TEST_CASE("limits: a schedule past the cycle limit fails its block, naming the limit", "[limits]") {
  // 1 075 ops 1 000 000 cycles apart need 1 074 000 004 cycles: past 2^30. Cycles once
  // saturated at 2^30 (cost-based) or wrapped past 2^31 (serial) and the checker rejected the
  // schedule as an internal error.
  for (auto generator : {ScheduleOptions::Generator::CostBased, ScheduleOptions::Generator::Serial}) {
    DriverOptions opts;
    opts.schedule.generator = generator;
    Json doc = runJson(chain(1075, 1000000), opts);
    INFO(doc.dump().substr(0, 2000));
    CHECK(doc["exit"] == 1);
    CHECK(doc["blocks"][0]["status"] == "failed");
    const Json e = errorWith(doc, "beyond the cycle limit of 1073741824");
    REQUIRE(e != nullptr);
    CHECK(e["message"].get<std::string>().find("one iteration needs at least 1074000004 cycles") != std::string::npos);
    CHECK(errorWith(doc, "internal error") == nullptr);
  }
  // Just inside the limit the serial generator schedules it (II 1 072 000 004); the cost-based
  // one places it too (its 3 718-deep pipes then exceed the materialization's ring limit).
  for (auto generator : {ScheduleOptions::Generator::CostBased, ScheduleOptions::Generator::Serial}) {
    DriverOptions opts;
    opts.schedule.generator = generator;
    Json doc = runJson(chain(1073, 1000000), opts);
    CHECK(errorWith(doc, "cycle limit") == nullptr);
    CHECK(errorWith(doc, "internal error") == nullptr);
    if (generator == ScheduleOptions::Generator::Serial) {
      CHECK(doc["exit"] == 0);
      CHECK(doc["blocks"][0]["ii"] == 1072000004);
    }
  }
}

TEST_CASE("limits: the pipeline description does not grow with the stage count", "[limits]") {
  // A 300-op chain of unknown ops (latency 1, no footprint) at II 1: 300 stages. The stages of
  // every peeled step once printed 151 MB for 5 000 stages; only the counts are written now.
  DriverOptions opts;
  opts.emit = EmitKind::IR;
  opts.schedule.generator = ScheduleOptions::Generator::CostBased;
  DriverResult r = runDriver(chain(300, 0, "test.add"), opts);
  REQUIRE(r.exitCode == 0);
  CHECK(r.out.find("nv_tile.aws.stage_count = 300 : i32, nv_tile.aws.pipeline = {prologue_steps = 299 : i32, "
                   "kernel_trip_count = \"N-299\", epilogue_steps = 299 : i32}") != std::string::npos);
}
