// ParseLimits, stack safety and fuzzing: no input may crash, hang or escape as an exception.
#include <catch2/catch.hpp>

#include <pthread.h>

#include <random>
#include <string>

#include "IRTestUtil.h"

using namespace tilesched;
using namespace tilesched::irtest;

namespace {

std::string repeat(const std::string &s, int n) {
  std::string out;
  out.reserve(s.size() * n);
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// Every diagnostic is located, and a clean parse round-trips.
void checkInvariants(const std::string &src) {
  auto r = parse(src);
  for (const Diagnostic &d : r->diags.all()) {
    REQUIRE(d.range.begin.line >= 1);
    REQUIRE(d.range.begin.col >= 1);
    REQUIRE(!d.message.empty());
  }
  REQUIRE(r->diags.errorCount() <= 51);
  std::string printed = printModule(*r->module);
  if (r->diags.hasErrors()) return;
  auto again = parse(printed);
  INFO("input:\n" << src << "\nprinted:\n" << printed << "\ndiagnostics:\n" << again->text());
  REQUIRE_FALSE(again->diags.hasErrors());
  REQUIRE(printModule(*again->module) == printed);
}

const char *kSeeds[] = {
    R"(#map = affine_map<(d0) -> (d0)>
!desc = !nv_tileas.tma_desc<128x64xf16>
module attributes {sched.pools = {hls_load = 2 : i32}} {
  func.func @gemm(%A: !desc, %n: index) -> tensor<128x128xf32> {
    %c0 = arith.constant 0 : index
    %zero = arith.constant dense<0.0> : tensor<128x128xf32>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %tok = %t0) -> (tensor<128x128xf32>, !nv_tileas.async.token) {
      %a = "nv_tileas.async.tiled_tma_load"(%A, %k) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>}> {tileas.schedule.constraint.gid = 1 : i32, sched.footprint = [["tma", "tp_smem_wr"], []]} : (!desc, index) -> tensor<128x64xf16> loc("gemm.py":12:3)
      %d = nv_tileas.dot %a, %a, %acc {sched.latency = 16 : i32} : tensor<128x128xf32>
      "nv_tileas.async.store"(%d) {sched.label = "st0", sched.deps = [["%a", 3, 1], ["@st0", 0, 1]]} : (tensor<128x128xf32>) -> ()
      scf.yield %d, %tok : tensor<128x128xf32>, !nv_tileas.async.token
    } {tileas.schedule.constraint.force_serial_execution}
    return %r#0 : tensor<128x128xf32>
  }
}
)",
    R"(%x = "t.src"() : () -> i32
%a, %b:2 = "t.multi"(%x) <{p = 1 : i64}> ({
^bb0(%arg0: i32 loc("f":1:1), %arg1: f32):
  "t.use"(%arg0, %x) : (i32, i32) -> ()
^bb1:
  "t.term"() : () -> ()
}) {d = "s\0A", e = [1.5, -2, 0x10, true, unit, #a<1>, @s::@t]} : (i32) -> (i32, f32, f32)
nv_tileas.async.pipeline.produce_one %p, %it {
  %v = nv.compute %b#1 : f32
} {sched.label = "prod"}
)",
};

const char *kFragments[] = {"{",
                            "}",
                            "(",
                            ")",
                            "<",
                            ">",
                            "[",
                            "]",
                            "\"",
                            "%",
                            "#",
                            "^",
                            "@",
                            "!",
                            ":",
                            "=",
                            ",",
                            "->",
                            "loc(",
                            "//",
                            "\n",
                            "iter_args(",
                            "scf.for ",
                            "<{",
                            "}>",
                            "array<i32:",
                            "0x",
                            "-",
                            "99999999999999999999999",
                            "scf.yield",
                            "\\",
                            " ",
                            "%r#",
                            "dense<",
                            "...",
                            "func.func @f(",
                            "module {",
                            "^bb0(%a: i32):"};

std::string mutate(std::string s, std::mt19937 &rng) {
  auto pick = [&](size_t n) { return n ? std::uniform_int_distribution<size_t>(0, n - 1)(rng) : 0; };
  int edits = 1 + static_cast<int>(pick(4));
  for (int e = 0; e < edits; ++e) {
    size_t at = pick(s.size() + 1);
    switch (pick(6)) {
    case 0: s.erase(at, 1 + pick(8)); break;
    case 1: s.insert(at, 1, static_cast<char>(pick(256))); break;
    case 2: s.insert(at, kFragments[pick(std::size(kFragments))]); break;
    case 3:
      if (!s.empty()) s[pick(s.size())] = static_cast<char>(pick(256));
      break;
    case 4: {
      size_t from = pick(s.size() + 1), len = pick(40);
      s.insert(at, s.substr(from, len));
      break;
    }
    default: s.erase(at); break;  // truncate
    }
  }
  return s;
}

void *parseDeepOnSmallStack(void *arg) {
  auto *src = static_cast<std::string *>(arg);
  DiagnosticEngine d;
  parseSource(*src, d);
  return reinterpret_cast<void *>(static_cast<intptr_t>(d.errorCount()));
}

}  // namespace

TEST_CASE("limits: input size", "[ir][limits]") {
  ParseLimits limits;
  limits.maxInputBytes = 100;
  auto r = parse(std::string(101, ' '), limits);
  auto e = r->errors();
  REQUIRE(e.size() == 1);
  CHECK(e[0].message == "input is 101 bytes; the limit is 100 bytes (ParseLimits::maxInputBytes)");
  CHECK(e[0].range.begin.line == 1);
  CHECK(e[0].range.begin.col == 1);
  CHECK(r->module->operations.empty());
  CHECK_FALSE(parse(std::string(100, ' '), limits)->diags.hasErrors());
}

TEST_CASE("limits: operation count", "[ir][limits]") {
  ParseLimits limits;
  limits.maxOperations = 10;
  auto r = parse(repeat("t.x\n", 20), limits);
  auto e = r->errors();
  REQUIRE(e.size() == 1);
  CHECK(e[0].message == "the input has more than 10 operations (ParseLimits::maxOperations); split the snippet");
  CHECK(e[0].range.begin.line == 11);
  CHECK(r->module->operations.size() == 10);
  CHECK_FALSE(parse(repeat("t.x\n", 10), limits)->diags.hasErrors());
}

TEST_CASE("limits: nesting depth, one message however deep", "[ir][limits]") {
  const int n = 20000;
  std::string regions = repeat("\"t.r\"() ({\n", n) + repeat("}) : () -> ()\n", n);
  std::string arrays = "\"t.x\"() {a = " + repeat("[", n) + repeat("]", n) + "} : () -> ()\n";
  std::string dicts = "\"t.x\"() {a = " + repeat("{b = ", n) + "1" + repeat("}", n) + "} : () -> ()\n";
  std::string types = "\"t.x\"() : () -> " + repeat("tensor<", n) + "f32" + repeat(">", n) + "\n";
  std::string fnTypes = "\"t.x\"() : () -> " + repeat("(", n) + repeat(") -> i32", n) + "\n";
  std::string customs = "t.x " + repeat("[", n) + repeat("]", n) + "\n";
  for (const std::string *src : {&regions, &arrays, &dicts, &types, &fnTypes, &customs}) {
    auto r = parse(*src);
    auto e = r->errors();
    INFO(src->substr(0, 40) << "\n" << r->text().substr(0, 2000));
    REQUIRE(e.size() == 1);
    CHECK(e[0].message == "nesting is deeper than 128 levels (ParseLimits::maxNestingDepth); flatten the input");
  }
  // Exactly at the limit is fine.
  ParseLimits limits;
  limits.maxNestingDepth = 8;
  CHECK_FALSE(parse("\"t.x\"() {a = " + repeat("[", 7) + repeat("]", 7) + "} : () -> ()\n", limits)->diags.hasErrors());
  CHECK(parse("\"t.x\"() {a = " + repeat("[", 8) + repeat("]", 8) + "} : () -> ()\n", limits)->diags.hasErrors());
}

TEST_CASE("limits: deep unbalanced input terminates", "[ir][limits]") {
  for (const char *open : {"(", "[", "{", "<", "tensor<", "\"t.r\"() ({\n", "module {\n", "{a = "}) {
    auto r = parse("\"t.x\"() {a = " + repeat(open, 50000));
    CHECK(r->diags.hasErrors());
    CHECK(r->diags.errorCount() <= 3);
  }
}

TEST_CASE("limits: a 1 MB stack (the wasm default) is enough", "[ir][limits]") {
  // Just under the default depth: regions, each closing with attributes four levels deep.
  std::string withinLimit = repeat("\"t.r\"() ({\n", 100) + repeat("}) {a = [{b = [1]}]} : () -> ()\n", 100);
  withinLimit += "module {\n";
  for (int i = 0; i < 120; ++i) withinLimit += "scf.for %i" + std::to_string(i) + " = %a to %b step %c {\n";
  withinLimit += repeat("}\n", 121);
  std::string beyondLimit = repeat("\"t.r\"() {a = [{b = [", 30000);
  for (auto [src, expectedErrors] : {std::pair{&withinLimit, 0}, std::pair{&beyondLimit, 1}}) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 1 << 20);
    pthread_t thread;
    REQUIRE(pthread_create(&thread, &attr, parseDeepOnSmallStack, src) == 0);
    void *errors = nullptr;
    pthread_join(thread, &errors);
    pthread_attr_destroy(&attr);
    CHECK(reinterpret_cast<intptr_t>(errors) == expectedErrors);
  }
}

TEST_CASE("robustness: huge numbers and odd bytes", "[ir][robustness]") {
  auto r = parse("\"t.x\"() {a = " + std::string(10000, '9') + "} : () -> ()\n");
  REQUIRE(r->errors().size() == 1);
  CHECK(r->errors()[0].message.find("does not fit in 64 bits") != std::string::npos);
  CHECK(r->errors()[0].message.size() < 120);
  checkInvariants(std::string("\0\0\0", 3));
  checkInvariants("\xff\xfe\xfd");
  checkInvariants("\"");
  checkInvariants("%");
  checkInvariants("%r:99999999999 = t.x");
  checkInvariants("%r:65536 = t.x\n");
}

TEST_CASE("robustness: random bytes never crash or hang", "[ir][robustness]") {
  std::mt19937 rng(12345);
  std::uniform_int_distribution<int> byte(0, 255), len(0, 300);
  for (int i = 0; i < 3000; ++i) {
    std::string s(static_cast<size_t>(len(rng)), '\0');
    for (char &c : s) c = static_cast<char>(byte(rng));
    checkInvariants(s);
  }
  // Random text over the language's own alphabet reaches deeper into the grammar.
  const char alphabet[] = "%^#!@\"(){}[]<>,:=-. \n\tabx01_9#";
  std::uniform_int_distribution<size_t> ch(0, sizeof(alphabet) - 2);
  for (int i = 0; i < 3000; ++i) {
    std::string s(static_cast<size_t>(len(rng)), ' ');
    for (char &c : s) c = alphabet[ch(rng)];
    checkInvariants(s);
  }
}

TEST_CASE("robustness: mutated valid snippets never crash or hang", "[ir][robustness]") {
  std::mt19937 rng(777);
  int clean = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string s = mutate(kSeeds[i % std::size(kSeeds)], rng);
    checkInvariants(s);
    if (!parse(s)->diags.hasErrors()) ++clean;
  }
  CHECK(clean > 0);  // some mutations stay valid and went through the round-trip check
}
