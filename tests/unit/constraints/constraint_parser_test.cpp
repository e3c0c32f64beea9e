// parseConstraints (seed 004): the nine keys, inherent-then-discardable lookup, u32 narrowing,
// presence-only unit keys, the directional DSU, the pending set, the region flag, and a
// located warning for each documented quirk.
#include <catch2/catch.hpp>

#include "TestSupport.h"
#include "constraints/Constraints.h"

using namespace tilesched;

namespace {

struct Run {
  std::unique_ptr<test::Parsed> parsed;
  ConstraintState state;
  DiagnosticEngine diags;
  std::string src;
};

// Parses `body` as the body of one scf.for (plus `loopAttrs` after it) and reads its constraints.
std::unique_ptr<Run> run(const std::string &body, const std::string &loopAttrs = "") {
  auto r = std::make_unique<Run>();
  r->src = "func.func @f(%n: index) {\n  scf.for %i = %n to %n step %n {\n" + body + "    scf.yield\n  } " + loopAttrs +
           "\n  return\n}\n";
  r->parsed = test::parseBlocks(r->src);
  INFO(test::diagText(r->parsed->diags));
  REQUIRE_FALSE(r->parsed->diags.hasErrors());
  REQUIRE(r->parsed->blocks.size() == 1);
  r->state = parseConstraints(r->parsed->blocks[0], r->diags);
  return r;
}

// Position of the `nth` occurrence of `needle` in `src` (1-based line and column).
SourceLoc locOf(const std::string &src, const std::string &needle, int nth = 1) {
  size_t at = std::string::npos;
  for (int i = 0; i < nth; ++i) at = src.find(needle, at == std::string::npos ? 0 : at + 1);
  REQUIRE(at != std::string::npos);
  size_t lineStart = src.rfind('\n', at);
  lineStart = lineStart == std::string::npos ? 0 : lineStart + 1;
  int line = 1;
  for (size_t i = 0; i < at; ++i) line += src[i] == '\n';
  return {line, static_cast<int>(at - lineStart) + 1};
}

// The diagnostics whose message contains `quirk`.
std::vector<Diagnostic> withText(const DiagnosticEngine &d, const std::string &quirk) {
  std::vector<Diagnostic> out;
  for (const Diagnostic &x : d.all())
    if (x.message.find(quirk) != std::string::npos) out.push_back(x);
  return out;
}

// Exactly one warning naming `quirk`, starting at the `nth` occurrence of `at`.
Diagnostic oneWarning(const Run &r, const std::string &quirk, const std::string &at, int nth = 1) {
  auto found = withText(r.diags, quirk);
  INFO(test::diagText(r.diags));
  REQUIRE(found.size() == 1);
  CHECK(found[0].severity == Severity::Warning);
  SourceLoc want = locOf(r.src, at, nth);
  CHECK(found[0].range.begin.line == want.line);
  CHECK(found[0].range.begin.col == want.col);
  return found[0];
}

bool mentions(const Diagnostic &d, const std::string &text) { return d.message.find(text) != std::string::npos; }

}  // namespace

TEST_CASE("constraints: the nine keys fill the slot words and absent keys stay zero") {
  auto r = run(
      R"(    %a = x.op %i {tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 3 : i32, tileas.schedule.constraint.max_depth = 2 : i32, tileas.schedule.constraint.force_serial_execution, tileas.preferred_atom_size = 64 : i32, tileas.max_num_slices_for_non_reduce_axis = 4 : i32, tileas.max_num_of_recomputations = 5 : i32, tileas.enable_defusion_if_fusion_extending_liveness, tileas.recomputable} : i32
    %b = x.op %a {tileas.schedule.constraint.force_serial_execution} : i32
    %c = x.op %b {tileas.recomputable} : i32
    %d = x.op %c {tileas.enable_defusion_if_fusion_extending_liveness} : i32
    %e = x.op %d : i32
)");
  CHECK(r->diags.all().empty());
  REQUIRE(r->state.slots.size() == 5);
  const ConstraintSlot &a = r->state.slots[0];
  CHECK(a.gid == 3);
  CHECK(a.leader_gid == 3);
  CHECK(a.max_depth == 2);
  CHECK(a.flags == 7u);
  CHECK(a.preferred_atom_size == 64);
  CHECK(a.max_num_slices_for_non_reduce_axis == 4);
  CHECK(a.max_num_of_recomputations == 5);
  CHECK(r->state.slots[1].flags == 1u);  // bit 0 force_serial_execution
  CHECK(r->state.slots[2].flags == 2u);  // bit 1 recomputable
  CHECK(r->state.slots[3].flags == 4u);  // bit 2 enable_defusion_if_fusion_extending_liveness
  const ConstraintSlot &e = r->state.slots[4];
  CHECK((e.gid | e.leader_gid | e.max_depth | e.flags | e.preferred_atom_size | e.max_num_slices_for_non_reduce_axis |
         e.max_num_of_recomputations) == 0u);
  CHECK(r->state.dsu.parents().empty());    // leader_gid == gid: no union
  CHECK_FALSE(r->state.regionForceSerial);  // an op's flag is not the region's
}

TEST_CASE("constraints: the inherent value wins over a discardable shadow, with a warning") {
  auto r = run(
      R"(    %a = "x.op"(%i) <{tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 3 : i32}> {tileas.schedule.constraint.gid = 5 : i32, tileas.schedule.constraint.leader_gid = 3 : i64} : (index) -> i32
    %b = x.op %a {tileas.schedule.constraint.gid = 5 : i32, tileas.schedule.constraint.leader_gid = 5 : i32} : i32
)");
  CHECK(r->state.slots[0].gid == 3);
  CHECK(r->state.slots[1].gid == 5);  // no inherent value: the discardable one is read
  // Only the differing key warns (3 : i64 equals 3 : i32), at the discardable shadow.
  Diagnostic w =
      oneWarning(*r, "quirk \"inherent attribute shadows discardable\"", "tileas.schedule.constraint.gid = 5", 1);
  CHECK(mentions(w, "the inherent value 3 is in force"));
  CHECK(mentions(w, "discardable (5)"));
}

TEST_CASE("constraints: integers are narrowed to u32 as the seed does, with a warning") {
  auto r = run(
      R"(    %a = x.op %i {tileas.schedule.constraint.gid = -1 : i32, tileas.schedule.constraint.leader_gid = -1 : i32} : i32
    %b = x.op %a {tileas.max_num_of_recomputations = 4294967296 : i64} : i32
    %c = x.op %b {tileas.preferred_atom_size = 4294967295 : i64} : i32
)");
  CHECK(r->state.slots[0].gid == 4294967295u);
  CHECK(r->state.slots[1].max_num_of_recomputations == 0u);
  CHECK(r->state.slots[2].preferred_atom_size == 4294967295u);  // fits: no warning
  auto found = withText(r->diags, "quirk \"integer truncated to u32\"");
  REQUIRE(found.size() == 3);
  CHECK(found[0].range.begin.col == locOf(r->src, "tileas.schedule.constraint.gid = -1").col);
  CHECK(mentions(found[0], "-1 does not fit"));
  CHECK(mentions(found[0], "stored as 4294967295"));
  CHECK(found[2].range.begin.line == locOf(r->src, "tileas.max_num_of_recomputations").line);
  CHECK(mentions(found[2], "stored as 0"));
}

TEST_CASE("constraints: a non-integer value under an integer key is an error") {
  auto r = run("    %a = x.op %i {tileas.schedule.constraint.max_depth = \"two\"} : i32\n");
  REQUIRE(r->diags.errorCount() == 1);
  const Diagnostic &e = r->diags.all()[0];
  CHECK(e.message == "tileas.schedule.constraint.max_depth must be an integer (i32), got \"two\"");
  CHECK(e.range.begin.col == locOf(r->src, "tileas.schedule.constraint.max_depth").col);
  CHECK(r->state.slots[0].max_depth == 0u);
}

TEST_CASE("constraints: unit keys are read for presence only") {
  auto r = run(R"(    %a = x.op %i {tileas.schedule.constraint.force_serial_execution = false} : i32
    %b = x.op %a {tileas.recomputable} : i32
)");
  CHECK(r->state.slots[0].flags == FlagForceSerial);  // `= false` still sets the bit
  CHECK(r->state.slots[1].flags == FlagRecomputable);
  Diagnostic w = oneWarning(*r, "quirk \"unit attribute is tested for presence only\"",
                            "tileas.schedule.constraint.force_serial_execution = false");
  CHECK(mentions(w, "carries false"));
}

TEST_CASE("constraints: an explicit max_depth = 0 warns that it reads as absent") {
  auto r = run(R"(    %a = x.op %i {tileas.schedule.constraint.max_depth = 0 : i32} : i32
    %b = x.op %a {tileas.schedule.constraint.max_depth = 1 : i32} : i32
    %c = x.op %b : i32
)");
  CHECK(r->state.slots[0].max_depth == r->state.slots[2].max_depth);
  oneWarning(*r, "quirk \"explicit max_depth = 0 reads as absent\"", "tileas.schedule.constraint.max_depth = 0");
}

TEST_CASE("constraints: an absent leader_gid grafts a non-zero gid onto group 0") {
  auto r = run(R"(    %a = x.op %i {tileas.schedule.constraint.gid = 0 : i32} : i32
    %b = x.op %a {tileas.schedule.constraint.gid = 7 : i32} : i32
    %c = x.op %b {tileas.schedule.constraint.gid = 8 : i32, tileas.schedule.constraint.leader_gid = 8 : i32} : i32
)");
  CHECK(r->state.slots[1].leader_gid == 0u);
  CHECK(r->state.dsu.findNoCompress(7) == 0u);  // union(7, 0): 7 under the phantom root 0
  CHECK(r->state.dsu.findNoCompress(8) == 8u);
  Diagnostic w =
      oneWarning(*r, "quirk \"absent leader_gid grafts onto group 0\"", "tileas.schedule.constraint.gid = 7");
  CHECK(mentions(w, "gid 7 is unioned under gid 0"));
}

TEST_CASE("constraints: an absent gid puts group 0 under the named leader") {
  auto r = run("    %a = x.op %i {tileas.schedule.constraint.leader_gid = 5 : i32} : i32\n");
  CHECK(r->state.dsu.findNoCompress(0) == 5u);
  Diagnostic w = oneWarning(*r, "quirk \"absent gid reads as group 0\"", "tileas.schedule.constraint.leader_gid");
  CHECK(mentions(w, "unioned under gid 5"));
}

TEST_CASE("constraints: the DSU union goes gid -> leader_gid") {
  auto r =
      run("    %a = x.op %i {tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 7 : "
          "i32} : i32\n");
  CHECK(r->state.dsu.findNoCompress(3) == 7u);
  CHECK(r->state.dsu.findNoCompress(7) == 7u);
  CHECK(r->diags.all().empty());
}

TEST_CASE("constraints: an inconsistent leader pair takes its root from block order") {
  const std::string a =
      "    %a = x.op %i {tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 7 : i32} : "
      "i32\n";
  const std::string b =
      "    %b = x.op %i {tileas.schedule.constraint.gid = 7 : i32, tileas.schedule.constraint.leader_gid = 3 : i32} : "
      "i32\n";
  auto ab = run(a + b);
  CHECK(ab->state.dsu.findNoCompress(3) == 7u);
  CHECK(ab->state.dsu.findNoCompress(7) == 7u);
  Diagnostic w = oneWarning(*ab, "quirk \"inconsistent leader pair\"", "tileas.schedule.constraint.leader_gid = 3");
  CHECK(mentions(w, "makes gid 7 follow leader 3, but the op at line 3 makes gid 3 follow leader 7"));
  CHECK(mentions(w, "so gid 7 is the root"));

  auto ba = run(b + a);
  CHECK(ba->state.dsu.findNoCompress(7) == 3u);
  CHECK(ba->state.dsu.findNoCompress(3) == 3u);
  Diagnostic w2 = oneWarning(*ba, "quirk \"inconsistent leader pair\"", "tileas.schedule.constraint.leader_gid = 7");
  CHECK(mentions(w2, "so gid 3 is the root"));
}

TEST_CASE("constraints: the leader pair warning names the root after the whole walk") {
  auto r = run(
      R"(    %a = x.op %i {tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 7 : i32} : i32
    %b = x.op %i {tileas.schedule.constraint.gid = 7 : i32, tileas.schedule.constraint.leader_gid = 3 : i32} : i32
    %c = x.op %i {tileas.schedule.constraint.gid = 7 : i32, tileas.schedule.constraint.leader_gid = 9 : i32} : i32
)");
  CHECK(r->state.dsu.findNoCompress(3) == 9u);
  Diagnostic w = oneWarning(*r, "quirk \"inconsistent leader pair\"", "tileas.schedule.constraint.leader_gid = 3");
  CHECK(mentions(w, "so gid 9 is the root"));
}

TEST_CASE("constraints: followers met before their leader op are pending until it is seated") {
  auto r = run(
      R"(    %a = x.op %i {tileas.schedule.constraint.gid = 5 : i32, tileas.schedule.constraint.leader_gid = 9 : i32} : i32
    %b = x.op %i {tileas.schedule.constraint.gid = 4 : i32, tileas.schedule.constraint.leader_gid = 5 : i32} : i32
    %c = x.op %i {tileas.schedule.constraint.gid = 9 : i32, tileas.schedule.constraint.leader_gid = 9 : i32} : i32
    %d = x.op %i {tileas.schedule.constraint.gid = 6 : i32, tileas.schedule.constraint.leader_gid = 9 : i32} : i32
    %e = x.op %i {tileas.schedule.constraint.gid = 8 : i32, tileas.schedule.constraint.leader_gid = 11 : i32} : i32
)");
  // %a waits for %c (first op with gid 9); %b's leader op %a comes first; %d comes after
  // its leader; %e's leader gid 11 has no op, so holding it would never end.
  CHECK(r->state.pending == std::set<int>{0});
  CHECK(r->state.pendingUntil == std::map<int, int>{{0, 2}});
  CHECK(r->state.dsu.findNoCompress(4) == 9u);
  CHECK(r->diags.all().empty());
}

TEST_CASE("constraints: a follower whose leader op comes later waits for the first such op") {
  auto r = run(
      R"(    %a = x.op %i {tileas.schedule.constraint.gid = 2 : i32, tileas.schedule.constraint.leader_gid = 1 : i32} : i32
    %b = x.op %i {tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 1 : i32} : i32
    %c = x.op %i {tileas.schedule.constraint.gid = 1 : i32, tileas.schedule.constraint.leader_gid = 1 : i32} : i32
    %d = x.op %i {tileas.schedule.constraint.gid = 1 : i32, tileas.schedule.constraint.leader_gid = 1 : i32} : i32
)");
  CHECK(r->state.pending == std::set<int>{0, 1});
  CHECK(r->state.pendingUntil == std::map<int, int>{{0, 2}, {1, 2}});
}

TEST_CASE("constraints: force_serial_execution on the scf.for marks the region") {
  auto marked = run("    %a = x.op %i : i32\n", "{tileas.schedule.constraint.force_serial_execution}");
  CHECK(marked->state.regionForceSerial);
  CHECK(marked->state.slots[0].flags == 0u);
  auto unit = run("    %a = x.op %i : i32\n", "{tileas.schedule.constraint.force_serial_execution = 0 : i32}");
  CHECK(unit->state.regionForceSerial);
  oneWarning(*unit, "quirk \"unit attribute is tested for presence only\"",
             "tileas.schedule.constraint.force_serial_execution = 0");
  auto plain = run("    %a = x.op %i : i32\n");
  CHECK_FALSE(plain->state.regionForceSerial);
}

TEST_CASE("constraints: the region flag is also read from the scf.for's inherent properties") {
  auto p = test::parseBlocks(R"(func.func @f(%n: index) {
  "scf.for"(%n, %n, %n) <{tileas.schedule.constraint.force_serial_execution}> ({
  ^bb0(%i: index):
    %a = x.op %i : i32
    scf.yield
  }) : (index, index, index) -> ()
  return
})");
  INFO(test::diagText(p->diags));
  REQUIRE_FALSE(p->diags.hasErrors());
  REQUIRE(p->blocks.size() == 1);
  REQUIRE(p->blocks[0].isLoop);
  DiagnosticEngine d;
  CHECK(parseConstraints(p->blocks[0], d).regionForceSerial);
  CHECK(d.all().empty());
}

TEST_CASE("constraints: ops nested in a block op's regions are read by the walk, with a quirk warning") {
  auto r = run(
      R"(    %a = x.op %i {tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 3 : i32} : i32
    %b = x.op %a {tileas.schedule.constraint.gid = 5 : i32, tileas.schedule.constraint.leader_gid = 5 : i32} : i32
    %r = scf.if %i -> (i32) {
      %x = x.inner {tileas.schedule.constraint.gid = 5 : i32, tileas.schedule.constraint.leader_gid = 3 : i32, tileas.schedule.constraint.max_depth = 1 : i32} : i32
      scf.yield %x : i32
    } else {
      %y = x.inner {tileas.schedule.constraint.force_serial_execution} : i32
      scf.yield %y : i32
    }
)");
  // The union of the nested op groups %a and %b (seed 004: the walk reads every op) ...
  CHECK(r->state.dsu.findNoCompress(5) == 3u);
  // ... but the slot placement reads for the scf.if is its own, zero-filled.
  REQUIRE(r->state.slots.size() == 3);
  CHECK(r->state.slots[2].max_depth == 0u);
  CHECK(r->state.slots[2].flags == 0u);
  REQUIRE(r->state.nested.size() == 2);
  CHECK(r->state.nested[0].enclosingNode == 2);
  CHECK(r->state.nested[0].line == 6);
  CHECK(r->state.nested[0].slot.max_depth == 1u);
  CHECK(r->state.nested[1].slot.flags == uint32_t(FlagForceSerial));
  CHECK(r->state.pending.empty());

  auto found = withText(r->diags, "quirk \"constraint on a nested op\"");
  INFO(test::diagText(r->diags));
  REQUIRE(found.size() == 2);
  const SourceLoc gid = locOf(r->src, "tileas.schedule.constraint.gid = 5", 2);
  CHECK(found[0].range.begin.line == gid.line);
  CHECK(found[0].range.begin.col == gid.col);
  CHECK(mentions(found[0],
                 "this op is inside %r (line 5); placement seats %r as one op and reads only that op's slot, "
                 "so max_depth here has no effect; but seed 004's walk still reads this op: its leader_gid "
                 "unites gid 5 under leader 3"));
  CHECK(found[1].range.begin.line == locOf(r->src, "tileas.schedule.constraint.force_serial_execution").line);
  CHECK(mentions(found[1], "so force_serial_execution here has no effect"));
}

TEST_CASE("constraints: a nested scf.for body is its own block, not read by the enclosing one") {
  auto p = test::parseBlocks(R"(func.func @f(%n: index) {
  scf.for %i = %n to %n step %n {
    scf.for %j = %i to %i step %i {
      %x = x.inner {tileas.schedule.constraint.gid = 5 : i32, tileas.schedule.constraint.leader_gid = 3 : i32} : i32
      scf.yield
    }
    scf.yield
  }
  return
})");
  REQUIRE_FALSE(p->diags.hasErrors());
  REQUIRE(p->blocks.size() == 2);  // innermost first
  DiagnosticEngine d;
  ConstraintState outer = parseConstraints(p->blocks[1], d);
  CHECK(outer.nested.empty());
  CHECK(outer.dsu.parents().empty());
  CHECK(d.all().empty());
  CHECK(parseConstraints(p->blocks[0], d).dsu.findNoCompress(5) == 3u);
}
