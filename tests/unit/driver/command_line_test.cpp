// SPEC §5: the command-line contract shared by the native CLI, the wasm module and the npm bin.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <sstream>

#include "driver/Driver.h"
#include "support/Limits.h"

using namespace tilesched;
using Json = nlohmann::json;

namespace {

// An in-memory file system for the command line.
struct Files {
  std::map<std::string, std::string> files;
  FileReader reader() const {
    return [this](const std::string &p, size_t maxBytes) -> std::optional<std::string> {
      auto it = files.find(p);
      if (it == files.end()) return std::nullopt;
      return it->second.substr(0, maxBytes);
    };
  }
};

DriverResult run(const Files &fs, std::vector<std::string> args) {
  return runCommandLine(args, fs.reader(), runImportCommand);
}

const char *kLoop = R"(func.func @f(%d: index, %n: index) {
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %n step %d {
    %a = x.load %i {sched.latency = 4 : i32} : i32
    %b = x.mul %a, %a : i32
    x.store %b : i32
    scf.yield
  }
  return
}
)";

}  // namespace

TEST_CASE("emit=json prints a SPEC 5.1 document with program-ordered ops") {
  Files fs{{{"loop.mlir", kLoop}}};
  DriverResult r = run(fs, {"loop.mlir", "--emit=json"});
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK(r.err.empty());
  Json doc = Json::parse(r.out);
  CHECK(doc["version"] == 1);
  REQUIRE(doc["blocks"].size() == 1);
  const Json &b = doc["blocks"][0];
  CHECK(b["name"] == "@f/scf.for %i");
  CHECK(b["line"] == 3);
  CHECK(b["generator"] == "serial");  // 3 ops < serial_threshold
  CHECK(b["status"] == "scheduled");
  REQUIRE(b["ops"].size() == 3);
  for (int i = 0; i < 3; ++i) {
    CHECK(b["ops"][i]["id"] == i);
    CHECK(b["ops"][i]["stage"] == 0);
    CHECK(b["ops"][i]["order"] == i);
    CHECK(b["ops"][i]["line"] == 4 + i);
  }
  CHECK(b["ops"][0]["latency"] == 4);
  CHECK(b["ops"][1]["cycle"] == 4);
  CHECK(b["ii"].get<int>() >= 5);
  CHECK(b["stage_count"] == 1);
  REQUIRE(b["edges"].size() == 2);
  CHECK(b["edges"][0]["src"] == 0);
  CHECK(b["edges"][0]["dst"] == 1);
  CHECK(b["edges"][0]["latency"] == 4);
  CHECK(b["edges"][0]["kind"] == "data");
  CHECK_FALSE(b.contains("trace"));
}

TEST_CASE("the same input gives the same bytes") {
  Files fs{{{"loop.mlir", kLoop}}};
  for (const char *emit : {"--emit=json", "--emit=table", "--emit=ir"}) {
    DriverResult a = run(fs, {"loop.mlir", emit, "--trace"});
    DriverResult b = run(fs, {"loop.mlir", emit, "--trace"});
    CHECK(a.out == b.out);
    CHECK(a.err == b.err);
    CHECK(a.exitCode == b.exitCode);
  }
}

TEST_CASE("syntax errors: located diagnostics on stderr, exit 2, and a JSON document with emit=json") {
  Files fs{
      {{"bad.mlir", "%a = x.c : index\nscf.for %i = %a to %a step %a {\n  %x = \"x.op\"(%i : (index) -> i32\n}\n"}}};
  DriverResult r = run(fs, {"bad.mlir"});
  CHECK(r.exitCode == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("bad.mlir:3:", 0) == 0);
  CHECK(r.err.find(": error: ") != std::string::npos);

  DriverResult j = run(fs, {"bad.mlir", "--emit=json"});
  CHECK(j.exitCode == 2);
  CHECK(j.err.empty());
  Json doc = Json::parse(j.out);
  CHECK(doc["blocks"].empty());
  REQUIRE_FALSE(doc["diagnostics"].empty());
  CHECK(doc["diagnostics"][0]["severity"] == "error");
  CHECK(doc["diagnostics"][0]["line"] == 3);
  CHECK(doc["diagnostics"][0]["col"].get<int>() >= 1);
}

TEST_CASE("unusable options: exit 2 with a message, JSON document when asked") {
  Files fs{{{"loop.mlir", kLoop}}};
  DriverResult r = run(fs, {"loop.mlir", "--frobnicate"});
  CHECK(r.exitCode == 2);
  CHECK(r.err.find("unknown option '--frobnicate'") != std::string::npos);
  CHECK(run(fs, {"loop.mlir", "--emit=xml"}).exitCode == 2);
  CHECK(run(fs, {"loop.mlir", "--generator=magic"}).exitCode == 2);
  CHECK(run(fs, {"loop.mlir", "--ii-cap=1073741825"}).exitCode == 2);
  CHECK(run(fs, {"loop.mlir", "--max-constraint-iterations=x"}).exitCode == 2);
  CHECK(run(fs, {"missing.mlir"}).exitCode == 2);
  DriverResult m = run(fs, {"loop.mlir", "--model=volta"});
  CHECK(m.exitCode == 2);
  CHECK(m.err.find("unknown target model 'volta'") != std::string::npos);

  DriverResult j = run(fs, {"loop.mlir", "--emit=json", "--ii-cap=-3"});
  CHECK(j.exitCode == 2);
  Json doc = Json::parse(j.out);
  CHECK(doc["diagnostics"][0]["message"].get<std::string>().find("--ii-cap") != std::string::npos);
}

TEST_CASE("the optimality certificate: JSON block, table line, --proof-budget") {
  // Two ops hold one slot for rows {0, 1} and {0, 2}: at II 4 (the resource bound) they always
  // meet, so the certificate needs the exact search to prove II 5 optimal.
  Files fs{{{"pair.mlir", R"(module attributes {sched.pools = {p = 1 : i32}} {
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    "x.a"() {sched.latency = 1 : i32, sched.footprint = [["p"], ["p"]]} : () -> ()
    "x.b"() {sched.latency = 1 : i32, sched.footprint = [["p"], [], ["p"]]} : () -> ()
  }
  return
}
}
)"},
            {"loop.mlir", kLoop}}};
  auto block = [&](std::vector<std::string> args) {
    DriverResult r = run(fs, args);
    INFO(r.out << r.err);
    REQUIRE(r.exitCode == 0);
    return Json::parse(r.out)["blocks"][0];
  };
  const Json proven = block({"pair.mlir", "--emit=json", "--generator=cost-based"});
  CHECK(proven["mii"]["lower_bound"] == 4);
  CHECK(proven["ii"] == 5);
  // Two ops on one pool at II 5 fit in one stage: the length certificate is proven too.
  CHECK(proven["optimality"] ==
        Json::parse(R"({"status": "proven", "lower_bound": 5, "stage_bound": 1, "stages_proven": true})"));
  // Without the search the II search's own proof (its exact rung at II 4) still counts.
  CHECK(block({"pair.mlir", "--emit=json", "--generator=cost-based", "--proof-budget=0"})["optimality"] ==
        proven["optimality"]);
  CHECK(block({"loop.mlir", "--emit=json"})["optimality"] ==
        Json::parse(R"({"status": "unknown", "lower_bound": 0, "stage_bound": 0, "stages_proven": false})"));

  DriverResult table = run(fs, {"pair.mlir", "--generator=cost-based"});
  CHECK(table.out.find("  optimality: proven, no schedule exists below II 5; 1 stage, the fewest at this II\n") !=
        std::string::npos);
  CHECK(run(fs, {"pair.mlir", "--proof-budget=-1"}).exitCode == 2);
}

TEST_CASE("emit=table prints a readable stage/order table") {
  Files fs{{{"loop.mlir", kLoop}}};
  DriverResult r = run(fs, {"loop.mlir", "--emit=table"});
  INFO(r.out);
  CHECK(r.exitCode == 0);
  CHECK(r.out.find("block @f/scf.for %i (line 3): serial, scheduled, II") != std::string::npos);
  CHECK(r.out.find("stage  order  cycle  lat  op") != std::string::npos);
  CHECK(r.out.find("%a = x.load") != std::string::npos);
  CHECK(r.out.find("x.store") != std::string::npos);
}

TEST_CASE("emit=ir stamps stage/order on ops and parses back") {
  Files fs{{{"loop.mlir", kLoop}}};
  DriverResult r = run(fs, {"loop.mlir", "--emit=ir"});
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK(r.out.find("nv_tile.aws.stage = 0 : i32") != std::string::npos);
  CHECK(r.out.find("nv_tile.aws.order = 2 : i32") != std::string::npos);
  Files again{{{"ir.mlir", r.out}}};
  DriverResult back = run(again, {"ir.mlir", "--emit=json"});
  CHECK(back.exitCode == 0);
}

TEST_CASE("stdin is '-' and several files with emit=json give one array of documents") {
  Files fs{{{"-", kLoop}, {"loop.mlir", kLoop}}};
  DriverResult r = run(fs, {"-", "loop.mlir", "missing.mlir", "--emit=json"});
  CHECK(r.exitCode == 2);          // the largest status: missing.mlir cannot be read
  Json docs = Json::parse(r.out);  // one document
  REQUIRE(docs.is_array());
  REQUIRE(docs.size() == 3);
  CHECK(docs[0]["blocks"].size() == 1);
  CHECK(docs[1]["blocks"].size() == 1);
  CHECK(docs[2]["diagnostics"][0]["message"] == "cannot read 'missing.mlir'");
  CHECK(Json::parse(run(fs, {"loop.mlir", "--emit=json"}).out).is_object());  // one input: the document itself
}

TEST_CASE("emit=json is honoured by --version, --help and import-hatschet") {
  Files fs;
  CHECK(run(fs, {"--version"}).out.rfind("tilesched ", 0) == 0);
  CHECK(run(fs, {"--help"}).out.find("usage: tilesched") != std::string::npos);
  Json version = Json::parse(run(fs, {"--emit=json", "--version"}).out);
  CHECK(version["version"] == 1);
  CHECK(version["tool"] == versionString());
  Json help = Json::parse(run(fs, {"--help", "--emit=json"}).out);
  CHECK(help["usage"].get<std::string>().find("usage: tilesched") == 0);
  // The last --emit wins, as for every other option.
  CHECK(run(fs, {"--emit=json", "--emit=table", "--version"}).out == versionString() + "\n");

  fs.files["g.graphml"] =
      "<graphml><graph><node id=\"a\"><data key=\"uses_resource\">add</data></node></graph></graphml>";
  fs.files["rm.xml"] = "<M><Resource name=\"add\" limit=\"1\" latency=\"1\" blockingTime=\"1\"/></M>";
  DriverResult text = run(fs, {"import-hatschet", "g.graphml", "rm.xml"});
  DriverResult json = run(fs, {"import-hatschet", "g.graphml", "rm.xml", "--emit=json"});
  CHECK(text.exitCode == 0);
  CHECK(json.exitCode == 0);
  CHECK(Json::parse(json.out)["ir"] == text.out);  // the snippet, as the document's `ir`
  fs.files["rm.xml"] = "<M>\n<Resource name=\"add\" limit=\"0\" latency=\"1\" blockingTime=\"1\"/></M>";
  DriverResult bad = run(fs, {"import-hatschet", "g.graphml", "rm.xml", "--emit=json"});
  CHECK(bad.exitCode == 2);
  Json doc = Json::parse(bad.out);
  CHECK(doc["diagnostics"][0]["file"] == "rm.xml");
  CHECK(doc["diagnostics"][0]["line"] == 2);
  CHECK(doc["ir"] == "");
  CHECK(run(fs, {"import-hatschet", "g.graphml", "rm.xml", "--emit=table"})
            .err.find("import-hatschet prints MLIR text") != std::string::npos);
}

TEST_CASE("without the importer, import-hatschet names the native tool") {
  // The WebAssembly module passes no importer (wasm/bindings.cpp), so core/import is not linked.
  Files fs{{{"g.graphml", "<graphml><graph/></graphml>"}, {"rm.xml", "<M/>"}}};
  DriverResult r = runCommandLine({"import-hatschet", "g.graphml", "rm.xml"}, fs.reader());
  CHECK(r.exitCode == 2);
  CHECK(r.err.rfind("tilesched: error: import-hatschet is a command of the native tool", 0) == 0);
  Json doc = Json::parse(runCommandLine({"import-hatschet", "g.graphml", "rm.xml", "--emit=json"}, fs.reader()).out);
  CHECK(doc["diagnostics"][0]["message"].get<std::string>().find("native tool") != std::string::npos);
}

TEST_CASE("ii-cap 0 is the automatic cap, the default") {
  Files fs{{{"loop.mlir", kLoop}}};
  DriverResult zero = run(fs, {"loop.mlir", "--emit=json", "--ii-cap=0", "--generator=cost-based"});
  DriverResult none = run(fs, {"loop.mlir", "--emit=json", "--generator=cost-based"});
  CHECK(zero.exitCode == 0);
  CHECK(zero.out == none.out);
}

TEST_CASE("files are read to one byte past their limit, and a larger one is named") {
  // The reader is asked for limit + 1 bytes: a 2 GiB file or /dev/zero is never read whole.
  std::map<std::string, size_t> asked;
  FileReader endless = [&](const std::string &path, size_t maxBytes) -> std::optional<std::string> {
    asked[path] = maxBytes;
    if (path == "loop.mlir") return std::string(kLoop);
    return std::string(maxBytes, path == "-" ? ' ' : '{');
  };
  DriverResult r = runCommandLine({"loop.mlir", "--model=m.json"}, endless);
  CHECK(asked["loop.mlir"] == kMaxInputBytes + 1);
  CHECK(asked["m.json"] == kMaxModelBytes + 1);
  CHECK(r.exitCode == 2);
  CHECK(r.err == "m.json:1:1: error: the model is larger than 1 MiB (1048576 bytes, the model size limit)\n");
  DriverResult input = runCommandLine({"-", "--emit=json"}, endless);
  Json doc = Json::parse(input.out);
  CHECK(doc["diagnostics"][0]["message"] ==
        "the input is larger than 8 MiB (8388608 bytes, the input size limit); only the first 8388609 bytes were read");
  CHECK(doc["diagnostics"][0]["line"] == 1);
  DriverResult graph = runCommandLine({"import-hatschet", "g.graphml", "rm.xml"}, endless, runImportCommand);
  CHECK(asked["g.graphml"] == kMaxInputBytes + 1);
  CHECK(graph.exitCode == 2);
  CHECK(graph.err.rfind("g.graphml:1:1: error: the file is larger than 8 MiB", 0) == 0);
}

TEST_CASE("an empty model file is an error, not the built-in model") {
  Files fs{{{"loop.mlir", kLoop}, {"empty.json", ""}}};
  DriverResult r = run(fs, {"loop.mlir", "--model=empty.json"});
  CHECK(r.exitCode == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("empty.json:1:1: error: invalid JSON", 0) == 0);
}

TEST_CASE("what the input puts in an error message reaches the terminal escaped") {
  Files fs{{{"loop.mlir", kLoop}}};
  DriverResult r = run(fs, {"loop.mlir", "--\x1b[2Jx"});
  CHECK(r.err.rfind("tilesched: error: unknown option '--\\x1b[2Jx'\n", 0) == 0);
}

TEST_CASE("every example gives a valid document and never an internal error") {
  for (const char *name :
       {"seed-worked-example", "hopper-tma-wgmma-gemm", "blackwell-tcgen05-gemm", "attention-forward", "moe-gather",
        "forced-serial", "constraint-quirks", "infeasible", "broken"}) {
    std::string path = std::string(TILESCHED_SOURCE_DIR) + "/examples/" + name + ".mlir";
    std::ifstream f(path);
    REQUIRE(f.good());
    std::stringstream ss;
    ss << f.rdbuf();
    Files fs{{{path, ss.str()}}};
    for (const char *gen : {"--generator=auto", "--generator=serial", "--generator=cost-based"}) {
      DriverResult r = run(fs, {path, "--emit=json", "--trace", gen});
      INFO(name << " " << gen << "\n" << r.out.substr(0, 2000));
      Json doc = Json::parse(r.out);
      CHECK(doc["version"] == 1);
      CHECK(r.out.find("internal error") == std::string::npos);
      bool broken = std::string(name) == "broken";
      CHECK(r.exitCode == (broken ? 2 : r.exitCode));
      if (!broken) CHECK(r.exitCode <= 1);
    }
  }
}
