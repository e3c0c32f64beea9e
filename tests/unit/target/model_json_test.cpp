// The JSON model format (docs/target-model.md): reading, located errors, lookup, printing.
#include <catch2/catch.hpp>

#include "support/Json.h"
#include "target/TargetModel.h"

using namespace tilesched;

namespace {

// Text of `d`'s only diagnostic, with its position, e.g. "3:15 unknown key ...".
std::string only(const DiagnosticEngine &d) {
  REQUIRE(d.all().size() == 1);
  const Diagnostic &x = d.all()[0];
  return std::to_string(x.range.begin.line) + ":" + std::to_string(x.range.begin.col) + " " + x.message;
}

// Parses `text`, expects failure with exactly one error, and returns it as `only` does.
std::string errorOf(const std::string &text) {
  DiagnosticEngine d;
  auto m = parseTargetModel(text, d);
  CHECK_FALSE(m);
  CHECK(d.hasErrors());
  return only(d);
}

const char *kSmall = R"({
  "name": "small",
  "default_latency": 2,
  "slots": [{"id": 1, "name": "a", "kind": "fine"}, {"id": 3, "name": "b", "kind": "coarse"}],
  "pools": [{"name": "p", "capacity": 2, "role": "two units"}],
  "ops": {
    "x.op": {"latency": 3, "footprint": [["a", "p"], ["p", "p"], []], "traits": ["tma", "async_pipeline"]},
    "x.*": {"footprint": [["b"]]},
    "x.long.*": {"latency": 0}
  }
})";

}  // namespace

TEST_CASE("target model: a valid document is read field by field") {
  DiagnosticEngine d;
  auto m = parseTargetModel(kSmall, d);
  REQUIRE(m);
  CHECK(d.all().empty());
  CHECK(m->name == "small");
  CHECK(m->defaultLatency == 2);
  REQUIRE(m->resources.size() == 3);
  CHECK(m->resources[1].name == "b");
  CHECK(m->resources[1].slotId == 3);
  CHECK(m->resources[1].kind == "coarse");
  CHECK(m->resources[1].isSlot);
  CHECK_FALSE(m->resources[2].isSlot);
  CHECK(m->resources[2].capacity == 2);
  CHECK(m->resources[2].kind == "two units");
  REQUIRE(m->ops.size() == 3);
  const OpModel &op = m->ops[0];
  CHECK(op.latency == 3);
  // Row k = cycle k; a pool listed twice is two units; an empty row is an idle cycle.
  CHECK(op.footprint == Footprint{{0, 2}, {2, 2}, {}});
  CHECK(op.traits == (TraitTma | TraitAsyncPipeline));
  CHECK(m->ops[1].latency == 2);  // default_latency fills a missing latency
  CHECK(m->ops[2].latency == 0);
}

TEST_CASE("target model: lookup takes the exact name, then the longest prefix pattern") {
  DiagnosticEngine d;
  auto m = parseTargetModel(kSmall, d);
  REQUIRE(m);
  CHECK(m->lookup("x.op")->pattern == "x.op");
  CHECK(m->lookup("x.opx")->pattern == "x.*");
  CHECK(m->lookup("x.long.thing")->pattern == "x.long.*");
  CHECK(m->lookup("y.op") == nullptr);
  CHECK(m->resourceIndex("p") == 2);
  CHECK(m->resourceIndex("zz") == -1);
}

TEST_CASE("target model: JSON syntax errors are located from the byte offset") {
  CHECK(errorOf("{\n  \"name\": \"x\",\n  \"slots\": [1,,2]\n}").rfind("3:15 invalid JSON: ", 0) == 0);
  std::string eof = errorOf("{\n  \"name\": \"x\"");
  CHECK(eof.rfind("2:14 invalid JSON: ", 0) == 0);
  CHECK(eof.find("unexpected end of input") != std::string::npos);
  CHECK(errorOf("").find("invalid JSON") != std::string::npos);
}

TEST_CASE("target model: nesting deeper than the limit is rejected before parsing") {
  std::string deep(kMaxJsonNesting + 1, '[');
  CHECK(errorOf("\n  " + deep).rfind("2:" + std::to_string(3 + kMaxJsonNesting) + " JSON nesting deeper", 0) == 0);
}

TEST_CASE("target model: size and member count are checked before parsing") {
  std::string big = "{\"name\": \"x\", \"description\": \"" + std::string(kMaxModelBytes, 'd') + "\"}";
  CHECK(errorOf(big) == "1:1 the model is larger than 1 MiB (1048576 bytes, the model size limit)");
  // ordered_json finds each key by a linear search: 40 000 ops took seconds, 10^6 minutes.
  std::string pools = "{\"name\": \"x\",\n \"pools\": [";
  for (size_t i = 0; i <= kMaxJsonMembers; ++i)
    pools += (i ? "," : "") + std::string("{\"name\": \"p\", \"capacity\": 1}");
  size_t comma = pools.find('[');  // the comma before member 4097 of the pools array
  for (size_t k = 0; k < kMaxJsonMembers; ++k) comma = pools.find(",{", comma + 1);
  CHECK(errorOf(pools + "]}") ==
        "2:" + std::to_string(comma - pools.find('\n')) + " a JSON object or array with more than 4096 members");
}

TEST_CASE("target model: lookups go through the name index, as a scan of the table would") {
  TargetModel m;
  m.name = "t";
  auto add = [&](const char *pattern, int latency) {
    OpModel op;
    op.pattern = pattern;
    op.latency = latency;
    m.ops.push_back(op);
  };
  int latency = 0;
  for (const char *p : {"a.*", "a.b*", "a.b.c", "a.b*", "*", "a.bc"}) add(p, latency++);
  auto latencyOf = [&](const char *name) { return m.lookup(name) ? m.lookup(name)->latency : -1; };
  CHECK(latencyOf("a.b.c") == 2);  // exact name first
  CHECK(latencyOf("a.bc") == 5);
  CHECK(latencyOf("a.b.d") == 1);  // the longest prefix; of two equal ones, the first
  CHECK(latencyOf("a.x") == 0);
  CHECK(latencyOf("z") == 4);  // "*" matches everything
  m.ops.pop_back();            // the index follows the table
  CHECK(latencyOf("a.bc") == 1);
  add("z", 9);
  CHECK(latencyOf("z") == 9);

  m.resources = {{"r0", 1, true, 1, "fine"}, {"r1", 2, false, 0, ""}};
  CHECK(m.resourceIndex("r1") == 1);
  m.resources.push_back({"r2", 2, false, 0, ""});
  CHECK(m.resourceIndex("r2") == 2);
  TargetModel copy = m;
  copy.resources.push_back({"only-in-copy", 1, false, 0, ""});
  CHECK(copy.resourceIndex("only-in-copy") == 3);
  CHECK(m.resourceIndex("only-in-copy") == -1);  // a copy has its own index
  CHECK(m.resourceIndex("nope") == -1);
}

TEST_CASE("target model: schema errors point at the offending key or value") {
  CHECK(errorOf("{\"name\": \"x\",\n \"slot\": []}") ==
        "2:2 unknown key 'slot' in target model (expected name, description, default_latency, machine, performance, "
        "slots, pools, ops)");
  CHECK(errorOf("{\"name\": \"x\", \"default_latency\": \"1\"}") ==
        "1:34 'default_latency' must be an integer in [0, 100000], got \"1\"");
  CHECK(errorOf("{\"name\": \"x\", \"ops\": {\"a.b\": {\"latency\": -1}}}") ==
        "1:42 latency of 'a.b' must be an integer in [0, 100000], got -1");
  CHECK(errorOf("{\"name\": \"x\", \"ops\": {\"a.b\": {\"latency\": 2.5}}}")
            .rfind("1:42 latency of 'a.b' must be an integer", 0) == 0);
  CHECK(errorOf("{\"slots\": []}") == "1:1 target model has no 'name'");
  CHECK(errorOf("[]") == "1:1 target model must be a JSON object");
  CHECK(errorOf("{\"name\": \"x\", \"slots\": [{\"id\": 1, \"name\": \"a\", \"kind\": \"huge\"}]}") ==
        "1:56 slot 'kind' must be \"coarse\", \"fine\" or \"test\", got \"huge\"");
  CHECK(errorOf("{\"name\": \"x\", \"slots\": [{\"id\": 65, \"name\": \"a\", \"kind\": \"fine\"}]}") ==
        "1:32 slot 'id' must be an integer in [1, 64], got 65");
  CHECK(errorOf("{\"name\": \"x\", \"pools\": [{\"name\": \"p\", \"capacity\": 0}]}") ==
        "1:51 pool 'capacity' must be an integer in [1, 1048576], got 0");
}

TEST_CASE("target model: duplicate names, ids and keys are errors at the repetition") {
  CHECK(errorOf("{\"name\": \"x\",\n \"slots\": [{\"id\": 1, \"name\": \"a\", \"kind\": \"fine\"}],\n"
                " \"pools\": [{\"name\": \"a\", \"capacity\": 2}]}") ==
        "3:21 duplicate slot or pool name 'a' (first defined at line 2)");
  CHECK(errorOf("{\"name\": \"x\",\n \"slots\": [{\"id\": 1, \"name\": \"a\", \"kind\": \"fine\"},\n"
                " {\"id\": 1, \"name\": \"b\", \"kind\": \"fine\"}]}") ==
        "3:9 duplicate slot id 1 (first used at line 2)");
  CHECK(errorOf("{\"name\": \"x\", \"ops\": {\"a.b\": {},\n \"a.b\": {}}}") ==
        "2:2 duplicate key; every key may appear once per object");
}

TEST_CASE("target model: a footprint run is its row repeated, read as one run and printed as one") {
  DiagnosticEngine d;
  auto m = parseTargetModel(R"({"name": "m", "slots": [{"id": 1, "name": "s", "kind": "fine"}],
  "pools": [{"name": "p", "capacity": 2}],
  "ops": {
    "o": {"footprint": [["s"], {"row": ["s", "p"], "repeat": 300}, {"row": [], "repeat": 2}, ["s", "p"]]},
    "spelled": {"footprint": [["s", "p"], ["s", "p"], ["s", "p"]]},
    "run": {"footprint": [{"row": ["s", "p"], "repeat": 2}, ["s", "p"]]}
  }
})",
                            d);
  CHECK(d.all().empty());
  REQUIRE(m);
  const Footprint &fp = m->lookup("o")->footprint;
  CHECK(fp.size() == 304);
  REQUIRE(fp.runs().size() == 4);  // never 304 rows
  CHECK(fp.runs()[1].row == FootprintRow{0, 1});
  CHECK(fp.runs()[1].end == 301);
  CHECK(fp[0] == FootprintRow{0});
  CHECK(fp[300] == FootprintRow{0, 1});
  CHECK(fp[301].empty());
  CHECK(fp[303] == FootprintRow{0, 1});
  size_t rows = 0;
  for (const FootprintRow &row : fp) rows += row.empty() ? 0 : 1;
  CHECK(rows == 302);
  // A run and the rows it stands for are the same footprint: one run of three.
  CHECK(m->lookup("run")->footprint == m->lookup("spelled")->footprint);
  CHECK(m->lookup("run")->footprint.runs().size() == 1);
  const std::string once = targetModelToJson(*m);
  CHECK(
      once.find(
          R"("o": {"latency": 1, "footprint": [["s"], {"row": ["s", "p"], "repeat": 300}, {"row": [], "repeat": 2}, ["s", "p"]]})") !=
      std::string::npos);
  CHECK(once.find(R"("spelled": {"latency": 1, "footprint": [{"row": ["s", "p"], "repeat": 3}]})") !=
        std::string::npos);
  auto back = parseTargetModel(once, d);
  REQUIRE(back);
  CHECK(back->lookup("o")->footprint == fp);
  CHECK(targetModelToJson(*back) == once);
}

TEST_CASE("target model: a malformed footprint run is an error where it is written") {
  const std::string head =
      "{\"name\": \"x\", \"slots\": [{\"id\": 1, \"name\": \"s\", \"kind\": \"fine\"}], "
      "\"pools\": [{\"name\": \"p\", \"capacity\": 2}],\n\"ops\": {\"o\": {\"footprint\": ";
  CHECK(errorOf(head + R"([{"row": ["s"], "repeat": 0}]}}})") ==
        "2:54 'repeat' of the footprint run at row 0 of 'o' must be an integer in [1, 1024], got 0");
  CHECK(errorOf(head + R"([["s"], {"row": ["s"], "repeat": "2"}]}}})") ==
        "2:61 'repeat' of the footprint run at row 1 of 'o' must be an integer in [1, 1024], got \"2\"");
  CHECK(errorOf(head + R"([["s"], {"repeat": 2}]}}})") == "2:36 footprint run at row 1 of 'o' has no 'row'");
  CHECK(errorOf(head + R"([{"row": ["s"]}]}}})") == "2:29 footprint run at row 0 of 'o' has no 'repeat'");
  CHECK(errorOf(head + R"([{"row": ["s"], "repeat": 2, "rows": 3}]}}})") ==
        "2:57 unknown key 'rows' in footprint run at row 0 of 'o' (expected row, repeat)");
  CHECK(errorOf(head + R"([{"row": "s", "repeat": 2}]}}})") ==
        "2:37 footprint row 0 of 'o' must be an array of slot/pool names");
  CHECK(errorOf(head + R"([["p"], {"row": ["q"], "repeat": 2}]}}})") ==
        "2:45 unknown slot or pool 'q' in the footprint of 'o'");
  CHECK(errorOf(head + R"([["p"], {"row": ["s", "s"], "repeat": 4}]}}})") ==
        "2:50 footprint of 'o', row 1: slot 's' is listed twice in one row; a slot is a singleton");
  CHECK(errorOf(head + R"([["s"], {"row": ["s"], "repeat": 1024}]}}})") ==
        "2:36 footprint of 'o' has more than 1024 rows (the footprint row limit)");
  CHECK(errorOf(head + R"({"row": ["s"], "repeat": 2}}}})")
            .rfind("2:28 footprint of 'o' must be an array of rows (arrays of slot/pool names) and runs", 0) == 0);
  // Rows spelled out count against the same limit, at the row that passes it.
  std::string rows = "[";
  for (int k = 0; k < 1025; ++k) rows += k ? ",[]" : "[]";
  CHECK(errorOf(head + rows + "]}}}") ==
        "2:" + std::to_string(29 + 3 * 1024) + " footprint of 'o' has more than 1024 rows (the footprint row limit)");
}

TEST_CASE("target model: footprint names must resolve and rows must be admissible") {
  const std::string head =
      "{\"name\": \"x\", \"slots\": [{\"id\": 1, \"name\": \"s\", \"kind\": \"fine\"}], "
      "\"pools\": [{\"name\": \"p\", \"capacity\": 2}],\n\"ops\": {\"o\": {\"footprint\": ";
  CHECK(errorOf(head + "[[\"s\"], [\"q\"]]}}}") == "2:37 unknown slot or pool 'q' in the footprint of 'o'");
  CHECK(errorOf(head + "[[\"s\", \"p\", \"s\"]]}}}") ==
        "2:40 footprint of 'o', row 0: slot 's' is listed twice in one row; a slot is a singleton");
  CHECK(errorOf(head + "[[\"p\", \"p\", \"p\"]]}}}") ==
        "2:40 footprint of 'o', row 0: row requests 3 units of pool 'p', whose capacity is 2");
  CHECK(errorOf(head + "[\"s\"]}}}").rfind("2:29 footprint row 0 of 'o' must be an array", 0) == 0);
  CHECK(errorOf(head + "[[]], \"traits\": [\"simd\"]}}}") ==
        "2:45 unknown trait \"simd\" (expected \"tma\", \"wgmma\" or \"async_pipeline\")");
  CHECK(errorOf("{\"name\": \"x\", \"ops\": {\"a.*.b\": {}}}") ==
        "1:23 op pattern 'a.*.b' must be an op name or a prefix ending in a single trailing '*'");
}

TEST_CASE("target model: several errors are all reported") {
  DiagnosticEngine d;
  CHECK_FALSE(parseTargetModel("{\"name\": 3, \"default_latency\": -2, \"extra\": 1}", d));
  CHECK(d.errorCount() == 3);
  DiagnosticEngine misspelt;
  CHECK_FALSE(parseTargetModel("{\"name\": \"x\", \"pools\": [{\"name\": \"p\", \"cap\": 2}]}", misspelt));
  REQUIRE(misspelt.errorCount() == 2);
  CHECK(misspelt.all()[0].message == "unknown key 'cap' in pool (expected name, capacity, role)");
  CHECK(misspelt.all()[0].range.begin.col == 39);
  CHECK(misspelt.all()[1].message == "pool has no 'capacity'");
  CHECK(misspelt.all()[1].range.begin.col == 25);
}

TEST_CASE("target model: printing is canonical and parses back to the same model") {
  DiagnosticEngine d;
  auto m = parseTargetModel(kSmall, d);
  REQUIRE(m);
  m->description = "quote \" and slash \\ and tab \t";
  std::string once = targetModelToJson(*m);
  auto back = parseTargetModel(once, d);
  REQUIRE(back);
  CHECK(d.all().empty());
  CHECK(back->description == m->description);
  CHECK(back->ops[0].footprint == m->ops[0].footprint);
  CHECK(back->ops[0].traits == m->ops[0].traits);
  CHECK(back->ops[1].latency == 2);
  CHECK(targetModelToJson(*back) == once);
  CHECK(once.find("\"x.op\": {\"latency\": 3, \"footprint\": [[\"a\", \"p\"], [\"p\", \"p\"], []], "
                  "\"traits\": [\"tma\", \"async_pipeline\"]}") != std::string::npos);
}

TEST_CASE("target model: an entry written like an earlier one copies it and overrides its own keys") {
  DiagnosticEngine d;
  auto m = parseTargetModel(R"({"name": "x", "slots": [{"id": 1, "name": "s", "kind": "fine"}],
  "ops": {
    "a.load": {"latency": 5, "footprint": [["s"], ["s"]], "traits": ["tma"], "effects": {"global": "read"}},
    "b.load": {"like": "a.load"},
    "b.store": {"like": "b.load", "latency": 2, "traits": [], "effects": {"global": "write", "shared": "read"}},
    "b.view": {"view": "index"}
  }})",
                            d);
  INFO((d.all().empty() ? "" : d.all()[0].message));
  REQUIRE(m);
  const OpModel *load = m->lookup("b.load"), *store = m->lookup("b.store");
  REQUIRE(load);
  REQUIRE(store);
  CHECK(load->latency == 5);
  CHECK(load->footprint == Footprint{{0}, {0}});
  CHECK(load->traits == TraitTma);
  CHECK(load->effects.of(MemSpace::Global) == MemAccess::Read);
  CHECK(store->like == "b.load");  // a like of a like: the resolved copy
  CHECK(store->latency == 2);
  CHECK(store->footprint == Footprint{{0}, {0}});
  CHECK(store->traits == TraitNone);
  CHECK(store->effects.of(MemSpace::Global) == MemAccess::Write);
  CHECK(store->effects.of(MemSpace::Shared) == MemAccess::Read);
  CHECK(store->effects.of(MemSpace::Barrier) == MemAccess::None);
  CHECK(m->lookup("b.view")->view == ViewKind::Index);

  // Printing keeps the reference and exactly the keys the entry wrote, and parses back.
  std::string once = targetModelToJson(*m);
  CHECK(once.find("\"b.load\": {\"like\": \"a.load\"}") != std::string::npos);
  CHECK(once.find("\"b.store\": {\"like\": \"b.load\", \"latency\": 2, \"traits\": [], "
                  "\"effects\": {\"global\": \"write\", \"shared\": \"read\"}}") != std::string::npos);
  CHECK(once.find("\"b.view\": {\"latency\": 1, \"view\": \"index\"}") != std::string::npos);
  auto back = parseTargetModel(once, d);
  REQUIRE(back);
  CHECK(targetModelToJson(*back) == once);
  CHECK(back->lookup("b.store")->footprint == store->footprint);
}

TEST_CASE("target model: like, effects, view and unsupported are checked where they are written") {
  const std::string head = "{\"name\": \"x\", \"ops\": {\"a.b\": {\"latency\": 2},\n ";
  CHECK(errorOf(head + "\"c.d\": {\"like\": \"e.f\"}}}") ==
        "2:18 'like' of 'c.d' names 'e.f', which is not an earlier entry of 'ops'");
  CHECK(errorOf("{\"name\": \"x\", \"ops\": {\"c.d\": {\"like\": \"a.b\"},\n \"a.b\": {}}}") ==
        "1:39 'like' of 'c.d' names 'a.b', which is not an earlier entry of 'ops'");
  CHECK(errorOf(head + "\"c.d\": {\"effects\": {\"shared\": \"fetch\"}}}}") ==
        "2:32 effect on shared memory of 'c.d' must be \"read\", \"write\", \"readwrite\", \"all\", \"alloc\", "
        "\"wait\" or \"arrive\"");
  CHECK(errorOf(head + "\"c.d\": {\"effects\": {\"shared\": \"wait\"}}}}") ==
        "2:32 effect \"wait\" of 'c.d' is not allowed on shared memory (\"alloc\": shared or tensor only; "
        "\"wait\", \"arrive\": barrier only)");
  CHECK(errorOf(head + "\"c.d\": {\"effects\": {\"tensor\": \"arrive\"}}}}") ==
        "2:32 effect \"arrive\" of 'c.d' is not allowed on tensor memory (\"alloc\": shared or tensor only; "
        "\"wait\", \"arrive\": barrier only)");
  CHECK(errorOf(head + "\"c.d\": {\"effects\": {\"global\": \"alloc\"}}}}") ==
        "2:32 effect \"alloc\" of 'c.d' is not allowed on global memory (\"alloc\": shared or tensor only; "
        "\"wait\", \"arrive\": barrier only)");
  CHECK(errorOf(head + "\"c.d\": {\"effects\": {\"local\": \"read\"}}}}") ==
        "2:22 unknown key 'local' in effects of 'c.d' (expected global, shared, tensor, barrier)");
  CHECK(errorOf(head + "\"c.d\": {\"view\": \"slice\"}}}") == "2:18 view of 'c.d' must be \"alias\" or \"index\"");
  CHECK(errorOf(head + "\"c.d\": {\"unsupported\": \"\"}}}") ==
        "2:25 'unsupported' of 'c.d' must be a non-empty string");
}

TEST_CASE("target model: region cost, layout conversion and the TileAS lowering keys") {
  DiagnosticEngine d;
  auto m = parseTargetModel(R"({"name": "x", "slots": [{"id": 1, "name": "s", "kind": "fine"}],
  "ops": {
    "n.copy": {"latency": 7, "footprint": [["s"]]},
    "n.wait": {"latency": 1, "traits": ["async_pipeline"]},
    "a.load": {"like": "n.copy", "lowers_to": ["n.copy", "n.wait"], "lowers_to_pipelined": ["n.copy", "n.wait", "n.wait"]},
    "a.cvt": {"latency": 14, "layout_conversion": true, "forwards_to_mma": true},
    "a.if": {"region_cost": "max"},
    "a.dot": {"like": "a.load", "lowers_to": []}
  }})",
                            d);
  INFO((d.all().empty() ? "" : d.all()[0].message));
  REQUIRE(m);
  const OpModel *load = m->lookup("a.load"), *cvt = m->lookup("a.cvt"), *branch = m->lookup("a.if");
  REQUIRE(load->lowersTo);
  CHECK(*load->lowersTo == std::vector<std::string>{"n.copy", "n.wait"});
  CHECK(load->lowersToPipelined->size() == 3);
  CHECK_FALSE(load->forwardsToMma);
  CHECK(cvt->layoutConversion);
  CHECK(cvt->forwardsToMma);
  CHECK_FALSE(cvt->lowersTo);  // none: the op is itself
  CHECK(branch->regionCost == RegionCost::Max);
  CHECK(m->lookup("a.dot")->lowersTo->empty());
  CHECK(m->lookup("a.dot")->lowersToPipelined->size() == 3);  // copied by like

  // Printed in canonical order, a region op without its unused latency; parses back the same.
  std::string once = targetModelToJson(*m);
  CHECK(once.find("\"a.load\": {\"like\": \"n.copy\", \"lowers_to\": [\"n.copy\", \"n.wait\"], "
                  "\"lowers_to_pipelined\": [\"n.copy\", \"n.wait\", \"n.wait\"]}") != std::string::npos);
  CHECK(once.find("\"a.cvt\": {\"latency\": 14, \"layout_conversion\": true, \"forwards_to_mma\": true}") !=
        std::string::npos);
  CHECK(once.find("\"a.if\": {\"region_cost\": \"max\"}") != std::string::npos);
  CHECK(once.find("\"a.dot\": {\"like\": \"a.load\", \"lowers_to\": []}") != std::string::npos);
  auto back = parseTargetModel(once, d);
  REQUIRE(back);
  CHECK(targetModelToJson(*back) == once);
}

TEST_CASE("target model: lowering and region keys are checked where they are written") {
  const std::string head = "{\"name\": \"x\", \"ops\": {\"a.b\": {\"latency\": 2},\n ";
  // A lowered op may be a later entry; one the table does not have is an error at the name.
  CHECK(errorOf(head + "\"c.d\": {\"lowers_to\": [\"a.b\", \"e.f\"]}}}") ==
        "2:31 'e.f' names no entry of 'ops' (lowers_to and lowers_to_pipelined name ops of the model)");
  DiagnosticEngine d;
  CHECK(parseTargetModel(head + "\"c.d\": {\"lowers_to_pipelined\": [\"z.z\"]},\n \"z.*\": {}}}", d));
  CHECK(d.all().empty());  // z.z: the later pattern z.* names it
  CHECK(errorOf(head + "\"c.d\": {\"lowers_to\": \"a.b\"}}}") ==
        "2:23 lowers_to of 'c.d' must be an array of op names");
  CHECK(errorOf(head + "\"c.d\": {\"lowers_to\": [3]}}}") ==
        "2:24 an op name in lowers_to of 'c.d' must be a non-empty string");
  CHECK(errorOf(head + "\"c.d\": {\"region_cost\": \"sum\"}}}") ==
        "2:25 region_cost of 'c.d' must be \"max\" or \"once\"");
  CHECK(errorOf(head + "\"c.d\": {\"layout_conversion\": 1}}}") ==
        "2:31 'layout_conversion' of 'c.d' must be true or false");
  CHECK(errorOf(head + "\"c.d\": {\"forwards_to_mma\": \"yes\"}}}") ==
        "2:29 'forwards_to_mma' of 'c.d' must be true or false");
}

TEST_CASE("target model: the machine object gives the clock, SM count, MMA rates and memory budgets") {
  DiagnosticEngine d;
  auto m = parseTargetModel(R"({"name": "m", "machine": {"clock_mhz": 1500, "sm_count": 4, "smem_bytes": 1000,
    "mma_flops_per_cycle_per_sm": {"bf16": 512, "f8E4M3FN": 1024}}})",
                            d);
  REQUIRE(m);
  CHECK(m->machine.given);
  CHECK(m->machine.clockMhz == 1500);
  CHECK(m->machine.smCount == 4);
  CHECK(m->machine.smemBytes == 1000);
  CHECK_FALSE(m->machine.tmemBytes);  // not given: not checked
  CHECK(m->machine.mmaRate("bf16") == 512);
  CHECK(m->machine.mmaRate("f8E4M3FN") == 1024);
  CHECK(m->machine.mmaRate("f16") == 0);
  // Printed on one line with the keys the file gave, and read back the same.
  const std::string once = targetModelToJson(*m);
  CHECK(once.find("\n  \"machine\": {\"clock_mhz\": 1500, \"sm_count\": 4, \"smem_bytes\": 1000, "
                  "\"mma_flops_per_cycle_per_sm\": {\"bf16\": 512, \"f8E4M3FN\": 1024}},\n") != std::string::npos);
  auto back = parseTargetModel(once, d);
  REQUIRE(back);
  CHECK(targetModelToJson(*back) == once);
  CHECK(targetModelToJson(*parseTargetModel(R"({"name": "m"})", d)).find("machine") == std::string::npos);

  CHECK(errorOf(R"({"name": "x", "machine": {"clock": 1}})") ==
        "1:27 unknown key 'clock' in 'machine' (expected clock_mhz, sm_count, smem_bytes, tmem_bytes, "
        "mma_flops_per_cycle_per_sm)");
  CHECK(errorOf(R"({"name": "x", "machine": {"clock_mhz": 0}})") ==
        "1:40 'clock_mhz' must be an integer in [1, 100000], got 0");
  CHECK(errorOf(R"({"name": "x", "machine": {"tmem_bytes": -1}})") ==
        "1:41 'tmem_bytes' must be an integer in [0, 1073741824], got -1");
  CHECK(errorOf(R"({"name": "x", "machine": {"mma_flops_per_cycle_per_sm": {"f16": 0}}})") ==
        "1:65 the MMA rate of 'f16' must be an integer in [1, 1073741824], got 0");
  CHECK(errorOf(R"({"name": "x", "machine": {"mma_flops_per_cycle_per_sm": [1]}})")
            .rfind("1:57 'mma_flops_per_cycle_per_sm' must be an object", 0) == 0);
}

TEST_CASE("target model: shape_cost formulas are read, copied by like, and printed as written") {
  DiagnosticEngine d;
  auto m = parseTargetModel(R"({"name": "m",
  "slots": [{"id": 1, "name": "a", "kind": "fine"}],
  "ops": {
    "t.load": {"latency": 5, "footprint": [["a"], ["a"]], "shape_cost": {"latency": "100 + bytes / 64", "rows": "bytes / 128"}},
    "t.like": {"like": "t.load"},
    "t.fixed": {"like": "t.load", "latency": 9},
    "t.lat": {"shape_cost": {"latency": "flops / rate"}}
  }
})",
                            d);
  CHECK(d.all().empty());
  REQUIRE(m);
  const OpModel *load = m->lookup("t.load");
  REQUIRE(load->shapeCost);
  CHECK(load->shapeCost->latency->text() == "100 + bytes / 64");
  CHECK(load->shapeCost->rows->text() == "bytes / 128");
  CHECK(load->latency == 5);  // the cost where an op's types do not give its shape
  // `like` copies the formulas; an entry that states its own cost keeps it.
  CHECK(m->lookup("t.like")->shapeCost == load->shapeCost);
  CHECK_FALSE(m->lookup("t.fixed")->shapeCost);
  CHECK_FALSE(m->lookup("t.lat")->shapeCost->rows);
  const std::string once = targetModelToJson(*m);
  CHECK(
      once.find(
          R"("t.load": {"latency": 5, "footprint": [{"row": ["a"], "repeat": 2}], "shape_cost": {"latency": "100 + bytes / 64", "rows": "bytes / 128"}})") !=
      std::string::npos);
  CHECK(once.find(R"("t.like": {"like": "t.load"})") != std::string::npos);
  auto back = parseTargetModel(once, d);
  REQUIRE(back);
  CHECK(targetModelToJson(*back) == once);
}

TEST_CASE("target model: a shape_cost formula that does not parse is an error at its position") {
  const std::string head = R"({"name": "x", "slots": [{"id": 1, "name": "a", "kind": "fine"}], "ops": {"o": )";
  CHECK(errorOf(head + R"({"footprint": [["a"]], "shape_cost": {"rows": "flop / rate"}}}})") ==
        "1:126 shape_cost rows of 'o': unknown name 'flop' (expected bytes, m, n, k, flops, rate, max(a, b) or "
        "min(a, b))");
  CHECK(errorOf(head + R"({"shape_cost": {"latency": "1 +"}}}})") ==
        "1:110 shape_cost latency of 'o': the formula ends where a number, a name or '(' is expected");
  CHECK(errorOf(head + R"({"shape_cost": {"latency": 3}}}})") ==
        "1:106 shape_cost latency of 'o' must be a formula in a string, e.g. \"bytes / 61.2\"");
  CHECK(errorOf(head + R"({"shape_cost": {"latency": "1", "cycles": "1"}}}})") ==
        "1:111 unknown key 'cycles' in shape_cost of 'o' (expected latency, rows)");
  CHECK(errorOf(head + R"({"shape_cost": {}}}})") == "1:94 shape_cost of 'o' must give 'latency', 'rows' or both");
  CHECK(errorOf(head + R"({"shape_cost": {"rows": "bytes"}}}})") ==
        "1:94 shape_cost of 'o' has 'rows' but the entry has no footprint whose row it repeats");
}
