// The driver's first step (driver/InputChunks.h): chunks share the run's target model, or the
// built-in model of their IR target; only a chunk whose module has sched.pools gets a copy of
// its own (100 000 `// -----` chunks once copied the model 100 000 times: 10 GB).
#include <catch2/catch.hpp>

#include "driver/InputChunks.h"

using namespace tilesched;

TEST_CASE("input chunks share the run's model, sched.pools gets its own copy", "[driver][chunks]") {
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

TEST_CASE("each chunk's model follows its IR target unless --model names one", "[driver][chunks]") {
  const std::string loop = "  func.func @f(%x: f32) {\n    %a = arith.addf %x, %x : f32\n    return\n  }\n";
  const std::string text = "module attributes {ttg.target = \"cuda:90\"} {\n" + loop + "}\n// -----\n" + loop +
                           "// -----\nmodule attributes {ttg.target = \"cuda:80\"} {\n" + loop + "}\n";
  const std::shared_ptr<const TargetModel> blackwell = builtinTargetModel("blackwell");
  DiagnosticEngine diags;
  const std::vector<ChunkResult> chunks = readChunks(text, blackwell, /*chosen=*/false, diags);
  REQUIRE(chunks.size() == 3);
  CHECK(chunks[0].model == builtinTargetModel("hopper"));  // the shared built-in, not a copy
  CHECK(chunks[0].modelChoice.source == ModelChoice::Source::IRTarget);
  CHECK(modelChoiceWords(chunks[0]) == "Hopper (sm_90), from the IR's target cuda:90");
  CHECK(targetWords(chunks[0]) == "cuda:90");
  CHECK(chunks[1].model == blackwell);
  CHECK(chunks[1].modelChoice.source == ModelChoice::Source::Default);
  CHECK_FALSE(chunks[1].modelChoice.target);
  CHECK(targetWords(chunks[1]) == "Blackwell (sm_100), model 'blackwell'");
  CHECK(chunks[2].model == blackwell);
  CHECK(chunks[2].modelChoice.source == ModelChoice::Source::Default);
  REQUIRE(diags.all().size() == 1);  // cuda:80 has no built-in model
  CHECK(diags.all()[0].severity == Severity::Warning);
  CHECK(diags.all()[0].range.begin.line == 13);

  DiagnosticEngine chosenDiags;
  const std::vector<ChunkResult> chosen = readChunks(text, blackwell, /*chosen=*/true, chosenDiags);
  for (const ChunkResult &c : chosen) {
    CHECK(c.model == blackwell);
    CHECK(c.modelChoice.source == ModelChoice::Source::Option);
  }
  CHECK(modelChoiceWords(chosen[0]) == "Blackwell (sm_100), as --model asks (the IR targets cuda:90)");
  CHECK(chosenDiags.all().size() == 2);  // cuda:90 and cuda:80 disagree with --model=blackwell

  // A model file of its own name may be made for the target: no mismatch to report.
  DiagnosticEngine md, fileDiags;
  auto mine = parseTargetModel(R"({"name": "mine"})", md);
  REQUIRE(mine);
  readChunks(text, std::make_shared<const TargetModel>(*mine), /*chosen=*/true, fileDiags);
  CHECK(fileDiags.all().empty());
}
