// NVWS arefs as ring hand-offs (docs/decisions.md, "Ring buffers"): the k-th put and the k-th get
// of an aref over N buffers take slot k mod N, so the producer's put of iteration i + N waits for
// the consumer's get.exit of iteration i, and no sooner.
#include <catch2/catch.hpp>

#include "TestSupport.h"
#include "graph/DependenceGraph.h"

using namespace tilesched;

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

struct Built {
  std::unique_ptr<test::Parsed> parsed;
  DependenceGraph graph;
  DiagnosticEngine diags;
};

Built build(const std::string &src) {
  Built b;
  b.parsed = test::parseBlocks(src);
  INFO(test::diagText(b.parsed->diags));
  REQUIRE_FALSE(b.parsed->diags.hasErrors());
  const ScheduledBlock &sb = b.parsed->blocks[0];
  std::vector<OpResources> res(sb.ops.size());
  for (OpResources &r : res) r.latency = 1;
  b.graph =
      buildDependenceGraph(sb, res, b.diags, TypeAliases(*b.parsed->module), builtinTargetModel("blackwell").get());
  return b;
}

const DepEdge *edge(const DependenceGraph &g, int src, int dst) {
  for (const DepEdge &e : g.edges)
    if (e.src == src && e.dst == dst) return &e;
  return nullptr;
}

}  // namespace

TEST_CASE("aref edges: the producer runs at most the aref's buffer count ahead of the consumer") {
  for (int slots : {1, 2, 3}) {
    INFO(slots << " buffers");
    Built b = build(arefLoop(slots));
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
                           "    }\n"));
  REQUIRE_FALSE(b.graph.rings.empty());
  const Ring &aref = b.graph.rings[0];
  CHECK(aref.value == "%aref");
  CHECK_FALSE(aref.proven);
  CHECK(aref.reason.find("inside a region of the loop body") != std::string::npos);
  CHECK(aref.depthFrom == Ring::Depth::Aref);
}

TEST_CASE("aref edges: each consumer partition gets every slot once; one partition getting twice is no rotation") {
  const std::string get =
      "      %h, %htok = nvws.aref.get.enter %aref[%c0, %c0] ATTR: AREF -> !ttg.memdesc<8x8xf16>, "
      "!ttg.async.token\n";
  auto withAttr = [&](const std::string &attr) {
    std::string s = get;
    s.replace(s.find("ATTR"), 4, attr);
    return s;
  };
  Built two = build(arefLoop(2, withAttr("{ttg.partition = array<i32: 1>}")));
  REQUIRE_FALSE(two.graph.rings.empty());
  CHECK(two.graph.rings[0].proven);
  Built twice = build(arefLoop(2, withAttr("")));
  REQUIRE_FALSE(twice.graph.rings.empty());
  CHECK_FALSE(twice.graph.rings[0].proven);
  CHECK(twice.graph.rings[0].reason == "its buffers are got twice per iteration by one partition");
}
