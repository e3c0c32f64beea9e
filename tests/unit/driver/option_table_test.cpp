// The one option table (core/contract/options.json, docs/decisions.md "One option table"): the
// command line parses every option it declares, with its range, and its defaults are the option
// structs' defaults.
#include <catch2/catch.hpp>

#include <string>

#include "contract/Options.generated.h"
#include "driver/Driver.h"

using namespace tilesched;
using options::kOptionSpecs;
using options::OptionKind;

namespace {

CommandLine parse(std::vector<std::string> args) {
  return parseCommandLine(args, [](const std::string &, size_t) -> std::optional<std::string> { return std::nullopt; });
}

}  // namespace

TEST_CASE("every option written with its declared default gives the default options") {
  for (const options::OptionSpec &o : kOptionSpecs) {
    if (o.kind == OptionKind::Flag) continue;  // a flag's default is its absence
    const std::string arg = std::string(o.flag) + "=" + o.defaultText;
    INFO(arg);
    CommandLine c = parse({"in.mlir", arg});
    REQUIRE_FALSE(c.error);
    // --model is the exception: naming the default model still overrides the IR's target.
    DriverOptions expected;
    if (o.kind == OptionKind::Model) expected.modelName = o.defaultText;
    CHECK(c.options == expected);
  }
}

TEST_CASE("without --model the model is left to the IR's target, --model names it") {
  CHECK_FALSE(parse({"in.mlir"}).options.modelName);
  CHECK(parse({"in.mlir", "--model=hopper"}).options.modelName == std::optional<std::string>("hopper"));
}

TEST_CASE("a flag of the table sets its option and takes no value") {
  for (const options::OptionSpec &o : kOptionSpecs) {
    if (o.kind != OptionKind::Flag) continue;
    INFO(o.flag);
    CommandLine c = parse({o.flag});
    REQUIRE_FALSE(c.error);
    CHECK_FALSE(c.options == DriverOptions{});
    CHECK(parse({std::string(o.flag) + "=1"}).error);
  }
}

TEST_CASE("an integer option accepts its range and names it when refusing") {
  for (const options::OptionSpec &o : kOptionSpecs) {
    if (o.kind != OptionKind::Int) continue;
    INFO(o.flag);
    CHECK_FALSE(parse({std::string(o.flag) + "=" + std::to_string(o.min)}).error);
    CHECK_FALSE(parse({std::string(o.flag) + "=" + std::to_string(o.max)}).error);
    CommandLine above = parse({std::string(o.flag) + "=" + std::to_string(o.max + 1)});
    REQUIRE(above.error);
    CHECK(*above.error == std::string(o.flag) + " takes an integer in [" + std::to_string(o.min) + ", " +
                              std::to_string(o.max) + "] (got '" + std::to_string(o.max + 1) + "')");
    CHECK(parse({std::string(o.flag) + "=x"}).error);
  }
}

TEST_CASE("option table: ii-cap 0 parses as the automatic cap, the default") {
  CommandLine c = parse({"--ii-cap=0"});
  REQUIRE_FALSE(c.error);
  CHECK(c.options.schedule.iiCap == 0);
  CHECK(c.options == DriverOptions{});
  CHECK(parse({"--ii-cap=-1"}).error);
}

TEST_CASE("help lists every option of the table with its help and default") {
  DriverResult r = runCommandLine(
      {"--help"}, [](const std::string &, size_t) -> std::optional<std::string> { return std::nullopt; });
  CHECK(r.exitCode == 0);
  for (const options::OptionSpec &o : kOptionSpecs) {
    INFO(o.flag);
    CHECK(r.out.find(std::string("[") + o.flag) != std::string::npos);  // the usage line
    CHECK(r.out.find(o.help) != std::string::npos);
    if (o.kind != OptionKind::Flag)
      CHECK(r.out.find(std::string("(default ") + o.defaultText + ")") != std::string::npos);
  }
}
