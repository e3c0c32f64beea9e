// The driver's first step (driver/InputChunks.h): chunks share the run's target model; only a
// chunk whose module has sched.pools gets a copy of its own (100 000 `// -----` chunks once
// copied the model 100 000 times: 10 GB).
#include <catch2/catch.hpp>

#include "driver/InputChunks.h"

using namespace tilesched;

TEST_CASE("input chunks share the run's model; sched.pools gets its own copy", "[driver][chunks]") {
  const std::string loop = "func.func @f(%x: f32) {\n  %a = arith.addf %x, %x : f32\n  return\n}\n";
  const std::string text =
      loop + "// -----\nmodule attributes {sched.pools = {extra_pool = 3 : i32}} {\n" + loop + "}\n// -----\n" + loop;
  const std::shared_ptr<const TargetModel> model = builtinTargetModel("blackwell");
  REQUIRE(model);
  DiagnosticEngine diags;
  const std::vector<ChunkResult> chunks = readChunks(text, model, /*chosen=*/false, diags);
  REQUIRE(chunks.size() == 3);
  CHECK(diags.errorCount() == 0);
  CHECK(chunks[0].model == model);  // the run's model itself, not a copy per run or per chunk
  CHECK(chunks[2].model == model);
  CHECK(builtinTargetModel("blackwell") == model);  // parsed once per process
  CHECK(chunks[0].model->resourceIndex("extra_pool") < 0);
  REQUIRE(chunks[1].model != chunks[0].model);
  const int pool = chunks[1].model->resourceIndex("extra_pool");
  REQUIRE(pool >= 0);
  CHECK(chunks[1].model->resources[static_cast<size_t>(pool)].capacity == 3);
  CHECK(model->resourceIndex("extra_pool") < 0);  // the run's model is untouched
}
