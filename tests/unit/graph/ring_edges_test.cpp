// Ring buffers (docs/decisions.md, "Ring buffers"): the slot an index names in each iteration,
// and the memory and barrier edges that follow from it.
#include <catch2/catch.hpp>

#include "TestSupport.h"
#include "graph/DependenceGraph.h"
#include "graph/RingSlots.h"

using namespace tilesched;

namespace {

// A loop whose body ends with `body`; `iter` declares the carried values (`%s = %c0`), `yield`
// what the body passes on. Constants %c0..%c4, %c64, %cm1 and the function's arguments (%n, %x,
// a descriptor %d, tensors %v and %acc) are in scope.
std::string loop(const std::string &iter, const std::string &body, const std::string &yield,
                 const std::string &bounds = "%c0 to %n step %c1") {
  return "tt.func @f(%n: i32, %x: i32, %d: !tt.tensordesc<tensor<8xf16>>, %v: tensor<8xf16>, "
         "%acc: tensor<8x8xf32>) {\n"
         "  %true = arith.constant true\n"
         "  %cm1 = arith.constant -1 : i32\n"
         "  %c0 = arith.constant 0 : i32\n  %c1 = arith.constant 1 : i32\n  %c2 = arith.constant 2 : i32\n"
         "  %c3 = arith.constant 3 : i32\n  %c4 = arith.constant 4 : i32\n  %c64 = arith.constant 64 : i32\n"
         "  %ring = ttg.local_alloc : () -> !ttg.memdesc<3x8xf16>\n"
         "  %bars = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64>\n"
         "  " +
         std::string(iter.empty() ? "" : "%r = ") + "scf.for %k = " + bounds +
         (iter.empty() ? "" : " iter_args(" + iter + ") -> (i32)") + " : i32 {\n" + body + "    scf.yield " + yield +
         (yield.empty() ? "" : " : i32") + "\n  }\n  tt.return\n}\n";
}

struct Analysed {
  std::unique_ptr<test::Parsed> parsed;
  std::unique_ptr<SlotAnalysis> slots;
  const Value *value(const std::string &name) const {
    for (Operation *op : parsed->blocks[0].ops)
      for (const Value *r : op->results)
        if (r->name == name) return r;
    for (const Value *a : parsed->blocks[0].body->arguments)
      if (a->name == name) return a;
    FAIL("no value " << name);
    return nullptr;
  }
  SlotOrReason slotOf(const std::string &name) const { return slots->slotOf(value(name)); }
};

Analysed analyse(const std::string &src) {
  Analysed a;
  a.parsed = test::parseBlocks(src);
  INFO(test::diagText(a.parsed->diags));
  REQUIRE_FALSE(a.parsed->diags.hasErrors());
  REQUIRE(a.parsed->blocks.size() == 1);
  a.slots = std::make_unique<SlotAnalysis>(a.parsed->blocks[0]);
  return a;
}

void requireSlot(const SlotOrReason &s, int clock, int period, int offset) {
  INFO(s.reason);
  REQUIRE(s.slot);
  CHECK(s.slot->clock == clock);
  CHECK(s.slot->period == period);
  CHECK(s.slot->offset == offset);
}

struct Built {
  std::unique_ptr<test::Parsed> parsed;
  DependenceGraph graph;
  DiagnosticEngine diags;
};

Built build(const std::string &src, const char *model = "hopper") {
  Built b;
  b.parsed = test::parseBlocks(src);
  INFO(test::diagText(b.parsed->diags));
  REQUIRE_FALSE(b.parsed->diags.hasErrors());
  const ScheduledBlock &sb = b.parsed->blocks[0];
  std::vector<OpResources> res(sb.ops.size());
  for (OpResources &r : res) r.latency = 1;
  b.graph = buildDependenceGraph(sb, res, b.diags, TypeAliases(*b.parsed->module), builtinTargetModel(model).get());
  return b;
}

// The edge (src, dst) of the smallest distance, or nullptr.
const DepEdge *edge(const DependenceGraph &g, int src, int dst) {
  for (const DepEdge &e : g.edges)
    if (e.src == src && e.dst == dst) return &e;
  return nullptr;
}

const std::string kWrap3 =
    "    %s1 = arith.addi %s, %c1 : i32\n"
    "    %w = arith.cmpi eq, %s1, %c3 : i32\n"
    "    %sn = arith.select %w, %c0, %s1 : i32\n";

}  // namespace

TEST_CASE("ring slots: a counter advanced by one and wrapped rotates") {
  SECTION("addi + cmpi eq + select, from slot 0") {
    Analysed a = analyse(loop("%s = %c0", kWrap3, "%sn"));
    requireSlot(a.slotOf("%s"), 0, 3, 0);
    requireSlot(a.slotOf("%sn"), 0, 3, 1);  // the next iteration's slot
    CHECK_FALSE(a.slotOf("%s1").slot);      // 1..3: no slot
  }
  SECTION("Triton's index that starts at -1 and is used after its step") {
    Analysed a = analyse(loop("%s = %cm1",
                              "    %s1 = arith.addi %s, %c1 : i32\n"
                              "    %w = arith.cmpi sge, %s1, %c3 : i32\n"
                              "    %sn = arith.select %w, %c0, %s1 : i32\n",
                              "%sn"));
    requireSlot(a.slotOf("%sn"), 0, 3, 0);
    CHECK_FALSE(a.slotOf("%s").slot);  // -1 in the first iteration
  }
  SECTION("cmpi slt keeping the increment, remsi, remui, xori") {
    requireSlot(analyse(loop("%s = %c2",
                             "    %s1 = arith.addi %s, %c1 : i32\n"
                             "    %w = arith.cmpi slt, %s1, %c3 : i32\n"
                             "    %sn = arith.select %w, %s1, %c0 : i32\n",
                             "%sn"))
                    .slotOf("%s"),
                0, 3, 2);
    requireSlot(
        analyse(loop("%s = %c1", "    %s1 = arith.addi %s, %c1 : i32\n    %sn = arith.remsi %s1, %c3 : i32\n", "%sn"))
            .slotOf("%s"),
        0, 3, 1);
    requireSlot(
        analyse(loop("%s = %c0", "    %s1 = arith.addi %s, %c1 : i32\n    %sn = arith.remui %s1, %c4 : i32\n", "%sn"))
            .slotOf("%sn"),
        0, 4, 1);
    requireSlot(analyse(loop("%s = %c1", "    %sn = arith.xori %s, %c1 : i32\n", "%sn")).slotOf("%s"), 0, 2, 1);
  }
  SECTION("a counter whose start is unknown has a clock of its own") {
    SlotOrReason s = analyse(loop("%s = %x", kWrap3, "%sn")).slotOf("%s");
    REQUIRE(s.slot);
    CHECK(s.slot->clock != 0);
    CHECK(s.slot->period == 3);
  }
}

TEST_CASE("ring slots: the iteration number modulo N rotates") {
  SECTION("the induction variable") {
    requireSlot(analyse(loop("", "    %i = arith.remsi %k, %c3 : i32\n", "")).slotOf("%i"), 0, 3, 0);
    requireSlot(analyse(loop("", "    %i = arith.remui %k, %c3 : i32\n", "", "%c2 to %n step %c1")).slotOf("%i"), 0, 3,
                2);
    // k = 64 i: (k / 64) mod 3, and k mod 3 (64 = 1 mod 3).
    requireSlot(analyse(loop("", "    %q = arith.divsi %k, %c64 : i32\n    %i = arith.remsi %q, %c3 : i32\n", "",
                             "%c0 to %n step %c64"))
                    .slotOf("%i"),
                0, 3, 0);
    requireSlot(analyse(loop("", "    %i = arith.remsi %k, %c3 : i32\n", "", "%c0 to %n step %c64")).slotOf("%i"), 0, 3,
                0);
    // k mod 4 as k & 3, with an unknown lower bound: a clock of its own.
    SlotOrReason s = analyse(loop("", "    %i = arith.andi %k, %c3 : i32\n", "", "%x to %n step %c1")).slotOf("%i");
    REQUIRE(s.slot);
    CHECK(s.slot->clock != 0);
    CHECK(s.slot->period == 4);
  }
  SECTION("a carried iteration counter, and an index one slot ahead") {
    Analysed a = analyse(loop("%i = %c0",
                              "    %in = arith.addi %i, %c1 : i32\n"
                              "    %s = arith.remsi %i, %c3 : i32\n"
                              "    %t = arith.remsi %in, %c3 : i32\n",
                              "%in"));
    requireSlot(a.slotOf("%s"), 0, 3, 0);
    requireSlot(a.slotOf("%t"), 0, 3, 1);
  }
}

TEST_CASE("ring slots: what is no rotation says why") {
  auto reason = [](const std::string &src, const std::string &name) {
    SlotOrReason s = analyse(src).slotOf(name);
    CHECK_FALSE(s.slot);
    return s.reason;
  };
  CHECK(reason(loop("%s = %c0", "    %sn = arith.addi %s, %c1 : i32\n", "%sn"), "%s") ==
        "its slot %s grows with the iteration and never wraps round");
  CHECK(reason(loop("", "    %z = arith.addi %c0, %c0 : i32\n", ""), "%z") == "its slot %z is 0 in every iteration");
  CHECK(reason(loop("%s = %c0",
                    "    %s1 = arith.addi %s, %c1 : i32\n    %w = arith.cmpi eq, %s1, %x : i32\n"
                    "    %sn = arith.select %w, %c0, %s1 : i32\n",
                    "%sn"),
               "%s") == "%s is carried from %sn, and %x is not a constant (an argument from outside the loop)");
  CHECK(reason(loop("%s = %c0", "    %sn = \"x.next\"(%s) : (i32) -> i32\n", "%sn"), "%s") ==
        "%s is carried from %sn, and %sn comes from x.next, which tilesched does not evaluate");
  CHECK(reason(loop("", "    %i = arith.remsi %k, %c3 : i32\n    %j = arith.muli %i, %c2 : i32\n", ""), "%j") ==
        "its slot %j does not advance by one slot per iteration");
  CHECK(
      reason(loop("%s = %x", kWrap3 + "    %i = arith.remsi %k, %c3 : i32\n    %j = arith.addi %i, %s : i32\n", "%sn"),
             "%j") == "%j mixes two rotations whose relative position tilesched cannot tell");
  CHECK(reason(loop("%s = %c4", kWrap3, "%sn"), "%s") == "%s starts at 4, off its rotation through 3 slots");
}

TEST_CASE("ring edges: one slot is ordered at the ring's distance, two slots not at all") {
  // Nodes: 0 %s1, 1 %w, 2 %sn, 3 %a, 4 store into slot %s, 5 %b, 6 load from slot %sn.
  Built b = build(loop("%s = %c0",
                       kWrap3 + "    %a = ttg.memdesc_index %ring[%s] : !ttg.memdesc<3x8xf16> -> !ttg.memdesc<8xf16>\n"
                                "    ttg.local_store %v, %a : tensor<8xf16> -> !ttg.memdesc<8xf16>\n"
                                "    %b = ttg.memdesc_index %ring[%sn] : !ttg.memdesc<3x8xf16> -> !ttg.memdesc<8xf16>\n"
                                "    %y = ttg.local_load %b : !ttg.memdesc<8xf16> -> tensor<8xf16>\n",
                       "%sn"));
  REQUIRE(b.graph.rings.size() == 1);
  const Ring &ring = b.graph.rings[0];
  CHECK(ring.value == "%ring");
  CHECK_FALSE(ring.barrier);
  CHECK(ring.slots == 3);
  CHECK(ring.proven);
  CHECK(ring.reason.empty());
  // The store writes slot s in iteration i; the load of iteration i + 2 reads slot s + 1 + 2 = s:
  // read after write at distance 2. The store of iteration i + 1 writes slot s + 1, which this
  // iteration's load reads: write after read at distance 1.
  const DepEdge *raw = edge(b.graph, 4, 6);
  REQUIRE(raw);
  CHECK(raw->distance == 2);
  CHECK(raw->kind == EdgeKind::Memory);
  CHECK(raw->ring == 0);
  const DepEdge *war = edge(b.graph, 6, 4);
  REQUIRE(war);
  CHECK(war->distance == 1);
  const DepEdge *waw = edge(b.graph, 4, 4);
  REQUIRE(waw);
  CHECK(waw->distance == 3);
  CHECK(b.diags.all().empty());
}

TEST_CASE("ring edges: a wait on a slot's barrier reaches that slot only") {
  // Nodes: 0 %bar, 1 %buf, 2 expect, 3 copy, 4 wait, 5 load, 6 %s1, 7 %w, 8 %sn.
  Built b = build(loop("%s = %c0",
                       "    %bar = ttg.memdesc_index %bars[%s] : !ttg.memdesc<3x1xi64> -> !ttg.memdesc<1xi64>\n"
                       "    %buf = ttg.memdesc_index %ring[%s] : !ttg.memdesc<3x8xf16> -> !ttg.memdesc<8xf16>\n"
                       "    ttng.barrier_expect %bar, 16, %true : !ttg.memdesc<1xi64>\n"
                       "    ttng.async_tma_copy_global_to_local %d[%k] %buf, %bar, %true : "
                       "!tt.tensordesc<tensor<8xf16>>, !ttg.memdesc<1xi64> -> !ttg.memdesc<8xf16>\n"
                       "    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64>\n"
                       "    %y = ttg.local_load %buf : !ttg.memdesc<8xf16> -> tensor<8xf16>\n" +
                           kWrap3,
                       "%sn"));
  REQUIRE(b.graph.rings.size() == 2);
  CHECK(b.graph.rings[0].value == "%bars");
  CHECK(b.graph.rings[0].barrier);
  CHECK(b.graph.rings[1].value == "%ring");
  const DepEdge *acquire = edge(b.graph, 4, 5);
  REQUIRE(acquire);
  CHECK(acquire->distance == 0);
  for (int next : {2, 3}) {  // the next iteration's expect and copy use another slot
    const DepEdge *e = edge(b.graph, 4, next);
    REQUIRE(e);
    CHECK(e->distance == 3);
    CHECK(e->kind == EdgeKind::Barrier);
    CHECK(b.graph.rings[size_t(e->ring)].value == "%bars");
  }
  const DepEdge *reuse = edge(b.graph, 5, 3);  // the copy into the slot the load read
  REQUIRE(reuse);
  CHECK(reuse->distance == 3);
  CHECK(b.graph.rings[size_t(reuse->ring)].value == "%ring");
}

TEST_CASE("ring edges: a warp_group_dot_wait with nothing pending waits for its own wgmma") {
  // Nodes: 0 %a, 1 copy, 2 %dot, 3 %done, 4 %s1, 5 %w, 6 %sn.
  auto src = [](const char *pendings) {
    return loop("%s = %c0",
                "    %a = ttg.memdesc_index %ring[%s] : !ttg.memdesc<3x8xf16> -> !ttg.memdesc<8xf16>\n"
                "    ttng.async_tma_copy_global_to_local %d[%k] %a, %bars, %true : "
                "!tt.tensordesc<tensor<8xf16>>, !ttg.memdesc<3x1xi64> -> !ttg.memdesc<8xf16>\n"
                "    %dot = ttng.warp_group_dot %a, %a, %acc {isAsync = true} : !ttg.memdesc<8xf16> * "
                "!ttg.memdesc<8xf16> -> tensor<8x8xf32>\n"
                "    %done = ttng.warp_group_dot_wait %dot {pendings = " +
                    std::string(pendings) + " : i32} : tensor<8x8xf32>\n" + kWrap3,
                "%sn");
  };
  Built zero = build(src("0"));
  const DepEdge *e = edge(zero.graph, 3, 1);
  REQUIRE(e);
  CHECK(e->distance == 3);
  CHECK(e->kind == EdgeKind::Memory);
  // With one wgmma left pending, the wait does not say which: it waits on all of shared memory.
  Built one = build(src("1"));
  e = edge(one.graph, 3, 1);
  REQUIRE(e);
  CHECK(e->distance == 1);
  CHECK(e->ring == -1);
}

TEST_CASE("ring edges: an unproven ring keeps one-location edges and says why in a note") {
  // Nodes: 0 %a, 1 store, 2 %y (load), 3 %sn.
  Built b = build(loop("%s = %c0",
                       "    %a = ttg.memdesc_index %ring[%s] : !ttg.memdesc<3x8xf16> -> !ttg.memdesc<8xf16>\n"
                       "    ttg.local_store %v, %a : tensor<8xf16> -> !ttg.memdesc<8xf16>\n"
                       "    %y = ttg.local_load %a : !ttg.memdesc<8xf16> -> tensor<8xf16>\n"
                       "    %sn = arith.addi %s, %c1 : i32\n",
                       "%sn"));
  REQUIRE(b.graph.rings.size() == 1);
  CHECK_FALSE(b.graph.rings[0].proven);
  CHECK(b.graph.rings[0].slots == 3);  // its leading dimension
  CHECK(b.graph.rings[0].reason == "its slot %s grows with the iteration and never wraps round");
  const DepEdge *e = edge(b.graph, 2, 1);
  REQUIRE(e);
  CHECK(e->distance == 1);
  CHECK(e->ring == -1);
  REQUIRE(b.diags.all().size() == 1);
  CHECK(b.diags.all()[0].severity == Severity::Note);
  CHECK(b.diags.all()[0].message ==
        "the slots of ring %ring are ordered as one location: its slot %s grows with the iteration and never wraps "
        "round (docs/decisions.md, \"Ring buffers\")");
}

TEST_CASE("ring edges: more slots than the ring has, or the ring as a whole, is no proven ring") {
  Built wide = build(loop("%s = %c0",
                          "    %a = ttg.memdesc_index %ring[%s] : !ttg.memdesc<3x8xf16> -> !ttg.memdesc<8xf16>\n"
                          "    %y = ttg.local_load %a : !ttg.memdesc<8xf16> -> tensor<8xf16>\n"
                          "    %s1 = arith.addi %s, %c1 : i32\n    %sn = arith.remsi %s1, %c4 : i32\n",
                          "%sn"));
  REQUIRE(wide.graph.rings.size() == 1);
  CHECK(wide.graph.rings[0].reason == "its slot rotates through 4 values, but it has 3 slots");
  Built whole = build(loop("%s = %c0",
                           "    %a = ttg.memdesc_index %ring[%s] : !ttg.memdesc<3x8xf16> -> !ttg.memdesc<8xf16>\n"
                           "    %y = ttg.local_load %a : !ttg.memdesc<8xf16> -> tensor<8xf16>\n"
                           "    ttg.local_dealloc %ring : !ttg.memdesc<3x8xf16>\n" +
                               kWrap3,
                           "%sn"));
  REQUIRE(whole.graph.rings.size() == 1);
  CHECK(whole.graph.rings[0].reason == "it is also accessed as a whole, by ttg.local_dealloc");
}

// NVWS arefs as ring hand-offs: the k-th put and the k-th get of an aref over N buffers take slot
// k mod N, so the producer's put of iteration i + N waits for the consumer's get.exit of
// iteration i, and no sooner.
namespace {

// A loop putting a TMA tile into an aref over `slots` buffers and getting it back, then `extra`
// (%aref's type is `AREF` there). Nodes: 0 put.enter, 1 descriptor_load, 2 put.exit, 3 get.enter,
// 4 local_load, 5 get.exit.
std::string arefLoop(int slots, std::string extra = "") {
  const std::string buf = "!ttg.memdesc<" + std::to_string(slots) + "x8x8xf16>";
  const std::string aref = "<[" + buf + "]>";
  if (const size_t at = extra.find("AREF"); at != std::string::npos) extra.replace(at, 4, aref);
  return "tt.func @f(%n: i32, %d: !tt.tensordesc<tensor<8x8xf16>>, %p: i1) {\n"
         "  %c0 = arith.constant 0 : i32\n  %c1 = arith.constant 1 : i32\n"
         "  %buf = ttg.local_alloc : () -> " +
         buf +
         "\n"
         "  %aref = nvws.aref.create %buf : " +
         aref +
         "\n"
         "  scf.for %i = %c0 to %n step %c1 : i32 {\n"
         "    %b, %tok = nvws.aref.put.enter %aref[%c0, %c0] : " +
         aref +
         " -> !ttg.memdesc<8x8xf16>, !ttg.async.token\n"
         "    nvws.descriptor_load %d[%i, %c0] 128 %b : !tt.tensordesc<tensor<8x8xf16>>, i32, i32, "
         "!ttg.memdesc<8x8xf16>\n"
         "    nvws.aref.put.exit %aref[%c0], %tok [#nvws.async_op<tma_load>] : " +
         aref +
         ", !ttg.async.token\n"
         "    %g, %gtok = nvws.aref.get.enter %aref[%c0, %c0] : " +
         aref +
         " -> !ttg.memdesc<8x8xf16>, !ttg.async.token\n"
         "    %v = ttg.local_load %g : !ttg.memdesc<8x8xf16> -> tensor<8x8xf16>\n"
         "    nvws.aref.get.exit %aref[%c0], %gtok [#nvws.async_op<none>] : " +
         aref + ", !ttg.async.token\n" + extra + "  }\n  tt.return\n}\n";
}

}  // namespace

TEST_CASE("aref edges: the producer runs at most the aref's buffer count ahead of the consumer") {
  for (int slots : {1, 2, 3}) {
    INFO(slots << " buffers");
    Built b = build(arefLoop(slots), "blackwell");
    REQUIRE(b.graph.rings.size() == 2);
    for (const Ring &r : b.graph.rings) {
      INFO(r.value << ": " << r.reason);
      CHECK(r.proven);
      CHECK(r.slots == slots);
      CHECK(r.depthFrom == Ring::Depth::Aref);
    }
    CHECK(b.graph.rings[0].value == "%aref");
    CHECK(b.graph.rings[0].barrier);
    CHECK(b.graph.rings[1].value == "%buf");
    // The consumer's release of slot k frees it for the put N iterations later.
    const DepEdge *release = edge(b.graph, 5, 0);
    REQUIRE(release);
    CHECK(release->distance == slots);
    CHECK(release->kind == EdgeKind::Barrier);
    CHECK(release->ring == 0);
    // The TMA copy into slot k waits for the read of it N iterations back.
    const DepEdge *war = edge(b.graph, 4, 1);
    REQUIRE(war);
    CHECK(war->distance == slots);
    // Within an iteration the get waits for the put it pairs with.
    const DepEdge *handOff = edge(b.graph, 2, 3);
    REQUIRE(handOff);
    CHECK(handOff->distance == 0);
    CHECK(b.diags.all().empty());
  }
}

TEST_CASE("aref edges: a get that may not run in every iteration keeps the aref one location") {
  Built b = build(arefLoop(3,
                           "    scf.if %p {\n"
                           "      %h, %htok = nvws.aref.get.enter %aref[%c0, %c0] : AREF -> !ttg.memdesc<8x8xf16>, "
                           "!ttg.async.token\n"
                           "    }\n"),
                  "blackwell");
  REQUIRE_FALSE(b.graph.rings.empty());
  const Ring &aref = b.graph.rings[0];
  CHECK(aref.value == "%aref");
  CHECK_FALSE(aref.proven);
  CHECK(aref.reason.find("inside a region of the loop body") != std::string::npos);
  CHECK(aref.depthFrom == Ring::Depth::Aref);
}

TEST_CASE("aref edges: each consumer partition gets every slot once, one partition getting twice is no rotation") {
  const std::string get =
      "      %h, %htok = nvws.aref.get.enter %aref[%c0, %c0] ATTR: AREF -> !ttg.memdesc<8x8xf16>, "
      "!ttg.async.token\n";
  auto withAttr = [&](const std::string &attr) {
    std::string s = get;
    s.replace(s.find("ATTR"), 4, attr);
    return s;
  };
  Built two = build(arefLoop(2, withAttr("{ttg.partition = array<i32: 1>}")), "blackwell");
  REQUIRE_FALSE(two.graph.rings.empty());
  CHECK(two.graph.rings[0].proven);
  Built twice = build(arefLoop(2, withAttr("")), "blackwell");
  REQUIRE_FALSE(twice.graph.rings.empty());
  CHECK_FALSE(twice.graph.rings[0].proven);
  CHECK(twice.graph.rings[0].reason == "its buffers are got twice per iteration by one partition");
}
