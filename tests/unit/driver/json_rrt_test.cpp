// The document's `rrt` (docs/json-document.md): occupied cells only, each footprint unit of each
// placed op exactly once at row (cycle + k) mod II, whatever the II.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#include "driver/Driver.h"

using namespace tilesched;
using Json = nlohmann::json;

namespace {

Json document(const std::string &source, const std::string &generator) {
  DriverOptions opts;
  opts.emit = EmitKind::Json;
  opts.schedule.generator =
      generator == "serial" ? ScheduleOptions::Generator::Serial : ScheduleOptions::Generator::CostBased;
  DriverResult r = runDriver(source, opts);
  INFO(r.out);
  REQUIRE(r.exitCode == 0);
  return Json::parse(r.out);
}

// (row, resource name, op) -> units, from the ops' own cycles and footprints.
using Units = std::map<std::tuple<int64_t, std::string, int>, int>;

Units fromOps(const Json &block) {
  Units units;
  const int64_t ii = block["ii"];
  for (const Json &op : block["ops"])
    for (size_t k = 0; k < op["footprint"].size(); ++k)
      for (const Json &name : op["footprint"][k])
        ++units[{(op["cycle"].get<int64_t>() + (int64_t)k) % ii, name, op["id"]}];
  return units;
}

Units fromRrt(const Json &block) {
  Units units;
  const Json &rrt = block["rrt"];
  int64_t previousRow = -1;
  for (const Json &row : rrt["occupied"]) {
    CHECK(row["row"].get<int64_t>() > previousRow);  // ascending, each row once
    previousRow = row["row"];
    CHECK(row["row"].get<int64_t>() < block["ii"].get<int64_t>());
    CHECK_FALSE(row["cells"].empty());
    for (const Json &cell : row["cells"]) {
      CHECK_FALSE(cell["ops"].empty());
      for (const Json &op : cell["ops"])
        ++units[{row["row"], rrt["resources"][cell["resource"].get<int>()]["name"], op}];
    }
  }
  return units;
}

std::string slurp(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("rrt: every footprint unit once, at row (cycle + k) mod II, on the examples") {
  for (const char *name : {"seed-worked-example", "hopper-tma-wgmma-gemm", "attention-forward", "moe-gather"}) {
    INFO(name);
    const Json doc = document(slurp(std::string(TILESCHED_SOURCE_DIR) + "/examples/" + name + ".mlir"), "cost-based");
    for (const Json &b : doc["blocks"]) {
      REQUIRE(b.contains("rrt"));
      CHECK(b["rrt"]["ii"] == b["ii"]);
      CHECK(fromRrt(b) == fromOps(b));
    }
  }
}

TEST_CASE("rrt: the size follows the footprints, not the II") {
  // Three TMA loads chained by 1 000 000-cycle dependences: serial II 2 000 0xx.
  const char *src = R"(func.func @f(%d: !nv_tileas.tma_desc<64xf16>, %n: index, %bar: !nv_tileas.mbarrier) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = nv_tileas.async.tiled_tma_load %d[%i], %bar : !nv_tileas.AsyncToken
    %b = nv_tileas.async.tiled_tma_load %d[%i], %bar {sched.deps = [["%a", 1000000, 0]]} : !nv_tileas.AsyncToken
    %c = nv_tileas.async.tiled_tma_load %d[%i], %bar {sched.deps = [["%b", 1000000, 0]]} : !nv_tileas.AsyncToken
    scf.yield
  }
  return
}
)";
  const Json doc = document(src, "serial");
  const Json &b = doc["blocks"][0];
  CHECK(b["ii"].get<int64_t>() > 2000000);
  size_t footprintRows = 0;
  for (const Json &op : b["ops"]) footprintRows += op["footprint"].size();
  CHECK(b["rrt"]["occupied"].size() == footprintRows);  // one row per footprint row, none empty
  CHECK(fromRrt(b) == fromOps(b));
}
