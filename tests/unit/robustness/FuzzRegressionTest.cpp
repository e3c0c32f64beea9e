// Every input a fuzzer ever failed on is committed under tests/fuzz-regressions/<target>/
// (docs/fuzzing.md) and replayed here, with the fuzzers' seed corpus (examples/*.mlir,
// tests/golden/**/*.mlir), through the very properties the fuzzers check: each input through
// both the parser round trip and the whole pipeline, whichever target found it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "FuzzProperties.h"

using namespace tilesched;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> filesUnder(const fs::path &dir, const std::string &extension) {
  std::vector<fs::path> files;
  if (!fs::exists(dir)) return files;
  for (const fs::directory_entry &e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && (extension.empty() || e.path().extension() == extension)) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string readBytes(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void replay(const std::vector<fs::path> &inputs) {
  for (const fs::path &p : inputs) {
    INFO("input: " << p.string());
    const std::string bytes = readBytes(p);
    CHECK(fuzz::parserViolation(bytes) == "");
    CHECK(fuzz::pipelineViolation(bytes) == "");
  }
}

const fs::path kSource = TILESCHED_SOURCE_DIR;

}  // namespace

TEST_CASE("fuzz regressions: every committed crash input keeps the parser and pipeline properties", "[fuzz]") {
  std::vector<fs::path> inputs;
  for (const char *target : {"fuzz_parser", "fuzz_pipeline"})
    for (const fs::path &p : filesUnder(kSource / "tests" / "fuzz-regressions" / target, "")) inputs.push_back(p);
  replay(inputs);
}

TEST_CASE("fuzz regressions: the seed corpus keeps the parser and pipeline properties", "[fuzz]") {
  std::vector<fs::path> seeds = filesUnder(kSource / "examples", ".mlir");
  for (const fs::path &p : filesUnder(kSource / "tests" / "golden", ".mlir")) seeds.push_back(p);
  REQUIRE(seeds.size() >= 10);
  replay(seeds);
}

// The targets with inputs of their own shape: each regression input through its own property.
TEST_CASE("fuzz regressions: the importer, model and command-line inputs keep their properties", "[fuzz]") {
  const std::pair<const char *, std::string (*)(std::string_view)> targets[] = {
      {"fuzz_import", fuzz::importViolation}, {"fuzz_model", fuzz::modelViolation}, {"fuzz_cli", fuzz::cliViolation}};
  size_t replayed = 0;
  for (const auto &[target, violation] : targets)
    for (const fs::path &p : filesUnder(kSource / "tests" / "fuzz-regressions" / target, "")) {
      INFO("input: " << p.string());
      CHECK(violation(readBytes(p)) == "");
      ++replayed;
    }
  CHECK(replayed >= 3);
}
