// Every op of the dialects tilesched reads is modelled by both built-in models, or deliberately
// not (tests/unit/target/dialect-ops.txt lists them, with the .td files they come from): a new
// Triton or CUDA Tile op added to the list without a model entry fails here, as does an op that
// a target lacks but whose entry does not say so.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "ir/OpKinds.h"
#include "target/TargetModel.h"

using namespace tilesched;

namespace {

struct ListedOp {
  std::string name, kind;
  bool sm100 = false;  // only Blackwell has it
  int line = 0;
};

std::vector<ListedOp> listedOps() {
  std::ifstream in(std::string(TILESCHED_SOURCE_DIR) + "/tests/unit/target/dialect-ops.txt");
  std::vector<ListedOp> ops;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    ListedOp op;
    op.line = n;
    words >> op.name >> op.kind;
    std::string target;
    if (op.kind == "op" && (words >> target)) op.sm100 = target == "sm_100";
    ops.push_back(op);
  }
  return ops;
}

}  // namespace

TEST_CASE("dialect ops: the list covers every dialect it names") {
  std::vector<ListedOp> ops = listedOps();
  REQUIRE(ops.size() > 300);
  auto count = [&](const std::string &prefix) {
    return std::count_if(ops.begin(), ops.end(), [&](const ListedOp &o) { return o.name.rfind(prefix, 0) == 0; });
  };
  CHECK(count("cuda_tile.") == 100);  // every `def CudaTile_*Op` of cuda-tile's Ops.td
  CHECK(count("tt.") >= 50);
  CHECK(count("ttg.") >= 35);
  CHECK(count("ttng.") >= 45);
  CHECK(count("triton_gpu.") >= 10);
  CHECK(count("triton_nvidia_gpu.") >= 12);
  for (const ListedOp &o : ops) {
    INFO("line " << o.line << ": " << o.name << " " << o.kind);
    CHECK((o.kind == "op" || o.kind == "loop" || o.kind == "structural" || o.kind == "unmodelled"));
  }
}

TEST_CASE("dialect ops: each is modelled by both built-in models, or says why not") {
  auto blackwell = builtinTargetModel("blackwell"), hopper = builtinTargetModel("hopper");
  REQUIRE(blackwell);
  REQUIRE(hopper);
  for (const ListedOp &o : listedOps()) {
    INFO("dialect-ops.txt line " << o.line << ": " << o.name << " " << o.kind);
    const OpModel *b = blackwell->lookup(o.name), *h = hopper->lookup(o.name);
    if (o.kind == "op") {
      REQUIRE(b != nullptr);
      REQUIRE(h != nullptr);
      CHECK(b->unsupported.empty());
      // A Blackwell-only op is on Hopper's table too, marked unsupported, with the reason.
      CHECK(h->unsupported.empty() != o.sm100);
    } else if (o.kind == "loop") {
      CHECK(loopKindOf(o.name) != nullptr);
    } else if (o.kind == "structural") {
      CHECK((isModuleOpName(o.name) || isFunctionOpName(o.name) || isTerminatorOpName(o.name)));
    } else {
      CHECK(b == nullptr);
      CHECK(h == nullptr);
    }
  }
}

TEST_CASE("dialect ops: every unsupported entry is a listed Blackwell-only op") {
  std::vector<ListedOp> ops = listedOps();
  auto hopper = builtinTargetModel("hopper");
  REQUIRE(hopper);
  for (const OpModel &m : hopper->ops) {
    if (m.unsupported.empty()) continue;
    INFO(m.pattern);
    auto it = std::find_if(ops.begin(), ops.end(), [&](const ListedOp &o) { return o.name == m.pattern; });
    REQUIRE(it != ops.end());
    CHECK(it->sm100);
  }
}

TEST_CASE("dialect ops: docs/target-model.md gives each dialect op its cost and reason") {
  std::ifstream in(std::string(TILESCHED_SOURCE_DIR) + "/docs/target-model.md");
  std::stringstream doc;
  doc << in.rdbuf();
  const std::string text = doc.str();
  REQUIRE_FALSE(text.empty());
  for (const ListedOp &o : listedOps()) {
    if (o.kind != "op" || o.name.rfind("nv_tileas.", 0) == 0) continue;  // nv_tileas: the model tables
    INFO("dialect-ops.txt line " << o.line << ": " << o.name);
    CHECK(text.find("`" + o.name + "`") != std::string::npos);
  }
}
