// The op-kind table's loop containment and Triton roles (ir/OpKinds.h): defined once, read by the
// block collector (graph/) and by Triton's pipeliner rules (frontend/triton/).
#include <catch2/catch.hpp>

#include "IRTestUtil.h"
#include "ir/OpKinds.h"

using namespace tilesched;

namespace {

const Operation &functionOf(const Module &m) { return *m.operations.front(); }

}  // namespace

TEST_CASE("op kinds: an scf.while is a loop of LoopSet::Any only", "[ir][opkinds]") {
  auto r = irtest::parse(R"(
func.func @f(%x: i32, %n: i32) {
  %w = scf.while (%k = %x) : (i32) -> i32 {
    %more = arith.cmpi slt, %k, %n : i32
    scf.condition(%more) %k : i32
  } do {
  ^bb0(%m: i32):
    scf.yield %m : i32
  }
  func.return
}
)");
  REQUIRE(r->errors().empty());
  const Operation &f = functionOf(*r->module);
  CHECK(holdsLoop(f, LoopSet::Any));
  CHECK_FALSE(holdsLoop(f, LoopSet::Pipelined));
  const Operation &w = *f.regions[0]->blocks[0]->operations.front();
  CHECK(isLoopOp(w, LoopSet::Any));
  CHECK_FALSE(isLoopOp(w, LoopSet::Pipelined));
}

TEST_CASE("op kinds: a nested scf.for is held at any depth, by both sets", "[ir][opkinds]") {
  auto r = irtest::parse(R"(
func.func @f(%lb: index, %ub: index, %st: index, %c: i1) {
  scf.if %c {
    scf.for %i = %lb to %ub step %st {
      %y = arith.addi %i, %i : index
    }
  }
  func.return
}
)");
  REQUIRE(r->errors().empty());
  const Operation &f = functionOf(*r->module);
  CHECK(holdsLoop(f, LoopSet::Pipelined));
  CHECK(holdsLoop(f, LoopSet::Any));
  const Operation &branch = *f.regions[0]->blocks[0]->operations.front();
  CHECK_FALSE(isLoopOp(branch, LoopSet::Any));
  CHECK(holdsLoop(branch, LoopSet::Any));
}

TEST_CASE("op kinds: Triton's dots, tensor-memory MMAs and loads, in both name generations", "[ir][opkinds]") {
  CHECK(tritonOpRoleOf("tt.dot") == TritonOpRole::Dot);
  CHECK(tritonOpRoleOf("ttng.warp_group_dot") == TritonOpRole::Dot);
  CHECK(tritonOpRoleOf("triton_nvidia_gpu.warp_group_dot") == TritonOpRole::Dot);
  CHECK(tritonOpRoleOf("ttng.tc_gen5_mma") == TritonOpRole::TmemDot);
  CHECK(tritonOpRoleOf("ttng.tc_gen5_mma_scaled") == TritonOpRole::TmemDot);
  CHECK(isTritonDot("ttng.tc_gen5_mma"));
  CHECK(tritonOpRoleOf("tt.load") == TritonOpRole::Load);
  CHECK(tritonOpRoleOf("tt.descriptor_load") == TritonOpRole::Load);
  CHECK_FALSE(isTritonDot("tt.load"));
  CHECK(tritonOpRoleOf("ttg.local_load") == TritonOpRole::None);
  CHECK(tritonOpRoleOf("nv_tileas.dot") == TritonOpRole::None);
}
