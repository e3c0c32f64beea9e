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
Built build(std::string_view src, size_t block = 0, const TargetModel *model = nullptr) {
  Built b;
  b.parsed = test::parseBlocks(src);
  INFO(test::diagText(b.parsed->diags));
  REQUIRE_FALSE(b.parsed->diags.hasErrors());
  REQUIRE(b.parsed->blocks.size() > block);
  const ScheduledBlock &sb = b.parsed->blocks[block];
  std::vector<OpResources> res(sb.ops.size());
  for (size_t i = 0; i < res.size(); ++i) res[i].latency = 10 + static_cast<int>(i);
  b.graph = buildDependenceGraph(sb, res, b.diags, TypeAliases(*b.parsed->module), model);
  return b;
}

bool hasEdge(const DependenceGraph &g, int src, int dst, int latency, int distance, EdgeKind kind) {
  for (const DepEdge &e : g.edges)
    if (e.src == src && e.dst == dst && e.latency == latency && e.distance == distance && e.kind == kind) return true;
  return false;
}

// A Triton function with buffers and barriers around `body` (in a loop, or as the function's
// block), built with the blackwell model's effect table.
Built buildWithEffects(const std::string &body, bool loop = true) {
  const std::string src =
      "tt.func @f(%lb: i32, %ub: i32, %p: tensor<8x!tt.ptr<f16>>, %arg: !ttg.memdesc<8xf16>, "
      "%d: !tt.tensordesc<tensor<8xf16>>) {\n"
      "  %true = arith.constant true\n"
      "  %c0 = arith.constant 0 : i32\n"
      "  %bufs = ttg.local_alloc : () -> !ttg.memdesc<2x8xf16>\n"
      "  %other = ttg.local_alloc : () -> !ttg.memdesc<8xf16>\n"
      "  %bars = ttg.local_alloc : () -> !ttg.memdesc<2xi64>\n" +
      (loop ? "  scf.for %k = %lb to %ub step %lb : i32 {\n" + body + "  }\n" : body) + "  tt.return\n}\n";
  static const TargetModel model = *builtinTargetModel("blackwell");
  return build(src, 0, &model);
}

// The edge (src, dst, distance) and its kind; nullopt when there is none.
std::optional<EdgeKind> edge(const DependenceGraph &g, int src, int dst, int distance) {
  for (const DepEdge &e : g.edges)
    if (e.src == src && e.dst == dst && e.distance == distance) return e.kind;
  return std::nullopt;
}

int count(const DependenceGraph &g, EdgeKind kind) {  // edges of one kind
  return static_cast<int>(
      std::count_if(g.edges.begin(), g.edges.end(), [&](const DepEdge &e) { return e.kind == kind; }));
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

// Memory and barrier edges from the built-in model's effect table (docs/decisions.md "Memory and
// synchronisation edges").
TEST_CASE("effect edges: global memory is ordered within an iteration, not across it") {
  Built b = buildWithEffects(
      "    %a = tt.load %p : tensor<8x!tt.ptr<f16>>\n"
      "    %b = tt.load %p : tensor<8x!tt.ptr<f16>>\n"
      "    tt.store %p, %a : tensor<8x!tt.ptr<f16>>\n"
      "    %c = tt.load %p : tensor<8x!tt.ptr<f16>>\n");
  CHECK(edge(b.graph, 0, 1, 0) == std::nullopt);      // two reads
  CHECK(edge(b.graph, 1, 2, 0) == EdgeKind::Memory);  // write after read
  CHECK(edge(b.graph, 0, 2, 0) == EdgeKind::Data);    // the value edge keeps its kind
  CHECK(edge(b.graph, 2, 3, 0) == EdgeKind::Memory);  // read after write
  for (const DepEdge &e : b.graph.edges) CHECK(e.distance == 0);
  for (const DepEdge &e : b.graph.edges)
    if (e.kind == EdgeKind::Memory) CHECK(e.latency == 10 + e.src);
}

TEST_CASE("effect edges: distinct buffers are not ordered, one buffer is, also across iterations") {
  Built b = buildWithEffects(
      "    %y = ttg.local_load %other : !ttg.memdesc<8xf16> -> tensor<8xf16>\n"
      "    %x = ttg.local_load %arg : !ttg.memdesc<8xf16> -> tensor<8xf16>\n"
      "    ttg.local_store %x, %other : tensor<8xf16> -> !ttg.memdesc<8xf16>\n");
  CHECK(edge(b.graph, 0, 1, 0) == std::nullopt);
  CHECK(edge(b.graph, 0, 2, 0) == EdgeKind::Memory);  // write after read of %other
  CHECK(edge(b.graph, 1, 2, 0) == EdgeKind::Data);
  CHECK(edge(b.graph, 2, 0, 1) == EdgeKind::Memory);  // the next iteration reads what it wrote
  CHECK(edge(b.graph, 2, 2, 1) == EdgeKind::Memory);  // and writes it again
  CHECK(edge(b.graph, 2, 1, 1) == std::nullopt);      // the argument %arg is another buffer
}

TEST_CASE("effect edges: views reach their buffer, a buffer allocated in the loop is new each iteration") {
  Built b = buildWithEffects(
      "    %s = ttg.memdesc_index %bufs[%c0] : !ttg.memdesc<2x8xf16> -> !ttg.memdesc<8xf16>\n"
      "    %t = ttg.memdesc_trans %bufs : !ttg.memdesc<2x8xf16> -> !ttg.memdesc<8x2xf16>\n"
      "    %z = ttg.local_load %other : !ttg.memdesc<8xf16> -> tensor<8xf16>\n"
      "    %x = ttg.local_load %s : !ttg.memdesc<8xf16> -> tensor<8xf16>\n"
      "    ttg.local_store %z, %t : tensor<8xf16> -> !ttg.memdesc<8x2xf16>\n"
      "    %n = ttg.local_alloc %x : (tensor<8xf16>) -> !ttg.memdesc<8xf16>\n"
      "    %y = ttg.local_load %n : !ttg.memdesc<8xf16> -> tensor<8xf16>\n");
  CHECK(edge(b.graph, 3, 4, 0) == EdgeKind::Memory);  // both reach %bufs
  CHECK(edge(b.graph, 4, 3, 1) == EdgeKind::Memory);
  CHECK(edge(b.graph, 5, 6, 0) == EdgeKind::Data);  // %n: its value edge
  CHECK(edge(b.graph, 6, 5, 1) == std::nullopt);    // a new %n in the next iteration
}

TEST_CASE("effect edges: a wait comes after the arrivals on its barrier, which commute") {
  Built b = buildWithEffects(
      "    %bar = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2xi64> -> !ttg.memdesc<1xi64>\n"
      "    %buf = ttg.memdesc_index %bufs[%c0] : !ttg.memdesc<2x8xf16> -> !ttg.memdesc<8xf16>\n"
      "    ttng.barrier_expect %bar, 32, %true : !ttg.memdesc<1xi64>\n"
      "    ttng.async_tma_copy_global_to_local %d[%k] %buf, %bar, %true : !tt.tensordesc<tensor<8xf16>>, "
      "!ttg.memdesc<1xi64> -> !ttg.memdesc<8xf16>\n"
      "    ttng.async_tma_copy_global_to_local %d[%k] %other, %bar, %true : !tt.tensordesc<tensor<8xf16>>, "
      "!ttg.memdesc<1xi64> -> !ttg.memdesc<8xf16>\n"
      "    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64>\n"
      "    %x = ttg.local_load %buf : !ttg.memdesc<8xf16> -> tensor<8xf16>\n"
      "    %v = arith.addf %x, %x : tensor<8xf16>\n");
  CHECK(edge(b.graph, 2, 3, 0) == std::nullopt);  // expect and the copies' arrivals commute
  CHECK(edge(b.graph, 3, 4, 0) == std::nullopt);  // two copies into distinct buffers, one barrier
  CHECK(edge(b.graph, 2, 5, 0) == EdgeKind::Barrier);
  CHECK(edge(b.graph, 3, 5, 0) == EdgeKind::Barrier);
  CHECK(edge(b.graph, 4, 5, 0) == EdgeKind::Barrier);
  CHECK(edge(b.graph, 5, 6, 0) == EdgeKind::Barrier);  // the wait acquires: the load stays after it
  CHECK(edge(b.graph, 3, 6, 0) == EdgeKind::Memory);   // and after the copy into its buffer
  CHECK(edge(b.graph, 4, 6, 0) == std::nullopt);
  CHECK(edge(b.graph, 5, 2, 1) == EdgeKind::Barrier);  // the next arrivals come after the wait
  CHECK(edge(b.graph, 6, 3, 1) == EdgeKind::Memory);   // the next copy overwrites what was read
  CHECK(edge(b.graph, 7, 5, 0) == std::nullopt);       // arith has no effect
}

TEST_CASE("effect edges: an arrive releases earlier accesses, fences order both sides") {
  Built b = buildWithEffects(
      "    %x = ttg.local_load %other : !ttg.memdesc<8xf16> -> tensor<8xf16>\n"
      "    %bar = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2xi64> -> !ttg.memdesc<1xi64>\n"
      "    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64>\n"
      "    ttng.fence_async_shared {bCluster = false}\n"
      "    ttg.local_store %x, %arg : tensor<8xf16> -> !ttg.memdesc<8xf16>\n",
      false);
  // A loop-free function is one block: the five ops before the body are nodes 0-4.
  CHECK(edge(b.graph, 5, 7, 0) == EdgeKind::Barrier);             // release
  CHECK(edge(b.graph, 5, 8, 0) == EdgeKind::Memory);              // fence after the read
  CHECK(edge(b.graph, 8, 9, 0) == EdgeKind::Memory);              // store after the fence
  CHECK(edge(b.graph, 7, 9, 0) == std::nullopt);                  // release is one way
  for (const DepEdge &e : b.graph.edges) CHECK(e.distance == 0);  // no loop: no carried edges
}

TEST_CASE("effect edges: sched.deps replaces them, without a model there are none") {
  Built b = buildWithEffects(
      "    %v = tt.load %p {sched.label = \"ld\"} : tensor<8x!tt.ptr<f16>>\n"
      "    tt.store %p, %v {sched.deps = [[\"@ld\", 3, 0]]} : tensor<8x!tt.ptr<f16>>\n"
      "    %w = tt.load %p : tensor<8x!tt.ptr<f16>>\n");
  CHECK(edge(b.graph, 0, 1, 0) == EdgeKind::Explicit);
  CHECK(edge(b.graph, 1, 2, 0) == EdgeKind::Memory);
  CHECK(b.graph.edges.size() == 2);
  auto p = test::parseBlocks(
      "func.func @g(%p: tensor<8x!tt.ptr<f16>>) {\n  tt.store %p, %p : tensor<8x!tt.ptr<f16>>\n"
      "  %v = tt.load %p : tensor<8x!tt.ptr<f16>>\n  return\n}\n");
  REQUIRE_FALSE(p->blocks.empty());
  DiagnosticEngine d;
  std::vector<OpResources> res(p->blocks[0].ops.size());
  CHECK(buildDependenceGraph(p->blocks[0], res, d).edges.empty());
}

TEST_CASE("effect edges: past the budget the effectful ops keep program order, with a warning") {
  // Every store to a distinct buffer after many loads of unnamed memory: the whole-space reads
  // would each need an edge to every store.
  std::string body;
  for (int i = 0; i < 90; ++i)
    body += "    %l" + std::to_string(i) + " = ttg.local_load %u : !ttg.memdesc<8xf16> -> tensor<8xf16>\n";
  for (int i = 0; i < 90; ++i)
    body += "    %a" + std::to_string(i) + " = ttg.local_alloc : () -> !ttg.memdesc<8xf16>\n";
  Built b = buildWithEffects("    %u = \"x.pick\"(%bufs) : (!ttg.memdesc<2x8xf16>) -> !ttg.memdesc<8xf16>\n" + body);
  CHECK(test::diagText(b.diags).find("they are kept in program order") != std::string::npos);
  CHECK(count(b.graph, EdgeKind::Memory) == 180);  // a chain of 180 ops and the edge back
  CHECK(edge(b.graph, 180, 1, 1) == EdgeKind::Memory);
}
