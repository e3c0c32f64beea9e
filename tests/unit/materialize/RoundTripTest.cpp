// schedule -> --emit=ir -> --check: every example and >= 1,000 random loops come back clean, with
// the same (stage, order, cycle) per op and the same II, and materializing the checked schedule
// prints the same text again.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "RandomModuloLoop.h"
#include "TestScale.h"
#include "driver/Driver.h"

using namespace tilesched;
using Json = nlohmann::json;

namespace {

std::string readFile(const std::filesystem::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

DriverOptions options(EmitKind emit, bool check, ScheduleOptions::Generator gen, const std::string &model) {
  DriverOptions o;
  o.emit = emit;
  o.check = check;
  o.schedule.generator = gen;
  o.modelName = model;
  return o;
}

// A key per op that survives the rebuild: its label, or for an op without results (labelled
// name@line, and the emitted IR moves lines) its name and rank among same-named ones by
// (stage, order).
std::vector<std::string> opKeys(const Json &block) {
  std::vector<std::string> keys;
  std::map<std::string, std::vector<std::pair<std::pair<int, int>, size_t>>> unnamed;
  for (size_t i = 0; i < block["ops"].size(); ++i) {
    const Json &op = block["ops"][i];
    keys.push_back(op["label"]);
    if (keys.back().find('@') != std::string::npos) unnamed[op["name"]].push_back({{op["stage"], op["order"]}, i});
  }
  for (auto &[name, ops] : unnamed) {
    std::sort(ops.begin(), ops.end());
    for (size_t k = 0; k < ops.size(); ++k) keys[ops[k].second] = name + "#" + std::to_string(k);
  }
  return keys;
}

// Per block: op key -> (stage, order, cycle), and the II.
std::map<std::string, std::map<std::string, std::tuple<int, int, int>>> schedules(const Json &doc,
                                                                                  std::map<std::string, int> &ii) {
  std::map<std::string, std::map<std::string, std::tuple<int, int, int>>> out;
  for (const Json &b : doc["blocks"]) {
    ii[b["name"]] = b["ii"];
    const std::vector<std::string> keys = opKeys(b);
    for (size_t i = 0; i < b["ops"].size(); ++i) {
      const Json &op = b["ops"][i];
      out[b["name"]][keys[i]] = {op["stage"], op["order"], op["cycle"]};
    }
  }
  return out;
}

// Pipe_/Mutex_ with op ids replaced by op keys: the rebuilt block renumbers the ops.
Json coordination(const Json &block) {
  const std::vector<std::string> keys = opKeys(block);
  auto label = [&](const Json &id) { return keys[id.get<size_t>()]; };
  Json out = Json::array();
  for (const char *kind : {"pipes", "mutexes"})
    for (Json v : block[kind]) {
      for (const char *list : {"producers", "consumers", "protects"})
        if (v.contains(list))
          for (Json &id : v[list]) id = label(id);
      v["owner"] = label(v["owner"]);
      out.push_back(v);
    }
  return out;
}

struct RoundTrip {
  bool scheduled = false;  // the first run scheduled every block (else nothing to check)
  std::string failure;     // empty when the round trip holds
  Json generated;          // the first run's JSON document
};

RoundTrip roundTrip(const std::string &src, ScheduleOptions::Generator gen, const std::string &model) {
  RoundTrip rt;
  DriverResult json = runDriver(src, options(EmitKind::Json, false, gen, model));
  Json first = Json::parse(json.out);
  if (json.exitCode != 0 || first["blocks"].empty()) return rt;
  for (const Json &b : first["blocks"])
    if (b["status"] != "scheduled") return rt;
  rt.scheduled = true;
  rt.generated = first;
  auto fail = [&](std::string why) {
    rt.failure = std::move(why);
    return rt;
  };
  DriverResult ir = runDriver(src, options(EmitKind::IR, false, gen, model));
  if (ir.exitCode != 0) return fail("--emit=ir exited " + std::to_string(ir.exitCode) + ":\n" + ir.err);

  DriverResult checked = runDriver(ir.out, options(EmitKind::Json, true, gen, model));
  Json second = Json::parse(checked.out);
  if (checked.exitCode != 0) return fail("--check exited " + std::to_string(checked.exitCode) + ":\n" + checked.out);
  for (const Json &b : second["blocks"]) {
    if (b["status"] != "checked" || !b["violations"].empty() || b["schedule_source"] != "pinned")
      return fail("block " + b["name"].get<std::string>() + " is " + b["status"].get<std::string>());
  }
  std::map<std::string, int> ii1, ii2;
  if (schedules(first, ii1) != schedules(second, ii2) || ii1 != ii2)
    return fail("the checked schedule differs from the generated one");
  if (first["blocks"].size() == second["blocks"].size())
    for (size_t i = 0; i < first["blocks"].size(); ++i)
      if (coordination(first["blocks"][i]) != coordination(second["blocks"][i]))
        return fail("the checked schedule materializes other Pipe_/Mutex_ values");

  DriverResult again = runDriver(ir.out, options(EmitKind::IR, true, gen, model));
  if (again.out != ir.out) return fail("materializing the checked schedule prints different text:\n" + again.out);
  return rt;
}

// A random loop as a snippet: ops over built-in slot and pool names, data and token operands,
// iter_args (distance 1, and 2 through a pass-through yield), sched.deps with distances 0-2, and
// now and then a force-serial op.
std::string randomLoop(uint64_t seed) {
  test::SplitMix rng(seed * 0x9E3779B97F4A7C15ull + 7);
  static const char *names[] = {"tma", "tp_smem_wr", "tp_smem_rd", "tc_and_mma", "alu_issue", "tmem_banks"};
  const int n = rng.between(2, 10);
  std::ostringstream s;
  s << "func.func @r(%d: index, %n: index, %x0: tensor<4xf32>, %y0: tensor<4xf32>, %h: !nv_tileas.AsyncToken) {\n"
       "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
       "  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a0 = %x0, %a1 = %y0) -> (tensor<4xf32>, tensor<4xf32>) {\n";
  std::vector<bool> token(n);
  std::vector<std::vector<int>> reads(n);
  for (int i = 0; i < n; ++i) {
    token[i] = rng.chance(0.35);
    std::vector<std::string> operands;
    const int uses = rng.between(0, 2);
    for (int u = 0; u < uses; ++u) {
      int pick = rng.below(i + 3);
      if (pick < i) {
        operands.push_back("%v" + std::to_string(pick));
        reads[i].push_back(pick);
      } else if (pick == i) {
        operands.push_back(rng.chance(0.5) ? "%a0" : "%a1");
      } else {
        operands.push_back(rng.chance(0.5) ? "%h" : "%d");
      }
    }
    std::string fp = "[";
    const int rows = rng.between(0, 3);
    for (int k = 0; k < rows; ++k) {
      fp += k ? ", [" : "[";
      bool any = false;
      for (const char *name : names)
        if (rng.chance(0.2)) {
          fp += std::string(any ? ", " : "") + "\"" + name + "\"";
          any = true;
        }
      fp += "]";
    }
    fp += "]";
    std::string deps;
    const int ndeps = rng.chance(0.3) ? rng.between(1, 2) : 0;
    for (int k = 0; k < ndeps; ++k) {
      int src = rng.below(n);
      int distance = rng.between(0, 2);
      if (src >= i) distance = std::max(distance, 1);                                        // no distance-0 cycle
      if (std::find(reads[i].begin(), reads[i].end(), src) != reads[i].end()) distance = 0;  // agrees with the SSA use
      deps += std::string(deps.empty() ? "" : ", ") + "[\"@o" + std::to_string(src) + "\", " +
              std::to_string(rng.between(0, 4)) + ", " + std::to_string(distance) + "]";
    }
    s << "    %v" << i << " = test.op" << i;
    for (size_t k = 0; k < operands.size(); ++k) s << (k ? ", " : " ") << operands[k];
    s << " {sched.latency = " << rng.between(0, 6) << " : i32, sched.footprint = " << fp << ", sched.label = \"o" << i
      << "\"" << (deps.empty() ? "" : ", sched.deps = [" + deps + "]")
      << (rng.chance(0.1) ? ", tileas.schedule.constraint.force_serial_execution" : "")
      << "} : " << (token[i] ? "!nv_tileas.AsyncToken" : "tensor<4xf32>") << "\n";
  }
  // yield: a tensor value for %a0, and %a0 itself (distance 2) or another value for %a1.
  int tensorValue = -1;
  for (int i = n - 1; i >= 0 && tensorValue < 0; --i)
    if (!token[i]) tensorValue = i;
  std::string y0 = tensorValue >= 0 ? "%v" + std::to_string(tensorValue) : "%x0";
  std::string y1 = rng.chance(0.5) ? "%a0" : y0;
  s << "    scf.yield " << y0 << ", " << y1 << " : tensor<4xf32>, tensor<4xf32>\n  }\n  return\n}\n";
  return s.str();
}

}  // namespace

TEST_CASE("every example round-trips through --emit=ir and --check") {
  int tried = 0;
  for (const auto &entry : std::filesystem::directory_iterator(std::string(TILESCHED_SOURCE_DIR) + "/examples")) {
    if (entry.path().extension() != ".mlir") continue;
    const std::string src = readFile(entry.path());
    const std::string model =
        entry.path().filename().string().find("hopper") != std::string::npos ? "hopper" : "blackwell";
    for (auto gen : {ScheduleOptions::Generator::Auto, ScheduleOptions::Generator::Serial,
                     ScheduleOptions::Generator::CostBased}) {
      INFO(entry.path().filename().string() << " generator " << static_cast<int>(gen));
      RoundTrip rt = roundTrip(src, gen, model);
      CHECK(rt.failure == "");
      tried += rt.scheduled;
    }
  }
  CHECK(tried >= 15);  // the broken and infeasible examples have nothing to round-trip
}

TEST_CASE("1,000 random loops round-trip through --emit=ir and --check") {
  int scheduled = 0, failures = 0;
  // What the corpus exercised: a Pipe_ across a stage boundary, a consumer-only Pipe_, a Pipe_
  // with several consumers, a Mutex_ from sched.deps and one from force_serial_execution.
  int crossing = 0, fallback = 0, shared = 0, depsMutex = 0, serialMutex = 0;
  const int loops = test::scaledCases(1000);
  for (uint64_t seed = 1; scheduled < loops && seed <= 3u * loops; ++seed) {
    const std::string src = randomLoop(seed);
    auto gen = seed % 2 ? ScheduleOptions::Generator::CostBased : ScheduleOptions::Generator::Serial;
    RoundTrip rt = roundTrip(src, gen, "blackwell");
    if (!rt.failure.empty() && failures++ < 5) {
      INFO("seed " << seed << "\n" << src);
      CHECK(rt.failure == "");
    }
    scheduled += rt.scheduled;
    if (!rt.scheduled) continue;
    for (const Json &b : rt.generated["blocks"]) {
      for (const Json &p : b["pipes"]) {
        crossing += p["stages_crossed"].get<int>() >= 1 && b["stage_count"].get<int>() > 1 && p["producers"].size() > 0;
        fallback += p["trivial_fallback"].get<bool>();
        shared += p["consumers"].size() > 1;
      }
      for (const Json &m : b["mutexes"])
        for (const Json &why : m["reasons"]) {
          depsMutex += why.get<std::string>().rfind("sched.deps", 0) == 0;
          serialMutex += why.get<std::string>().rfind("force_serial", 0) == 0;
        }
    }
  }
  CHECK(failures == 0);
  CHECK(scheduled >= loops);
  INFO("crossing " << crossing << ", fallback " << fallback << ", shared " << shared << ", sched.deps mutexes "
                   << depsMutex << ", force-serial mutexes " << serialMutex);
  CHECK(crossing >= loops / 10);
  CHECK(fallback >= loops / 10);
  CHECK(shared >= loops / 10);
  CHECK(depsMutex >= loops / 10);
  CHECK(serialMutex >= loops / 10);
}
