// ModuloProblem::check(): one test per shape it rejects, each with the located error it
// reports, and a well-formed problem that passes and schedules.
#include <catch2/catch.hpp>

#include "TestSupport.h"
#include "contract/ModuloProblem.h"
#include "generate/GenerateSchedule.h"

using namespace tilesched;

namespace {

// Resource 0: slot "tma"; resource 1: pool "ldst" of two units.
TargetModel machine() {
  TargetModel m;
  m.name = "test";
  m.resources.push_back({"tma", 1, true, 1, "coarse"});
  m.resources.push_back({"ldst", 2, false, 0, "ldst"});
  return m;
}

DependenceGraph chain(int n) {
  DependenceGraph g;
  g.numNodes = n;
  g.succ.assign(n, {});
  g.pred.assign(n, {});
  for (int v = 0; v + 1 < n; ++v) {
    DepEdge e;
    e.src = v;
    e.dst = v + 1;
    e.latency = 1;
    g.succ[v].push_back(static_cast<int>(g.edges.size()));
    g.pred[v + 1].push_back(static_cast<int>(g.edges.size()));
    g.edges.push_back(e);
  }
  return g;
}

std::vector<OpResources> uses(int n, Footprint fp = {{0}, {1}}) {
  std::vector<OpResources> r(n);
  for (OpResources &x : r) {
    x.latency = 2;
    x.footprint = fp;
  }
  return r;
}

// The single defect's message, after checking it is the only one.
std::string onlyDefect(const ModuloProblem &p) {
  const std::vector<ProblemDefect> d = p.defects();
  REQUIRE(d.size() == 1);
  return d.front().message;
}

}  // namespace

TEST_CASE("a well-formed problem has no defect and schedules", "[contract]") {
  const TargetModel m = machine();
  const DependenceGraph g = chain(3);
  const std::vector<OpResources> r = uses(3);
  const ModuloProblem p{g, r, m};
  DiagnosticEngine diags;
  CHECK(p.check(diags));
  CHECK(diags.all().empty());
  CHECK(generateSchedule(p, ScheduleOptions{}, diags).valid);
}

TEST_CASE("check rejects a resource list of another length", "[contract]") {
  const TargetModel m = machine();
  const DependenceGraph g = chain(3);
  const std::vector<OpResources> r = uses(2);
  CHECK(onlyDefect({g, r, m}) == "the block has 3 ops, but its resource list has 2 entries");
}

TEST_CASE("check rejects an edge whose endpoint is not an op", "[contract]") {
  const TargetModel m = machine();
  DependenceGraph g = chain(2);
  g.edges[0].dst = 5;
  const std::vector<OpResources> r = uses(2);
  CHECK(onlyDefect({g, r, m}) == "data edge 0 (0 -> 5) names an op outside 0..1");
}

TEST_CASE("check rejects a footprint naming a resource the model lacks", "[contract]") {
  const TargetModel m = machine();
  const DependenceGraph g = chain(2);
  std::vector<OpResources> r = uses(2);
  r[1].footprint = {{0}, {1, 4}};
  const std::vector<std::string> names = {"%a", "%b"};
  CHECK(onlyDefect({g, r, m, nullptr, &names}) ==
        "%b footprint row 1 names resource index 4, but target model 'test' has 2 resources");
  // The generators refuse it too, instead of inventing a resource.
  DiagnosticEngine diags;
  const ScheduleAnalysis a = generateSchedule({g, r, m, nullptr, &names}, ScheduleOptions{}, diags);
  CHECK_FALSE(a.valid);
  REQUIRE(a.notes.size() == 1);
  CHECK(a.notes[0].text.find("index 4") != std::string::npos);
}

TEST_CASE("check rejects a slot whose capacity is not one and a pool without units", "[contract]") {
  const DependenceGraph g = chain(2);
  const std::vector<OpResources> r = uses(2);
  struct Case {
    int resource, capacity;
    const char *message;
  };
  for (const Case &c : {Case{0, 2, "slot 'tma' has capacity 2, but a slot is a singleton (capacity 1)"},
                        Case{0, 0, "slot 'tma' has capacity 0, but a slot is a singleton (capacity 1)"},
                        Case{1, 0, "pool 'ldst' has capacity 0, but a pool holds at least one unit per row"},
                        Case{1, -3, "pool 'ldst' has capacity -3, but a pool holds at least one unit per row"}}) {
    TargetModel m = machine();
    m.resources[c.resource].capacity = c.capacity;
    CHECK(onlyDefect({g, r, m}) == c.message);
  }
}

TEST_CASE("check rejects a constraint state of another length and a nested slot enclosed by no op", "[contract]") {
  const TargetModel m = machine();
  const DependenceGraph g = chain(2);
  const std::vector<OpResources> r = uses(2);
  ConstraintState cs;
  cs.slots.resize(3);
  CHECK(onlyDefect({g, r, m, &cs}) == "the block has 2 ops, but its constraint state has 3 slots");
  cs.slots.resize(2);
  cs.nested.push_back({ConstraintSlot{}, 2, 14});
  CHECK(onlyDefect({g, r, m, &cs}) ==
        "the constraint slot of the nested op at line 14 is enclosed by op 2, outside 0..1");
}

TEST_CASE("check locates each defect at its op, else at the block", "[contract]") {
  const std::string text =
      "func.func @f(%n: index) {\n"
      "  scf.for %i = %n to %n step %n {\n"
      "    %a = arith.addi %i, %i : index\n"
      "    %b = arith.addi %a, %a : index\n"
      "  }\n"
      "  return\n"
      "}\n";
  const auto parsed = test::parseBlocks(text);
  REQUIRE(parsed->blocks.size() == 1);
  REQUIRE(parsed->blocks[0].ops.size() == 2);
  TargetModel m = machine();
  m.resources[0].capacity = 3;
  const DependenceGraph g = chain(2);
  std::vector<OpResources> r = uses(2);
  r[1].footprint = {{9}, {1}};
  const ModuloProblem p{g, r, m, nullptr, nullptr, &parsed->blocks[0]};
  DiagnosticEngine diags;
  CHECK_FALSE(p.check(diags));
  const std::string out = test::diagText(diags);
  INFO(out);
  CHECK(out.find("4:10: error: malformed scheduling problem: op#1 footprint row 0 names resource index 9") !=
        std::string::npos);
  CHECK(out.find("2:3: error: malformed scheduling problem: slot 'tma' has capacity 3") != std::string::npos);
}
