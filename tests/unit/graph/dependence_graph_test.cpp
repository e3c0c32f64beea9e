#include <catch2/catch.hpp>

#include "TestSupport.h"
#include "graph/DependenceGraph.h"

using namespace tilesched;

namespace {

struct Built {
  std::unique_ptr<test::Parsed> parsed;
  DependenceGraph graph;
  DiagnosticEngine diags;
};

// Every op gets latency 10 + its node id, so tests can tell which producer an edge came from.
Built build(std::string_view src, size_t block = 0) {
  Built b;
  b.parsed = test::parseBlocks(src);
  INFO(test::diagText(b.parsed->diags));
  REQUIRE_FALSE(b.parsed->diags.hasErrors());
  REQUIRE(b.parsed->blocks.size() > block);
  const ScheduledBlock &sb = b.parsed->blocks[block];
  std::vector<OpResources> res(sb.ops.size());
  for (size_t i = 0; i < res.size(); ++i) res[i].latency = 10 + static_cast<int>(i);
  b.graph = buildDependenceGraph(sb, res, b.diags, TypeAliases(*b.parsed->module));
  return b;
}

bool hasEdge(const DependenceGraph &g, int src, int dst, int latency, int distance, EdgeKind kind) {
  for (const DepEdge &e : g.edges)
    if (e.src == src && e.dst == dst && e.latency == latency && e.distance == distance && e.kind == kind) return true;
  return false;
}

}  // namespace

TEST_CASE("scheduled blocks: innermost loops first, loop-free functions, bare snippets") {
  auto p = test::parseBlocks(R"(
func.func @outer(%n: index) {
  scf.for %i = %n to %n step %n {
    %a = x.op %i : i32
    scf.for %j = %n to %n step %n {
      %b = x.op %j : i32
      scf.yield
    }
    scf.yield
  }
  return
}
func.func @flat(%x: i32) {
  %y = x.add %x : i32
  return
})");
  REQUIRE_FALSE(p->diags.hasErrors());
  REQUIRE(p->blocks.size() == 3);
  CHECK(p->blocks[0].name == "@outer/scf.for %j");
  CHECK(p->blocks[1].name == "@outer/scf.for %i");
  CHECK(p->blocks[1].ops.size() == 2);  // %a and the inner loop; the yield is the terminator
  CHECK(p->blocks[1].terminator != nullptr);
  CHECK(p->blocks[2].name == "@flat");
  CHECK_FALSE(p->blocks[2].isLoop);

  auto bare = test::parseBlocks("%a = x.op : i32\n%b = x.op %a : i32\n");
  REQUIRE(bare->blocks.size() == 1);
  CHECK(bare->blocks[0].name == "top-level");
  CHECK(bare->blocks[0].ops.size() == 2);
}

TEST_CASE("data edges carry the producer's latency, nested uses count for the parent op") {
  Built b = build(R"(
%c = x.const : i32
scf.for %i = %c to %c step %c {
  %a = x.load %c : i32
  %b = x.mul %a, %a : i32
  x.region_op %c {
    %inner = x.use %b : i32
  }
  scf.yield
})");
  const DependenceGraph &g = b.graph;
  CHECK(g.numNodes == 3);
  CHECK(hasEdge(g, 0, 1, 10, 0, EdgeKind::Data));
  CHECK(hasEdge(g, 1, 2, 11, 0, EdgeKind::Data));
  CHECK(g.edges.size() == 2);  // %a used twice by %b: one edge
  CHECK_FALSE(b.diags.hasErrors());
}

TEST_CASE("iter_args give distance-1 carried edges, pass-through adds distance") {
  Built b = build(R"(
%z = x.const : i32
%r:2 = scf.for %i = %z to %z step %z iter_args(%acc = %z, %prev = %z) -> (i32, i32) {
  %s = x.add %acc, %prev : i32
  %t = x.mul %s : i32
  scf.yield %t, %acc : i32, i32
})");
  const DependenceGraph &g = b.graph;
  CHECK(hasEdge(g, 0, 1, 10, 0, EdgeKind::Data));
  CHECK(hasEdge(g, 1, 0, 11, 1, EdgeKind::Carried));  // %acc <- %t
  CHECK(hasEdge(g, 1, 0, 11, 2, EdgeKind::Carried));  // %prev <- %acc <- %t
  CHECK(g.edges.size() == 3);
}

TEST_CASE("token-typed values give token edges") {
  Built b = build(R"(
%z = x.const : i32
scf.for %i = %z to %z step %z {
  %t = x.load %z : !nv_tileas.AsyncToken
  %v = x.wait %t : i32
  scf.yield
})");
  CHECK(hasEdge(b.graph, 0, 1, 10, 0, EdgeKind::Token));
}

TEST_CASE("a token type behind an alias (a chain of them) still gives token edges") {
  Built b = build(R"(
!tok = !nv_tileas.AsyncToken
!handle = !tok
%z = x.const : i32
scf.for %i = %z to %z step %z {
  %t = x.load %z : !handle
  %v = x.wait %t : i32
  %w = x.use %v : i32
  scf.yield
})");
  CHECK(hasEdge(b.graph, 0, 1, 10, 0, EdgeKind::Token));
  CHECK(hasEdge(b.graph, 1, 2, 11, 0, EdgeKind::Data));
}

TEST_CASE("sched.deps adds explicit edges that replace SSA edges between the same ops") {
  Built b = build(R"(
%z = x.const : i32
scf.for %i = %z to %z step %z {
  %a = x.load %z : i32
  %b = x.use %a {sched.deps = [["%a", 3, 0]]} : i32
  x.store %b {sched.label = "st0"} : i32
  %c = x.load %z {sched.deps = [["@st0", 1, 1]]} : i32
  scf.yield
})");
  const DependenceGraph &g = b.graph;
  INFO(test::diagText(b.diags));
  CHECK_FALSE(b.diags.hasErrors());
  CHECK(hasEdge(g, 0, 1, 3, 0, EdgeKind::Explicit));
  CHECK_FALSE(hasEdge(g, 0, 1, 10, 0, EdgeKind::Data));  // replaced
  CHECK(hasEdge(g, 2, 3, 1, 1, EdgeKind::Explicit));
  CHECK(hasEdge(g, 1, 2, 11, 0, EdgeKind::Data));
}

TEST_CASE("malformed sched.deps and unknown references are located errors") {
  Built b = build(R"(
%z = x.const : i32
scf.for %i = %z to %z step %z {
  %a = x.load %z {sched.deps = [["@nope", 1, 0]]} : i32
  %b = x.load %z {sched.deps = [["%zz", 1, 0]]} : i32
  %c = x.load %z {sched.deps = [[1, 2]]} : i32
  %d = x.load %z {sched.deps = [["%a", -1, 0]]} : i32
  scf.yield
})");
  std::string text = test::diagText(b.diags);
  INFO(text);
  CHECK(b.diags.errorCount() == 4);
  CHECK(text.find("t:4:") != std::string::npos);
  CHECK(text.find("no op in this block has sched.label \"nope\"") != std::string::npos);
  CHECK(text.find("t:5:") != std::string::npos);
  CHECK(text.find("'%zz' is not a result of an op in this block") != std::string::npos);
  CHECK(text.find("t:6:") != std::string::npos);
  CHECK(text.find("t:7:") != std::string::npos);
}

TEST_CASE("distance-0 cycles are reported with their ops") {
  Built b = build(R"(
%z = x.const : i32
scf.for %i = %z to %z step %z {
  %a = x.op %z {sched.deps = [["%b", 1, 0]]} : i32
  %b = x.op %a : i32
  %c = x.op %c_self {sched.label = "self", sched.deps = [["@self", 1, 0]]} : i32
  scf.yield
})");
  CHECK(b.diags.errorCount() == 0);  // recorded for the driver, which fails the block (exit 1)
  CHECK(b.graph.zeroDistanceCycles == std::vector<std::vector<int>>{{0, 1}, {2}});
  reportZeroDistanceCycles(b.parsed->blocks[0], b.graph, b.diags);
  std::string text = test::diagText(b.diags);
  INFO(text);
  CHECK(b.diags.errorCount() == 2);
  CHECK(text.find("dependence cycle with iteration distance 0") != std::string::npos);
  CHECK(text.find("%a (line 4), %b (line 5)") != std::string::npos);
  CHECK(text.find("%c (line 6)") != std::string::npos);
}

TEST_CASE("a distance-1 self edge is a recurrence, not an error") {
  Built b = build(R"(
%z = x.const : i32
scf.for %i = %z to %z step %z {
  x.op %z {sched.label = "s", sched.deps = [["@s", 4, 1]]} : i32
  scf.yield
})");
  CHECK_FALSE(b.diags.hasErrors());
  CHECK(hasEdge(b.graph, 0, 0, 4, 1, EdgeKind::Explicit));
}

TEST_CASE("a name a region reuses from a later definition in the block is an error at both places") {
  auto p = test::parseBlocks(R"(
func.func @f(%n: index) {
  scf.for %i = %n to %n step %n {
    %z = x.region %n {
      %done = x.inner %n : i32
      x.sink %done : i32
    } : i32
    %done = x.op %z : i32
    %other = x.op %z : i32
    scf.yield
  }
  return
})");
  REQUIRE_FALSE(p->diags.hasErrors());  // legal MLIR: the region's %done is gone when the outer one is defined
  REQUIRE(p->blocks.size() == 1);
  DiagnosticEngine diags;
  checkReorderableNames(p->blocks[0], diags);
  REQUIRE(diags.errorCount() == 1);
  const Diagnostic &d = diags.all()[0];
  CHECK(d.range.begin.line == 5);
  CHECK(d.range.begin.col == 7);
  CHECK(d.message ==
        "'%done' is defined here, in a region of %z, and again at 8:5 in the same scheduled block; a schedule that "
        "moves that definition ahead would print a redefinition, so rename one of them");
}

TEST_CASE("distinct names, and an op's own result reused inside its region, can be reordered") {
  auto p = test::parseBlocks(R"(
scf.for %i = %n to %n step %n {
  %z = x.region %n {
    %z = x.inner %n : i32
    %v = x.inner %z : i32
  } : i32
  %w = x.op %z : i32
  scf.yield
})");
  REQUIRE_FALSE(p->diags.hasErrors());
  DiagnosticEngine diags;
  checkReorderableNames(p->blocks[0], diags);
  CHECK(diags.errorCount() == 0);
}

TEST_CASE("graph: a cuda_tile.for carries values through continue at distance 1", "[graph]") {
  Built b = build(R"(cuda_tile.module @m {
  entry @k(%lb: tile<i64>, %ub: tile<i64>, %x: tile<i32>) {
    %r:2 = for %i in (%lb to %ub, step %lb) : tile<i64> iter_values(%a = %x, %b = %x) -> (tile<i32>, tile<i32>) {
      %n = addi %a, %b : tile<i32>
      %m = muli %n, %n : tile<i32>
      continue %m, %a : tile<i32>, tile<i32>
    }
    return
  }
})");
  // %n reads %a (yielded %m of the previous iteration: distance 1) and %b (yielded %a, which is
  // %m two iterations back: distance 2); %m reads %n in the same iteration.
  CHECK(hasEdge(b.graph, 0, 1, 10, 0, EdgeKind::Data));
  CHECK(hasEdge(b.graph, 1, 0, 11, 1, EdgeKind::Carried));
  CHECK(hasEdge(b.graph, 1, 0, 11, 2, EdgeKind::Carried));
  CHECK(b.graph.edges.size() == 3);
}
