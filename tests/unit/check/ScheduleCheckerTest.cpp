// The independent checker on hand-built graphs: one clean schedule per rule and one violation
// of every kind (seed 004's constraints included), with the numbers the message must carry.
#include <catch2/catch.hpp>

#include "check/ScheduleChecker.h"

using namespace tilesched;

namespace {

Resource slot(const std::string &name, int id) {
  Resource r;
  r.name = name;
  r.isSlot = true;
  r.capacity = 1;
  r.slotId = id;
  r.kind = "coarse";
  return r;
}

Resource pool(const std::string &name, int capacity) {
  Resource r;
  r.name = name;
  r.isSlot = false;
  r.capacity = capacity;
  return r;
}

// Resource indices: 0 = slot "tma", 1 = pool "ldst" (capacity 2).
TargetModel machine() {
  TargetModel m;
  m.name = "test";
  m.resources = {slot("tma", 1), pool("ldst", 2)};
  return m;
}

OpResources uses(int latency, Footprint fp) {
  OpResources r;
  r.latency = latency;
  r.footprint = std::move(fp);
  r.source = OpResources::Source::Override;
  return r;
}

DependenceGraph graphOf(int n, std::vector<DepEdge> edges) {
  DependenceGraph g;
  g.numNodes = n;
  g.edges = std::move(edges);
  g.succ.assign(n, {});
  g.pred.assign(n, {});
  for (size_t e = 0; e < g.edges.size(); ++e) {
    g.succ[g.edges[e].src].push_back((int)e);
    g.pred[g.edges[e].dst].push_back((int)e);
  }
  return g;
}

DepEdge edge(int src, int dst, int latency, int distance) {
  DepEdge e;
  e.src = src;
  e.dst = dst;
  e.latency = latency;
  e.distance = distance;
  e.kind = distance ? EdgeKind::Carried : EdgeKind::Data;
  return e;
}

// Stage and order derived from cycles the way the contract says (SPEC §5.1).
std::vector<CheckedOp> at(int ii, const std::vector<int> &cycles) {
  std::vector<CheckedOp> ops(cycles.size());
  for (size_t i = 0; i < cycles.size(); ++i) {
    ops[i].cycle = cycles[i];
    ops[i].stage = cycles[i] / ii;
    for (size_t j = 0; j < cycles.size(); ++j)
      if (cycles[j] / ii == cycles[i] / ii && (cycles[j] < cycles[i] || (cycles[j] == cycles[i] && j < i)))
        ++ops[i].order;
  }
  return ops;
}

std::vector<Violation> ofKind(const std::vector<Violation> &all, Violation::Kind k) {
  std::vector<Violation> out;
  for (const Violation &v : all)
    if (v.kind == k) out.push_back(v);
  return out;
}

const std::vector<std::string> kNames = {"%a", "%b", "%c", "%d"};

// The checker without seed 004 constraints.
std::vector<Violation> checkSchedule(const DependenceGraph &g, const std::vector<OpResources> &res,
                                     const TargetModel &m, int ii, const std::vector<CheckedOp> &ops,
                                     const std::vector<std::string> &names = {}) {
  return tilesched::checkSchedule({g, res, m, nullptr, &names}, ii, ops);
}

}  // namespace

TEST_CASE("a clean modulo schedule has no violations", "[check]") {
  // %a -tma-> %b -> %c, %c feeds %a of the next iteration; %d uses both ldst units.
  TargetModel m = machine();
  auto g = graphOf(4, {edge(0, 1, 3, 0), edge(1, 2, 2, 0), edge(2, 0, 1, 1)});
  std::vector<OpResources> res = {uses(3, {{0}, {0}}), uses(2, {{1}}), uses(1, {{1}}), uses(1, {{1, 1}})};
  // II 6: %a rows 0,1 (tma); %b row 3, %c row 5, %d row 1 (ldst x2).
  auto ops = at(6, {0, 3, 5, 7});
  CHECK(checkSchedule(g, res, m, 6, ops, kNames).empty());
}

TEST_CASE("II below 1 is reported once and nothing else is checked", "[check]") {
  TargetModel m = machine();
  auto g = graphOf(1, {});
  std::vector<OpResources> res = {uses(1, {})};
  for (int ii : {0, -3}) {
    auto v = checkSchedule(g, res, m, ii, {CheckedOp{}}, kNames);
    REQUIRE(v.size() == 1);
    CHECK(v[0].kind == Violation::Kind::BadII);
    CHECK(v[0].message == "II must be at least 1, but the schedule has II " + std::to_string(ii));
  }
}

TEST_CASE("a dependence violation names the edge and the arithmetic", "[check]") {
  TargetModel m = machine();
  auto g = graphOf(2, {edge(0, 1, 8, 1)});
  std::vector<OpResources> res = {uses(8, {}), uses(1, {})};
  const std::vector<std::string> names = {"%a", "%d"};
  auto v = checkSchedule(g, res, m, 4, at(4, {3, 5}), names);
  REQUIRE(v.size() == 1);
  CHECK(v[0].kind == Violation::Kind::Dependence);
  CHECK(v[0].node == 1);
  CHECK(v[0].otherNode == 0);
  CHECK(v[0].edge == 0);
  CHECK(v[0].message ==
        "edge %a -> %d (latency 8, distance 1) needs cycle(%d) >= 3 + 8 - 1*4 = 7, but "
        "cycle(%d) = 5");
  // Exactly at the bound is legal.
  CHECK(checkSchedule(g, res, m, 4, at(4, {3, 7}), names).empty());
}

TEST_CASE("a carried edge is relaxed by II times its distance", "[check]") {
  TargetModel m = machine();
  auto g = graphOf(2, {edge(1, 0, 5, 2)});
  std::vector<OpResources> res = {uses(1, {}), uses(5, {})};
  // cycle(a) = 0 >= 9 + 5 - 2*7 = 0 at II 7; at II 6 the bound is 2.
  CHECK(checkSchedule(g, res, m, 7, at(7, {0, 9}), kNames).empty());
  auto v = checkSchedule(g, res, m, 6, at(6, {0, 9}), kNames);
  REQUIRE(v.size() == 1);
  CHECK(v[0].message ==
        "edge %b -> %a (latency 5, distance 2) needs cycle(%a) >= 9 + 5 - 2*6 = 2, but "
        "cycle(%a) = 0");
}

TEST_CASE("a ring edge is checked at the distance its slot comes round, and named", "[check]") {
  // %a (a dot_wait) retires the slot %b (a TMA copy) writes again three iterations later: the
  // memory edge %a -> %b of distance 3. At II 4 the copy may start 3*4 - 9 = 3 cycles before the
  // wait of three iterations back, no earlier.
  TargetModel m = machine();
  DepEdge e = edge(0, 1, 9, 3);
  e.kind = EdgeKind::Memory;
  e.ring = 0;
  auto g = graphOf(2, {e});
  Ring ring;
  ring.value = "%a_ring";
  ring.slots = 3;
  ring.proven = true;
  g.rings = {ring};
  std::vector<OpResources> res = {uses(9, {}), uses(1, {})};
  const std::vector<std::string> names = {"%a", "%b"};
  CHECK(checkSchedule(g, res, m, 4, at(4, {9, 6}), names).empty());
  auto v = checkSchedule(g, res, m, 4, at(4, {9, 5}), names);
  REQUIRE(v.size() == 1);
  CHECK(v[0].kind == Violation::Kind::MemoryOrder);
  CHECK(v[0].edge == 0);
  CHECK(v[0].message ==
        "memory edge %a -> %b (latency 9, distance 3; both touch the same slot of ring %a_ring (3 slots)) needs "
        "cycle(%b) >= 9 + 9 - 3*4 = 6, but cycle(%b) = 5");
}

TEST_CASE("a singleton slot is held at most once per modulo row", "[check]") {
  TargetModel m = machine();
  auto g = graphOf(2, {});
  std::vector<OpResources> res = {uses(1, {{0}}), uses(1, {{0}})};
  CHECK(checkSchedule(g, res, m, 4, at(4, {0, 5}), kNames).empty());
  auto v = checkSchedule(g, res, m, 4, at(4, {1, 5}), kNames);
  REQUIRE(v.size() == 1);
  CHECK(v[0].kind == Violation::Kind::Resource);
  CHECK(v[0].row == 1);
  CHECK(v[0].resource == "tma");
  CHECK(v[0].node == 1);
  CHECK(v[0].otherNode == 0);
  CHECK(v[0].message ==
        "modulo row 1 (II 4): slot tma is held 2 times, at most once per row: %a (cycle 1, "
        "footprint row 0), %b (cycle 5, footprint row 0)");
}

TEST_CASE("a footprint longer than II wraps onto its own rows", "[check]") {
  TargetModel m = machine();
  auto g = graphOf(1, {});
  // Three cycles of tma at II 2: rows 0, 1, 0.
  std::vector<OpResources> res = {uses(3, {{0}, {0}, {0}})};
  CHECK(checkSchedule(g, res, m, 3, at(3, {0}), kNames).empty());
  auto v = checkSchedule(g, res, m, 2, at(2, {0}), kNames);
  REQUIRE(v.size() == 1);
  CHECK(v[0].kind == Violation::Kind::Resource);
  CHECK(v[0].row == 0);
  CHECK(v[0].node == 0);
  CHECK(v[0].otherNode == 0);
  CHECK(v[0].message ==
        "modulo row 0 (II 2): slot tma is held 2 times, at most once per row: %a (cycle 0, "
        "footprint row 0), %a (cycle 0, footprint row 2)");
}

TEST_CASE("a pool holds at most its capacity, each listing is one unit", "[check]") {
  TargetModel m = machine();
  auto g = graphOf(3, {});
  SECTION("two single units fit, a third overflows") {
    std::vector<OpResources> res = {uses(1, {{1}}), uses(1, {{1}}), uses(1, {{1}})};
    CHECK(checkSchedule(g, res, m, 3, at(3, {0, 3, 1}), kNames).empty());
    auto v = checkSchedule(g, res, m, 3, at(3, {0, 3, 6}), kNames);
    REQUIRE(v.size() == 1);
    CHECK(v[0].resource == "ldst");
    CHECK(v[0].node == 2);
    CHECK(v[0].message ==
          "modulo row 0 (II 3): pool ldst holds 3 units, capacity 2: %a (cycle 0, footprint row "
          "0), %b (cycle 3, footprint row 0), %c (cycle 6, footprint row 0)");
  }
  SECTION("a pool listed twice in one row takes two units") {
    std::vector<OpResources> res = {uses(1, {{1, 1}}), uses(1, {{1}}), uses(1, {})};
    CHECK(checkSchedule(g, res, m, 2, at(2, {0, 1, 0}), kNames).empty());
    auto v = checkSchedule(g, res, m, 2, at(2, {0, 2, 0}), kNames);
    REQUIRE(v.size() == 1);
    CHECK(v[0].message.find("pool ldst holds 3 units, capacity 2") != std::string::npos);
  }
}

TEST_CASE("long occupant lists are cut after eight names", "[check]") {
  TargetModel m = machine();
  auto g = graphOf(11, {});
  std::vector<OpResources> res(11, uses(1, {{0}}));
  auto v = checkSchedule(g, res, m, 1, at(1, std::vector<int>(11, 0)));
  REQUIRE(v.size() == 1);
  CHECK(v[0].message.find("slot tma is held 11 times") != std::string::npos);
  CHECK(v[0].message.find("op#7 (cycle 0, footprint row 0) and 3 more") != std::string::npos);
  CHECK(v[0].message.find("op#8") == std::string::npos);
}

TEST_CASE("stage must be floor(cycle / II) and cycles start at 0", "[check]") {
  TargetModel m = machine();
  auto g = graphOf(2, {});
  std::vector<OpResources> res = {uses(1, {}), uses(1, {})};
  std::vector<CheckedOp> ops = {{1, 0, 9}, {0, 0, -1}};
  auto v = checkSchedule(g, res, m, 4, ops, kNames);
  auto stages = ofKind(v, Violation::Kind::StageMismatch);
  REQUIRE(stages.size() == 2);
  CHECK(stages[0].node == 0);
  CHECK(stages[0].message == "%a has stage 1, but cycle 9 at II 4 is stage 9 / 4 = 2");
  CHECK(stages[1].node == 1);
  CHECK(stages[1].message == "%b starts at cycle -1, but cycles start at 0, so no stage holds it");
}

TEST_CASE("(stage, order) is unique per block", "[check]") {
  TargetModel m = machine();
  auto g = graphOf(3, {});
  std::vector<OpResources> res(3, uses(1, {}));
  // Same order in different stages is fine; the same (stage, order) twice is not.
  std::vector<CheckedOp> ops = {{0, 0, 1}, {1, 0, 4}, {0, 0, 1}};
  auto v = checkSchedule(g, res, m, 4, ops, kNames);
  REQUIRE(v.size() == 1);
  CHECK(v[0].kind == Violation::Kind::DuplicateStageOrder);
  CHECK(v[0].node == 2);
  CHECK(v[0].otherNode == 0);
  CHECK(v[0].message == "%a and %c share (stage 0, order 0)");
}

TEST_CASE("order ranks ops by cycle inside a stage", "[check]") {
  TargetModel m = machine();
  auto g = graphOf(4, {});
  std::vector<OpResources> res(4, uses(1, {}));
  SECTION("equal cycles may come in any order; orders need not be dense") {
    std::vector<CheckedOp> ops = {{0, 5, 2}, {0, 1, 2}, {0, 9, 3}, {1, 0, 4}};
    CHECK(checkSchedule(g, res, m, 4, ops, kNames).empty());
  }
  SECTION("a lower order that starts later is reported") {
    std::vector<CheckedOp> ops = {{0, 0, 3}, {0, 1, 1}, {0, 2, 2}, {1, 0, 4}};
    auto v = checkSchedule(g, res, m, 4, ops, kNames);
    REQUIRE(v.size() == 2);
    CHECK(v[0].kind == Violation::Kind::OrderMismatch);
    CHECK(v[0].node == 1);
    CHECK(v[0].otherNode == 0);
    CHECK(v[0].message ==
          "in stage 0, %a (order 0, cycle 3) is ordered before %b (order 1, cycle 1), which "
          "starts earlier");
    CHECK(v[1].node == 2);
    CHECK(v[1].otherNode == 0);
  }
  SECTION("an inversion across a group of equal orders is still seen") {
    // Orders 0 (cycle 6), 1 (cycle 7), 1 (cycle 4): the duplicate hides nothing.
    std::vector<CheckedOp> ops = {{1, 0, 6}, {1, 1, 7}, {1, 1, 4}, {0, 0, 0}};
    auto v = checkSchedule(g, res, m, 4, ops, kNames);
    REQUIRE(ofKind(v, Violation::Kind::DuplicateStageOrder).size() == 1);
    auto order = ofKind(v, Violation::Kind::OrderMismatch);
    REQUIRE(order.size() == 1);
    CHECK(order[0].node == 2);
    CHECK(order[0].otherNode == 0);
  }
}

TEST_CASE("inputs that disagree are a shape violation, not a crash", "[check]") {
  TargetModel m = machine();
  SECTION("the problem's own rules, worded as ModuloProblem::check() words them") {
    TargetModel bad = machine();
    bad.resources[0].capacity = 2;
    auto v = checkSchedule(graphOf(1, {}), {uses(1, {})}, bad, 2, {CheckedOp{}});
    REQUIRE(v.size() == 1);
    CHECK(v[0].kind == Violation::Kind::Shape);
    CHECK(v[0].message == "slot 'tma' has capacity 2, but a slot is a singleton (capacity 1)");
  }
  SECTION("op counts") {
    auto g = graphOf(2, {});
    auto v = checkSchedule(g, {uses(1, {}), uses(1, {})}, m, 2, {CheckedOp{}});
    REQUIRE(v.size() == 1);
    CHECK(v[0].kind == Violation::Kind::Shape);
    CHECK(v[0].message == "the block has 2 ops, but the schedule gives 1");
  }
  SECTION("edge endpoints and resource indices") {
    DependenceGraph g;
    g.numNodes = 1;
    g.edges = {edge(0, 3, 1, 0)};
    auto v = checkSchedule(g, {uses(1, {{7}})}, m, 2, {CheckedOp{}});
    REQUIRE(v.size() == 2);
    CHECK(v[0].kind == Violation::Kind::Shape);
    CHECK(v[0].edge == 0);
    CHECK(v[0].message == "data edge 0 (0 -> 3) names an op outside 0..0");
    CHECK(v[1].message == "op#0 footprint row 0 names resource index 7, but target model 'test' has 2 resources");
  }
}

namespace {

ConstraintSlot group(uint32_t gid, uint32_t leader) {
  ConstraintSlot s;
  s.gid = gid;
  s.leader_gid = leader;
  return s;
}

// The full checker on `n` unconstrained, resource-free ops of latency `latency`.
struct Constrained {
  TargetModel m = machine();
  DependenceGraph g;
  std::vector<OpResources> res;
  ConstraintState cs;
  explicit Constrained(int n, int latency = 1) : g(graphOf(n, {})), res(n, uses(latency, {})) { cs.slots.resize(n); }
  std::vector<Violation> check(int ii, const std::vector<CheckedOp> &ops) const {
    return checkSchedule({g, res, m, &cs, &kNames}, ii, ops);
  }
};

}  // namespace

TEST_CASE("max_depth bounds the depth, stage + 1, 0 reads as absent", "[check]") {
  Constrained c(3);
  c.cs.slots[0].max_depth = 1;
  c.cs.slots[1].max_depth = 2;
  c.cs.slots[2].max_depth = 0;
  CHECK(c.check(4, at(4, {0, 4, 11})).empty());
  auto v = c.check(4, at(4, {4, 8, 11}));
  REQUIRE(v.size() == 2);
  CHECK(v[0].kind == Violation::Kind::MaxDepth);
  CHECK(v[0].node == 0);
  CHECK(v[0].message == "%a has max_depth = 1, so its depth (stage + 1) is at most 1, but it is in stage 1 (depth 2)");
  CHECK(v[1].node == 1);
  // Without constraint slots nothing of seed 004 is checked.
  CHECK(checkSchedule({c.g, c.res, c.m}, 4, at(4, {4, 8, 11})).empty());
}

TEST_CASE("ops of one gid share a stage, zero-filled slots are in no group", "[check]") {
  Constrained c(4);
  c.cs.slots[0] = group(3, 3);
  c.cs.slots[2] = group(3, 3);
  // %b and %d carry no group although their gid reads as 0.
  CHECK(c.check(4, at(4, {0, 5, 3, 9})).empty());
  auto v = c.check(4, at(4, {0, 5, 6, 9}));
  REQUIRE(v.size() == 1);
  CHECK(v[0].kind == Violation::Kind::SameDepth);
  CHECK(v[0].node == 2);
  CHECK(v[0].otherNode == 0);
  CHECK(v[0].message ==
        "%c and %a both carry gid 3, a same-depth group, so they share a stage, but %c is in stage 1 and %a is in "
        "stage 0");
}

TEST_CASE("leader_gid joins groups, also through a gid no op carries and through nested ops", "[check]") {
  SECTION("a follower and its leader") {
    Constrained c(2);
    c.cs.slots[0] = group(3, 3);
    c.cs.slots[1] = group(5, 3);
    CHECK(c.check(4, at(4, {0, 3})).empty());
    auto v = c.check(4, at(4, {0, 4}));
    REQUIRE(v.size() == 1);
    CHECK(v[0].kind == Violation::Kind::Leader);
    CHECK(v[0].node == 1);
    CHECK(v[0].otherNode == 0);
    CHECK(v[0].message ==
          "%b (gid 5) and %a (gid 3) are one group through leader_gid (%b: gid 5 follows leader 3), so they share a "
          "stage, but %b is in stage 1 and %a is in stage 0");
  }
  SECTION("two gids without leader_gid both graft onto group 0 (seed 004 quirk)") {
    Constrained c(3);
    c.cs.slots[0] = group(7, 0);
    c.cs.slots[2] = group(9, 0);
    auto v = c.check(4, at(4, {0, 1, 4}));
    REQUIRE(v.size() == 1);
    CHECK(v[0].node == 2);
    CHECK(v[0].message.find("(%c: gid 9 follows leader 0)") != std::string::npos);
  }
  SECTION("a union read from an op nested in a region") {
    Constrained c(3);
    c.cs.slots[0] = group(3, 3);
    c.cs.slots[1] = group(5, 5);
    c.cs.nested.push_back({group(5, 3), 2, 12});
    auto v = c.check(4, at(4, {0, 4, 0}));
    REQUIRE(v.size() == 1);
    CHECK(v[0].node == 1);
    CHECK(v[0].message.find("(the op at line 12 inside %c: gid 5 follows leader 3)") != std::string::npos);
  }
}

TEST_CASE("a force_serial_execution op runs alone in its iteration", "[check]") {
  Constrained c(3, 4);
  c.cs.slots[1].flags = FlagForceSerial;
  CHECK(c.check(12, at(12, {0, 4, 8})).empty());
  SECTION("it starts after every earlier op completes") {
    auto v = c.check(12, at(12, {0, 3, 8}));
    REQUIRE(v.size() == 1);
    CHECK(v[0].kind == Violation::Kind::ForceSerial);
    CHECK(v[0].node == 1);
    CHECK(v[0].otherNode == 0);
    CHECK(v[0].message ==
          "%b is force_serial_execution, so it starts after %a completes (cycle 0 + latency 4 = 4), but it starts "
          "at cycle 3");
  }
  SECTION("later ops start after it completes") {
    auto v = c.check(12, at(12, {0, 4, 7}));
    REQUIRE(v.size() == 1);
    CHECK(v[0].node == 2);
    CHECK(v[0].message ==
          "%b is force_serial_execution, so the later op %c starts after %b completes (cycle 4 + latency 4 = 8), "
          "but it starts at cycle 7");
  }
  SECTION("its instances do not overlap") {
    auto v = c.check(3, at(3, {0, 4, 8}));
    REQUIRE(v.size() == 1);
    CHECK(v[0].message ==
          "%b is force_serial_execution, so its instances do not overlap, but its latency 4 exceeds II 3");
  }
  SECTION("on the loop, iterations do not overlap") {
    c.cs.slots[1].flags = 0;
    c.cs.regionForceSerial = true;
    auto v = c.check(11, at(11, {0, 4, 8}));
    REQUIRE(v.size() == 1);
    CHECK(v[0].node == 0);
    CHECK(v[0].otherNode == 2);
    CHECK(v[0].message ==
          "the loop is force_serial_execution, so iterations do not overlap, but the next iteration's %a starts at "
          "cycle 0 + II 11 = 11, before %c completes (cycle 8 + latency 4 = 12)");
    CHECK(c.check(12, at(12, {0, 4, 8})).empty());
  }
}

TEST_CASE("a constraint state of another size is a shape violation", "[check]") {
  Constrained c(2);
  c.cs.slots.resize(1);
  auto v = c.check(4, at(4, {0, 1}));
  REQUIRE(v.size() == 1);
  CHECK(v[0].kind == Violation::Kind::Shape);
  CHECK(v[0].message == "the block has 2 ops, but its constraint state has 1 slots");
}

TEST_CASE("the check generation consults keeps the dependence and resource rules, not seed 004's", "[check]") {
  // ProposedScheduleChecker: a max_depth the schedule breaks may be one a refinement round lifted,
  // so only verify() reports it; a broken dependence fails both.
  auto analysisAt = [](int ii, const std::vector<int> &cycles) {
    ScheduleAnalysis a;
    a.ii = ii;
    for (const CheckedOp &op : at(ii, cycles)) a.ops.push_back({op.stage, op.order, op.cycle});
    return a;
  };
  Constrained c(3);
  c.cs.slots[0].max_depth = 1;
  const ModuloProblem constrained(c.g, c.res, c.m, &c.cs, &kNames);
  const ScheduleAnalysis deep = analysisAt(4, {4, 8, 11});
  CHECK(ofKind(verify(constrained, deep), Violation::Kind::MaxDepth).size() == 1);
  CHECK(ProposedScheduleChecker().accepts(constrained, deep));

  TargetModel m = machine();
  auto g = graphOf(2, {edge(0, 1, 5, 0)});
  std::vector<OpResources> res = {uses(5, {}), uses(1, {})};
  const ModuloProblem chain(g, res, m);
  CHECK(ProposedScheduleChecker().accepts(chain, analysisAt(8, {0, 5})));
  CHECK_FALSE(ProposedScheduleChecker().accepts(chain, analysisAt(8, {0, 2})));
}
