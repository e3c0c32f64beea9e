// HatScheT import (SPEC §3.1): the snippet for small hand-written files, located errors for
// malformed ones, and every CHStone / origami loop of ../shared imported, parsed and turned into
// a dependence graph with the node and edge counts of the GraphML.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "TestSupport.h"
#include "graph/DependenceGraph.h"
#include "import/HatschetImport.h"
#include "target/TargetModel.h"

using namespace tilesched;
namespace fs = std::filesystem;

namespace {

struct Imported {
  std::optional<std::string> snippet;
  DiagnosticEngine graphDiags, modelDiags;
};

std::unique_ptr<Imported> import(const std::string &graphml, const std::string &model) {
  auto r = std::make_unique<Imported>();
  r->snippet = importHatschet(graphml, model, "dir/loop.graphml", "dir/loop_RM.xml", r->graphDiags, r->modelDiags);
  return r;
}

std::string diagList(const DiagnosticEngine &d) {
  std::string s;
  for (const Diagnostic &x : d.sorted()) s += formatDiagnostic("f", x) + "\n";
  return s;
}

size_t count(const std::string &text, const std::string &needle) {
  size_t n = 0;
  for (size_t p = text.find(needle); p != std::string::npos; p = text.find(needle, p + 1)) ++n;
  return n;
}

std::string readFile(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The op line of the node labelled `label`.
std::string opLine(const std::string &snippet, const std::string &label) {
  const size_t at = snippet.find("sched.label = \"" + label + "\"");
  REQUIRE(at != std::string::npos);
  const size_t begin = snippet.rfind('\n', at) + 1;
  return snippet.substr(begin, snippet.find('\n', at) - begin);
}

const char *kModel = R"(<?xml version="1.0"?>
<ModelInformation>
  <Resources>
    <Resource name="mem read" limit="2" latency="2" blockingTime="1"><Cost demand="1" name="MEM"/></Resource>
    <Resource name="div" limit="1" latency="5" blockingTime="3"/>
    <Resource name="add" limit="-1" latency="1" blockingTime="1"/>
    <Resource name="wire" limit="4" latency="0" blockingTime="0"/>
    <Resource name="c/1" limit="inf" latency="1" blockingTime="1"/>
  </Resources>
</ModelInformation>
)";

}  // namespace

TEST_CASE("a small graph becomes pools, ops and per-edge latencies", "[import]") {
  // Keys declared GraphML-style, `latency` for delay, `backward` for distance, a parallel edge.
  const std::string graph = R"(<?xml version="1.0"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="d0" for="node" attr.name="uses_resource" attr.type="string"/>
  <key id="d1" for="edge" attr.name="distance" attr.type="int"><default>0</default></key>
  <graph edgedefault="directed">
    <edge source="1" target="2"><data key="delay">1</data></edge>
    <node id="2"><data key="name">q</data><data key="d0">div</data></node>
    <node id="1"><data key="name">p</data><data key="d0">mem read</data></node>
    <node id="x-3"><data key="d0">c/1</data></node>
    <node id="4"><data key="d0">wire</data></node>
    <edge source="2" target="1"><data key="latency">0</data><data key="backward">true</data></edge>
    <edge source="1" target="2"><data key="delay">3</data><data key="distance">0</data></edge>
    <edge source="x-3" target="4"><data key="delay">0</data><data key="distance">2</data></edge>
    <edge source="4" target="4"><data key="delay">1</data><data key="distance">1</data></edge>
  </graph>
</graphml>
)";
  auto r = import(graph, kModel);
  INFO(diagList(r->graphDiags) << diagList(r->modelDiags));
  REQUIRE(r->snippet);
  CHECK(r->graphDiags.all().empty());
  CHECK(r->modelDiags.all().empty());
  const std::string &s = *r->snippet;
  // Only limited resources that hold slots and are used become pools.
  CHECK(s.find("module attributes {sched.pools = {hls_memread = 2 : i32, hls_div = 1 : i32}} {") != std::string::npos);
  CHECK(s.find("func.func @loop(%n: index)") != std::string::npos);
  CHECK(s.find("// 1 parallel edge(s)") != std::string::npos);
  CHECK(s.find("//   \"c/1\": -1, 1, 1 -> op hls.c_1, no occupancy") != std::string::npos);
  CHECK(s.find("//   \"add\": -1, 1, 1 -> op hls.add, unused") != std::string::npos);
  // Edge 1->2 twice at distance 0 (latency 2+1, 2+3): one dep with the larger latency.
  CHECK(opLine(s, "n2") ==
        "      \"hls.div\"() {sched.label = \"n2\", sched.latency = 5 : i32, sched.footprint = "
        "[[\"hls_div\"], [\"hls_div\"], [\"hls_div\"]], sched.deps = [[\"@n1\", 5, 0]], hls.id = "
        "\"2\", hls.name = \"q\"} : () -> ()");
  // 2->1: latency(div) + 0, distance 1 from `backward = true`.
  CHECK(opLine(s, "n1") ==
        "      \"hls.memread\"() {sched.label = \"n1\", sched.latency = 2 : i32, sched.footprint "
        "= [[\"hls_memread\"]], sched.deps = [[\"@n2\", 5, 1]], hls.id = \"1\", hls.name = "
        "\"p\"} : () -> ()");
  // Unlimited and blockingTime-0 resources occupy nothing; the default distance is 0 only
  // where no data is given; ids are sanitized into labels; self-loops stay.
  CHECK(opLine(s, "nx_3").find("sched.footprint = [], hls.id = \"x-3\", hls.name = \"x-3\"") != std::string::npos);
  CHECK(opLine(s, "n4").find("sched.footprint = [], sched.deps = [[\"@nx_3\", 1, 2], [\"@n4\", "
                             "1, 1]]") != std::string::npos);
  // Program order: topological over distance-0 edges, document order otherwise.
  CHECK(s.find("\"n1\"") < s.find("\"n2\""));
  CHECK(s.find("\"n2\"") < s.find("\"nx_3\""));
  // Deterministic bytes.
  CHECK(*import(graph, kModel)->snippet == s);
}

TEST_CASE("malformed XML is a located error", "[import]") {
  auto r = import("<graphml>\n<graph>\n<node id=\"1\">\n</graph>\n</graphml>\n", kModel);
  CHECK_FALSE(r->snippet);
  REQUIRE(r->graphDiags.errorCount() == 1);
  const Diagnostic &d = r->graphDiags.all()[0];
  CHECK(d.message.rfind("malformed XML: ", 0) == 0);
  CHECK(d.range.begin.line >= 3);
}

// The error is at the character the reader stopped at, line and column.
TEST_CASE("malformed XML points at the character the parser stopped at", "[import]") {
  auto r = import("<graphml>\n<graph>\n  <node id=\"1\" x=7/>\n</graph>\n</graphml>\n", kModel);
  CHECK_FALSE(r->snippet);
  REQUIRE(r->graphDiags.errorCount() == 1);
  const Diagnostic &d = r->graphDiags.all()[0];
  CHECK(d.message == "malformed XML: expected ' or \"");
  CHECK(d.range.begin.line == 3);
  CHECK(d.range.begin.col == 18);  // the 7
}

// A stray ']' before a DOCTYPE's internal subset: the reader still skips the whole [...] (with
// the <Resource> inside), while a scan that counts brackets from the first ']' ended the DOCTYPE
// at the first '>' and took that <Resource> for a start tag. Positions come from the reader.
TEST_CASE("an attribute error points at the attribute the parser read", "[import]") {
  const std::string model =
      "<M>\n<!DOCTYPE m ] [ > <Resource name=\"add\" limit=\"1\"/> ]>\n<Resource name=\"add\"\n"
      "   limit=\"two\" latency=\"1\" blockingTime=\"1\"/>\n</M>\n";
  auto r = import(
      "<graphml>\n<graph>\n<node id=\"1\"><data key=\"uses_resource\">add</data></node>\n</graph>\n"
      "</graphml>\n",
      model);
  const std::vector<Diagnostic> all = r->modelDiags.sorted();
  REQUIRE(all.size() == 1);
  CHECK(all[0].message == "resource 'add': limit must be an integer, got 'two'");
  CHECK(all[0].range.begin.line == 4);
  CHECK(all[0].range.begin.col == 4);
  CHECK(all[0].range.end.line == 4);
  CHECK(all[0].range.end.col == 15);  // `limit="two"`
}

TEST_CASE("unsupported and inconsistent files name the element and its line", "[import]") {
  struct Case {
    const char *what;
    std::string graph;
    std::string model;
    int graphLine;  // 0: no graph error expected
    std::string graphMessage;
    int modelLine;
    std::string modelMessage;
  };
  const std::string head = "<graphml>\n<graph>\n";
  const std::string tail = "</graph>\n</graphml>\n";
  const std::string n1 = "<node id=\"1\"><data key=\"uses_resource\">add</data></node>\n";
  const std::string okModel =
      "<M><Resources>\n<Resource name=\"add\" limit=\"-1\" latency=\"1\" blockingTime=\"1\"/>\n"
      "</Resources></M>\n";
  std::string deep = "<graphml>\n";
  for (int i = 0; i < 300; ++i) deep += "<a>";
  for (int i = 0; i < 300; ++i) deep += "</a>";
  deep += "\n</graphml>\n";
  // The reader skips any `<!` declaration other than a comment, CDATA or DOCTYPE to the next
  // '>'; `<![>` once hid the nesting from a depth pre-scan, and the parser overflowed the stack.
  std::string hidden = "<graphml><![>\n";
  for (int i = 0; i < 3000; ++i) hidden += "<a>";
  for (int i = 0; i < 3000; ++i) hidden += "</a>";
  hidden += "</graphml>\n";
  const std::string delayEdge =
      "<edge id=\"e\" source=\"1\" target=\"1\">\n<data key=\"distance\">1</data>\n"
      "<data key=\"delay\">-5</data></edge>\n";
  const std::vector<Case> cases = {
      {"deep nesting", deep, okModel, 2, "XML elements nest deeper than 256 levels", 0, ""},
      {"nesting behind <![>", hidden, okModel, 2, "XML elements nest deeper than 256 levels", 0, ""},
      {"negative latency", head + n1 + delayEdge + tail, okModel, 6,
       "edge 'e': latency 1 of resource 'add' + delay -5 = -4; a dependence latency must be in [0, 1000000]", 0, ""},
      {"distance past the scheduler's limit",
       head + n1 +
           "<edge id=\"e\" source=\"1\" target=\"1\"><data key=\"distance\">1000000</data>"
           "<data key=\"delay\">1000000</data></edge>\n" +
           tail,
       okModel, 4,
       "edge 'e': latency 1 of resource 'add' + delay 1000000 = 1000001; a dependence latency must be in [0, 1000000]",
       0, ""},
      {"latency past sched.latency's limit", head + n1 + tail,
       "<M>\n<Resource name=\"add\" limit=\"1\" latency=\"200000\" blockingTime=\"1\"/>\n</M>\n", 0, "", 2,
       "resource 'add': latency 200000 exceeds 100000, the scheduler's limit"},
      {"root", "<graph/>\n", okModel, 1, "expected a <graphml> root element, found <graph>", 0, ""},
      {"no graph", "<graphml>\n<key id=\"k\"/>\n</graphml>\n", okModel, 1, "the GraphML file has no <graph>", 0, ""},
      {"two graphs", "<graphml>\n<graph>\n" + n1 + "</graph>\n<graph/>\n</graphml>\n", okModel, 5,
       "only one <graph> per GraphML file is supported (one loop per file)", 0, ""},
      {"no nodes", head + tail, okModel, 1, "the graph has no nodes: there is no loop body", 0, ""},
      {"node id", head + "<node><data key=\"uses_resource\">add</data></node>\n" + tail, okModel, 3,
       "a <node> has no id attribute", 0, ""},
      {"no resource", head + "<node id=\"7\"><data key=\"name\">x</data></node>\n" + tail, okModel, 3,
       "node '7' has no uses_resource data", 0, ""},
      {"unknown resource", head + "<node id=\"7\">\n<data key=\"uses_resource\">mul</data></node>\n" + tail, okModel, 4,
       "node '7' uses resource 'mul', which the resource model does not define", 0, ""},
      {"duplicate id", head + n1 + n1 + tail, okModel, 4, "node id '1' is used twice", 0, ""},
      {"unknown target",
       head + n1 +
           "<edge id=\"e\" source=\"1\" target=\"9\"><data key=\"delay\">0</data><data "
           "key=\"distance\">0</data></edge>\n" +
           tail,
       okModel, 4, "edge 'e' target '9' is not a node of the graph", 0, ""},
      {"missing delay", head + n1 + "<edge source=\"1\" target=\"1\"><data key=\"distance\">1</data></edge>\n" + tail,
       okModel, 4, "edge '1->1' has no delay or latency data", 0, ""},
      {"bad distance",
       head + n1 +
           "<edge source=\"1\" target=\"1\"><data key=\"delay\">0</data>\n<data "
           "key=\"distance\">one</data></edge>\n" +
           tail,
       okModel, 5, "edge '1->1': distance must be an integer, got 'one'", 0, ""},
      {"negative distance",
       head + n1 +
           "<edge source=\"1\" target=\"1\"><data key=\"delay\">0</data><data "
           "key=\"distance\">-1</data></edge>\n" +
           tail,
       okModel, 4, "edge '1->1' has distance -1; iteration distances cannot be negative", 0, ""},
      {"two spellings",
       head + n1 +
           "<edge source=\"1\" target=\"1\"><data key=\"delay\">0</data><data "
           "key=\"latency\">2</data><data key=\"distance\">1</data></edge>\n" +
           tail,
       okModel, 4, "edge '1->1' gives delay = '0' and latency = '2'", 0, ""},
      {"undirected", "<graphml>\n<graph edgedefault=\"undirected\">\n" + n1 + tail, okModel, 2,
       "undirected graphs are not supported: dependence edges need a direction", 0, ""},
      {"hyperedge", head + n1 + "<hyperedge/>\n" + tail, okModel, 4, "GraphML hyperedges are not supported", 0, ""},
      {
          "model attribute",
          head + n1 + tail,
          "<M>\n<Resource name=\"add\" limit=\"-1\" latency=\"1\"/>\n</M>\n",
          0,
          "",
          2,
          "resource 'add' has no blockingTime attribute",
      },
      {"model integer", head + n1 + tail,
       "<M>\n<Resource name=\"add\"\n limit=\"two\" latency=\"1\" blockingTime=\"1\"/>\n</M>\n", 0, "", 3,
       "resource 'add': limit must be an integer, got 'two'"},
      {"limit 0", head + n1 + tail,
       "<M>\n<Resource name=\"add\" limit=\"0\" latency=\"1\" blockingTime=\"1\"/>\n</M>\n", 0, "", 2,
       "resource 'add': limit must be -1 (unlimited) or at least 1, got 0"},
      {"blocking time", head + n1 + tail,
       "<M>\n<Resource name=\"add\" limit=\"1\" latency=\"1\" blockingTime=\"5000\"/>\n</M>\n", 0, "", 2,
       "resource 'add': blockingTime 5000 exceeds 1024 (one footprint row is written per blocked "
       "cycle)"},
      {"duplicate resource", head + n1 + tail,
       "<M>\n" + okModel + "<Resource name=\"add\" limit=\"1\" latency=\"1\" blockingTime=\"1\"/>\n</M>\n", 0, "", 5,
       "resource 'add' is defined twice"},
      {"reservation table", head + n1 + tail,
       "<M>\n<Resource name=\"add\" limit=\"1\" latency=\"1\" blockingTime=\"1\"/>\n<rt name=\"x\"/>\n</M>\n", 0, "", 3,
       "reservation tables (<rt>) are not supported; describe each resource with limit, latency "
       "and blockingTime instead"},
      {"empty model", head + n1 + tail, "<M/>\n", 0, "", 1,
       "the resource model lists no <Resource name=... limit=... latency=... blockingTime=...> "
       "elements"},
  };
  auto firstError = [](const DiagnosticEngine &d) {
    for (const Diagnostic &x : d.sorted())
      if (x.severity == Severity::Error) return x;
    return Diagnostic{};
  };
  for (const Case &c : cases) {
    auto r = import(c.graph, c.model);
    INFO(c.what << "\n" << diagList(r->graphDiags) << diagList(r->modelDiags));
    CHECK_FALSE(r->snippet);
    CHECK(r->graphDiags.errorCount() == (c.graphLine ? 1 : 0));
    CHECK(r->modelDiags.errorCount() == (c.modelLine ? 1 : 0));
    if (c.graphLine) {
      CHECK(firstError(r->graphDiags).range.begin.line == c.graphLine);
      CHECK(firstError(r->graphDiags).message == c.graphMessage);
    }
    if (c.modelLine) {
      CHECK(firstError(r->modelDiags).range.begin.line == c.modelLine);
      CHECK(firstError(r->modelDiags).message == c.modelMessage);
    }
  }
}

TEST_CASE("node ids that sanitize alike get the next free suffix, in document order", "[import]") {
  // 3 000 ids that differ only in characters the importer turns into '_' (30 000 took a minute
  // when each name probed every suffix from _2 up). A literal id claims suffix _2 first.
  const std::string base = "nx________";  // 'n' + "x" + 8 sanitized characters
  std::string graph = "<graphml>\n<graph>\n<node id=\"x_________2\"><data key=\"uses_resource\">add</data></node>\n";
  for (int i = 0; i < 3000; ++i) {
    std::string id = "x";
    for (int v = i, d = 0; d < 8; ++d, v /= 3) id += "-.+"[v % 3];
    graph += "<node id=\"" + id + "\"><data key=\"uses_resource\">add</data></node>\n";
  }
  graph += "</graph>\n</graphml>\n";
  auto r = import(graph, kModel);
  INFO(diagList(r->graphDiags));
  REQUIRE(r->snippet);
  auto labelled = [&](const std::string &label) { return count(*r->snippet, "sched.label = \"" + label + "\""); };
  CHECK(labelled(base) == 1);
  CHECK(labelled(base + "_2") == 1);  // the literal id
  CHECK(labelled(base + "_3") == 1);  // the second generated id skips it
  CHECK(labelled(base + "_3001") == 1);
  CHECK(labelled(base + "_3002") == 0);
}

TEST_CASE("a duplicate points back at the first definition", "[import]") {
  const std::string n1 = "<node id=\"1\"><data key=\"uses_resource\">add</data></node>\n";
  auto r = import("<graphml>\n<graph>\n" + n1 + n1 + "</graph>\n</graphml>\n", kModel);
  auto all = r->graphDiags.sorted();
  REQUIRE(all.size() == 2);
  CHECK(all[0].severity == Severity::Note);
  CHECK(all[0].range.begin.line == 3);
  CHECK(all[0].range.begin.col == 1);
  CHECK(all[0].range.end.col == 6);  // `<node`
  CHECK(all[1].range.begin.line == 4);
}

// A NUL byte ends the document; the elements before it keep their own line and column
// (fuzz_import once found one without, when positions came from a tag scan that read on past the
// NUL).
TEST_CASE("an element before a NUL byte keeps its position", "[import]") {
  const std::string graph = std::string("<graphml>\n<graph>\n<node id=\"1\">\n  <data>add</data>\n</node>\n") +
                            "</graph>\n</graphml>\n" + std::string(1, '\0') + "<extra/>\n";
  auto r = import(graph, kModel);
  const std::vector<Diagnostic> all = r->graphDiags.sorted();
  auto keyless = std::find_if(all.begin(), all.end(),
                              [](const Diagnostic &x) { return x.message == "a <data> element has no key attribute"; });
  REQUIRE(keyless != all.end());
  const Diagnostic &d = *keyless;
  CHECK(d.range.begin.line == 4);
  CHECK(d.range.begin.col == 3);
}

// Every loop of the public benchmark set, through import, the parser, the target model and the
// dependence graph. Counts come from the GraphML text, not from the importer.
TEST_CASE("every CHStone and origami loop imports and parses cleanly", "[import][benchmarks]") {
  const fs::path root = fs::path(TILESCHED_SHARED_DIR) / "benchmarks" / "hatschet";
  if (!fs::exists(root)) {
    WARN("skipped: " << root << " is missing");
    return;
  }
  std::vector<std::pair<fs::path, fs::path>> loops;
  for (const auto &entry : fs::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".graphml") continue;
    const fs::path dir = entry.path().parent_path();
    const std::string stem = entry.path().stem().string();
    const bool chstone = dir.parent_path().filename() == "ChStone";
    loops.emplace_back(entry.path(), dir / (stem + (chstone ? "_RM.xml" : "RM.xml")));
  }
  std::sort(loops.begin(), loops.end());
  const auto chstone = std::count_if(loops.begin(), loops.end(), [](const auto &l) {
    return l.first.parent_path().parent_path().filename() == "ChStone";
  });
  CHECK(chstone == 263);
  CHECK(loops.size() == 263 + 22);

  const std::shared_ptr<const TargetModel> blackwell = builtinTargetModel("blackwell");
  REQUIRE(blackwell);
  for (const auto &[graphPath, modelPath] : loops) {
    INFO(graphPath.string());
    const std::string graphml = readFile(graphPath), model = readFile(modelPath);
    DiagnosticEngine graphDiags, modelDiags;
    auto snippet = importHatschet(graphml, model, graphPath.string(), modelPath.string(), graphDiags, modelDiags);
    INFO(diagList(graphDiags) << diagList(modelDiags));
    REQUIRE(snippet);
    CHECK(graphDiags.all().empty());
    CHECK(modelDiags.all().empty());

    const size_t nodes = count(graphml, "<node ");
    const size_t edges = count(graphml, "<edge ");
    const size_t deps = count(snippet->substr(snippet->find("\nmodule ")), "[\"@n");
    size_t merged = 0;  // parallel edges the header says were merged
    if (const size_t p = snippet->find(" parallel edge(s)"); p != std::string::npos)
      merged = std::stoul(snippet->substr(snippet->rfind("// ", p) + 3));
    CHECK(count(*snippet, "\n      \"hls.") == nodes);
    CHECK(deps + merged == edges);

    auto parsed = test::parseBlocks(*snippet);
    INFO(test::diagText(parsed->diags));
    REQUIRE(parsed->diags.all().empty());
    REQUIRE(parsed->blocks.size() == 1);
    const ScheduledBlock &block = parsed->blocks[0];
    CHECK(block.isLoop);
    REQUIRE(block.ops.size() == nodes);

    TargetModel machine = *blackwell;
    DiagnosticEngine semaDiags;
    applyModulePools(*parsed->module, machine, semaDiags);
    std::vector<OpResources> resources;
    for (Operation *op : block.ops) resources.push_back(resolveOpResources(*op, machine, semaDiags));
    DependenceGraph graph = buildDependenceGraph(block, resources, semaDiags);
    INFO(test::diagText(semaDiags));
    CHECK_FALSE(semaDiags.hasErrors());
    CHECK(graph.numNodes == (int)nodes);
    CHECK(graph.edges.size() == deps);
  }
}
