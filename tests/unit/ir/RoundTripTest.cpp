// Printer tests and the round-trip property: for thousands of random valid snippets (random
// nesting, generic and custom ops, attributes of every kind, iter_args), parse -> print ->
// parse -> print is a fixed point with no diagnostics, and the re-parsed IR equals the original.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "IRTestUtil.h"
#include "TestScale.h"

using namespace tilesched;
using namespace tilesched::irtest;

namespace {

// Structural summary of a module: everything the round trip must preserve.
std::string describe(Module &m) {
  std::string s;
  for (const AliasDef &a : m.aliases) s += "alias " + a.text + "\n";
  walkModule(m, [&](Operation &op) {
    s += op.name + " syntax=" + std::to_string(static_cast<int>(op.syntax)) + " sym=" + op.symbol + " res=";
    for (Value *v : op.results) s += v->name + ":" + v->type + ",";
    s += " ops=";
    for (Value *v : op.operands) s += v->name + (v->liveIn ? "(in)" : "") + ",";
    s += " props=" + printAttrDict(op.properties) + " attrs=" + printAttrDict(op.attributes);
    if (op.syntax == OpSyntax::Constant) s += " value=" + printAttribute(op.constantValue);
    s += " text=" + op.operandText + "|" + op.typeText + "|" + op.signatureText + "|" + op.locText;
    for (auto &r : op.regions) {
      s += " region[";
      for (auto &b : r->blocks) {
        s += b->label + "(";
        for (Value *a : b->arguments) s += a->name + ":" + a->type + ",";
        s += ")" + std::to_string(b->operations.size()) + ";";
      }
      s += "]";
    }
    s += "\n";
  });
  return s;
}

class SnippetGenerator {
public:
  explicit SnippetGenerator(uint32_t seed) : rng_(seed) {}

  std::string generate() {
    out_.clear();
    next_ = 0;
    scopes_.clear();
    scopes_.emplace_back();
    if (chance(3))
      out_ += "#alias" + std::to_string(pick(5)) + " = affine_map<(d0) -> (d0 + " + std::to_string(pick(9)) + ")>\n";
    if (chance(3)) out_ += "!t" + std::to_string(pick(5)) + " = !nv_tileas.tma_desc<" + shape() + "xf16>\n";
    if (chance(4)) {
      topLevelOps();
      return out_;
    }
    if (chance(4)) {
      tileModule();
      return out_;
    }
    out_ += "module";
    if (chance(3)) out_ += " @m" + std::to_string(pick(9));
    if (chance(2)) out_ += " attributes " + dict(0);
    out_ += " {\n";
    int funcs = 1 + pick(2);
    for (int f = 0; f < funcs; ++f) func(2);
    out_ += "}\n";
    return out_;
  }

private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  bool chance(int n) { return pick(n) == 0; }
  std::string fresh(const char *prefix = "%v") { return prefix + std::to_string(next_++); }
  void line(int indent) { out_.append(static_cast<size_t>(indent), ' '); }

  // Values visible here: {spelling, type}.
  std::vector<std::pair<std::string, std::string>> visible() const {
    std::vector<std::pair<std::string, std::string>> all;
    for (const auto &s : scopes_) all.insert(all.end(), s.begin(), s.end());
    return all;
  }
  std::pair<std::string, std::string> use() {
    auto all = visible();
    return all[pick(static_cast<int>(all.size()))];
  }
  void define(const std::string &name, const std::string &type) { scopes_.back().emplace_back(name, type); }

  std::string shape() { return std::to_string(1 << pick(8)) + "x" + std::to_string(1 << pick(8)); }
  std::string type() {
    switch (pick(7)) {
    case 0: return "i32";
    case 1: return "index";
    case 2: return "f16";
    case 3: return "tensor<" + shape() + "xf32>";
    case 4: return "!nv_tileas.async.token";
    case 5: return "!nv_tileas.tma_desc<" + shape() + "xf16, #nv.swizzle<" + std::to_string(pick(4)) + ">>";
    default: return "memref<?x" + shape() + "xbf16>";
    }
  }

  std::string string() {
    static const char *pieces[] = {"a",    "tma", "st0", " ", "\\n", "\\t",  "\\\"",     "\\\\", "\\0A",
                                   "\\FF", "%a",  "@b",  "{", "]",   "\x01", "\xC3\xA9", "\x7f"};
    std::string s = "\"";
    int n = pick(6);
    for (int i = 0; i < n; ++i) s += pieces[pick(std::size(pieces))];
    return s + "\"";
  }
  std::string key() {
    static const char *keys[] = {"sched.latency", "sched.label",      "tileas.schedule.constraint.gid", "k",
                                 "a_b$c",         "nv_tile.aws.stage"};
    if (chance(8)) return "\"quoted key " + std::to_string(pick(100)) + "\"";
    return std::string(keys[pick(std::size(keys))]) + std::to_string(pick(1000));
  }
  std::string attr(int depth) {
    switch (pick(depth > 2 ? 9 : 12)) {
    case 0: return std::to_string(pick(1000) - 500);
    case 1: return std::to_string(pick(1000) - 500) + " : i" + std::to_string(8 << pick(3));
    case 2: return "0x" + std::to_string(pick(90) + 10) + (chance(2) ? " : i64" : "");
    case 3: return std::to_string(pick(100) - 50) + "." + std::to_string(pick(100)) + (chance(2) ? "e-3 : f32" : "");
    case 4: return chance(2) ? "true" : "false";
    case 5: return string();
    case 6: return "unit";
    case 7: {
      static const char *opaque[] = {"#alias0",
                                     "#nv.layout<[1, 2]>",
                                     "affine_map<(d0, d1) -> (d1 * 2, d0)>",
                                     "@sym",
                                     "@outer::@inner",
                                     "dense<0.0> : tensor<4xf32>",
                                     "i32",
                                     "!t1",
                                     "(i32, f16) -> tensor<2xf32>",
                                     "loc(\"f.py\":3:4)"};
      return opaque[pick(std::size(opaque))];
    }
    case 8: {
      std::string s = "array<" + std::string(chance(2) ? "i32" : "i64");
      int n = pick(4);
      for (int i = 0; i < n; ++i) s += (i ? ", " : ": ") + std::to_string(pick(20) - 5);
      return s + ">";
    }
    case 9:
    case 10: {
      std::string s = "[";
      int n = pick(4);
      for (int i = 0; i < n; ++i) s += (i ? ", " : "") + attr(depth + 1);
      return s + "]";
    }
    default: return dict(depth + 1);
    }
  }
  std::string dict(int depth) {
    std::string s = "{";
    int n = pick(4);
    std::vector<std::string> used;
    for (int i = 0; i < n; ++i) {
      std::string k = key();
      bool dup = false;
      for (const std::string &u : used) dup |= u == k;
      if (dup) continue;
      used.push_back(k);
      s += (used.size() > 1 ? ", " : "") + k;
      if (!chance(4)) s += " = " + attr(depth);
    }
    return s + "}";
  }
  std::string loc() {
    if (!chance(4)) return "";
    return chance(2) ? " loc(\"gemm.py\":" + std::to_string(pick(99)) + ":" + std::to_string(pick(9)) + ")"
                     : " loc(#loc0)";
  }
  std::string comment() { return chance(6) ? "  // note " + std::to_string(pick(9)) : ""; }

  void topLevelOps() {
    // A bare snippet: a few live values first so later ops have operands.
    for (int i = 0; i < 2; ++i) {
      std::string v = fresh(), t = type();
      out_ += v + " = \"t.src\"() : () -> " + t + "\n";
      define(v, t);
    }
    block(0, 3);
  }

  void func(int indent) {
    line(indent);
    const bool triton = chance(3);
    out_ += std::string(triton ? "tt.func" : "func.func") + " @f" + std::to_string(next_++) + "(";
    scopes_.emplace_back();
    int n = 1 + pick(3);
    for (int i = 0; i < n; ++i) {
      std::string a = fresh("%arg"), t = type();
      out_ += (i ? ", " : "") + a + ": " + t;
      if (chance(5)) out_ += " {x.y}";
      define(a, t);
    }
    out_ += ")";
    if (chance(2)) out_ += " -> " + type();
    if (chance(3)) out_ += " attributes " + dict(1);
    out_ += " {\n";
    block(indent + 2, 3);
    line(indent + 2);
    out_ += triton ? "tt.return\n" : "return\n";
    line(indent);
    out_ += "}\n";
    scopes_.pop_back();
  }

  // CUDA Tile IR as cuda-tile-opt prints it: prefix-less ops, `for ... in (...)` and `loop`.
  void tileModule() {
    out_ += "cuda_tile.module @m" + std::to_string(pick(9)) + " {\n";
    int entries = 1 + pick(2);
    for (int e = 0; e < entries; ++e) {
      out_ += "  " + std::string(chance(4) ? "cuda_tile.entry" : "entry") + " @k" + std::to_string(next_++) + "(";
      scopes_.emplace_back();
      std::string a = fresh("%arg"), b = fresh("%arg");
      out_ += a + ": tile<i32>, " + b + ": !cuda_tile.tile<i32>)";
      if (chance(4)) out_ += " optimization_hints=<sm_100={occupancy=2}>";
      out_ += " {\n";
      define(a, "tile<i32>");
      define(b, "tile<i32>");
      tileBlock(4, 2);
      out_ += "    return\n  }";
      if (chance(4)) out_ += " {k = 1 : i32}";
      out_ += "\n";
      scopes_.pop_back();
    }
    out_ += "}\n";
  }

  void tileBlock(int indent, int depth) {
    int n = 1 + pick(4);
    for (int i = 0; i < n; ++i) {
      line(indent);
      std::string v = fresh();
      switch (pick(depth > 0 ? 5 : 2)) {
      case 0: out_ += v + " = constant <i32: " + std::to_string(pick(99)) + "> : tile<i32>\n"; break;
      case 1:
        out_ +=
            v + " = " + (chance(3) ? "cuda_tile.addi " : "addi ") + use().first + ", " + use().first + " : tile<i32>\n";
        break;
      case 2: tileFor(v, indent, depth); break;
      case 3: tileLoop(v, indent, depth); break;
      default: {
        std::string c = fresh();
        out_ += c + " = cmpi less_than " + use().first + ", " + use().first + ", signed : tile<i32> -> tile<i1>\n";
        line(indent);
        out_ += v + " = if " + c + " -> (tile<i32>) {\n";
        for (int r = 0; r < 2; ++r) {
          scopes_.emplace_back();
          tileBlock(indent + 2, depth - 1);
          line(indent + 2);
          out_ += "yield " + use().first + " : tile<i32>\n";
          scopes_.pop_back();
          line(indent);
          out_ += r ? "}\n" : "} else {\n";
        }
      }
      }
      define(v, "tile<i32>");
    }
  }

  void tileFor(const std::string &result, int indent, int depth) {
    std::string iv = fresh("%iv"), acc = fresh("%acc");
    out_ += result + " = for " + std::string(chance(4) ? "unsigned " : "") + iv + " in (" + use().first + " to " +
            use().first + ", step " + use().first + ") : tile<i32>" + (chance(2) ? "\n" : " ") + "iter_values(" + acc +
            " = " + use().first + ") -> (tile<i32>) {\n";
    scopes_.emplace_back();
    define(iv, "tile<i32>");
    define(acc, "tile<i32>");
    tileBlock(indent + 2, depth - 1);
    line(indent + 2);
    out_ += "continue " + use().first + " : tile<i32>\n";
    scopes_.pop_back();
    line(indent);
    out_ += "}\n";
  }

  void tileLoop(const std::string &result, int indent, int depth) {
    std::string acc = fresh("%acc");
    out_ += result + " = loop iter_values(" + acc + " = " + use().first + ") : tile<i32> -> tile<i32> {\n";
    scopes_.emplace_back();
    define(acc, "tile<i32>");
    tileBlock(indent + 2, depth - 1);
    line(indent + 2);
    out_ += (chance(2) ? "break " : "continue ") + use().first + " : tile<i32>\n";
    scopes_.pop_back();
    line(indent);
    out_ += "}\n";
  }

  // Ops of one block; `depth` bounds region nesting.
  void block(int indent, int depth) {
    int n = 1 + pick(5);
    for (int i = 0; i < n; ++i) {
      switch (pick(depth > 0 ? 6 : 4)) {
      case 0: constant(indent); break;
      case 1:
      case 2: custom(indent, depth); break;
      case 3: generic(indent, depth); break;
      case 4: loop(indent, depth); break;
      default: generic(indent, depth); break;
      }
    }
  }

  void results(int count, std::vector<std::string> &names) {
    if (count == 0) return;
    if (count > 1 && chance(2)) {
      std::string g = fresh("%g");
      out_ += g + ":" + std::to_string(count) + " = ";
      for (int i = 0; i < count; ++i) names.push_back(g + "#" + std::to_string(i));
      return;
    }
    for (int i = 0; i < count; ++i) {
      names.push_back(fresh());
      out_ += (i ? ", " : "") + names.back();
    }
    out_ += " = ";
  }

  void constant(int indent) {
    line(indent);
    std::string v = fresh();
    switch (pick(4)) {
    case 0:
      out_ += v + " = arith.constant " + std::to_string(pick(64)) + " : index";
      define(v, "index");
      break;
    case 1:
      out_ += v + " = arith.constant true";
      define(v, "i1");
      break;
    case 2:
      out_ += v + " = arith.constant dense<1.0> : tensor<4xf32>";
      define(v, "tensor<4xf32>");
      break;
    default:
      out_ += v + " = arith.constant {k} -2 : i32";
      define(v, "i32");
      break;
    }
    out_ += loc() + comment() + "\n";
  }

  void custom(int indent, int depth) {
    line(indent);
    int nres = pick(3);
    std::vector<std::string> names;
    results(nres, names);
    out_ += "nv_tileas.op" + std::to_string(pick(5));
    int nops = pick(4);
    for (int i = 0; i < nops; ++i) {
      auto [v, t] = use();
      switch (pick(4)) {
      case 0: out_ += (i ? ", " : " ") + v + "[" + use().first + ", " + std::to_string(pick(9)) + "]"; break;
      case 1: out_ += (i ? " into " : " ") + v; break;
      default: out_ += (i ? ", " : " ") + v; break;
      }
    }
    if (chance(4)) out_ += " <" + dict(0) + ">";
    int regions = depth > 0 && chance(4) ? 1 + pick(2) : 0;
    for (int r = 0; r < regions; ++r) {
      out_ += r ? " else {\n" : " {\n";
      scopes_.emplace_back();
      block(indent + 2, depth - 1);
      scopes_.pop_back();
      line(indent);
      out_ += "}";
    }
    if (chance(2)) out_ += " " + dict(0);
    std::vector<std::string> types;
    for (int i = 0; i < nres; ++i) types.push_back(type());
    if (nres == 1) out_ += " : " + types[0];
    else if (nres > 1) {
      out_ += " : (" + type() + ") -> (";
      for (int i = 0; i < nres; ++i) out_ += (i ? ", " : "") + types[i];
      out_ += ")";
    } else if (chance(2)) out_ += " : " + type();
    out_ += loc() + comment() + "\n";
    for (int i = 0; i < nres; ++i) define(names[i], types[i]);
  }

  void generic(int indent, int depth) {
    line(indent);
    int nres = pick(4);
    std::vector<std::string> names;
    results(nres, names);
    out_ += "\"nv_tileas.g" + std::to_string(pick(5)) + "\"(";
    int nops = pick(4);
    std::vector<std::string> inTypes;
    for (int i = 0; i < nops; ++i) {
      auto [v, t] = use();
      out_ += (i ? ", " : "") + v;
      inTypes.push_back(t);
    }
    out_ += ")";
    if (chance(3)) out_ += " <" + dict(0) + ">";
    if (depth > 0 && chance(3)) {
      out_ += " (";
      int nregions = 1 + pick(2);
      for (int r = 0; r < nregions; ++r) {
        out_ += r ? ", {\n" : "{\n";
        scopes_.emplace_back();
        int blocks = 1 + pick(2);
        for (int b = 0; b < blocks; ++b) {
          if (b > 0 || chance(2)) {
            line(indent);
            out_ += "^bb" + std::to_string(b);
            int args = pick(3);
            for (int a = 0; a < args; ++a) {
              std::string name = fresh("%ba"), t = type();
              out_ += (a ? ", " : "(") + name + ": " + t + (chance(4) ? " loc(\"b\":1:2)" : "");
              define(name, t);
            }
            out_ += args ? "):\n" : ":\n";
          }
          block(indent + 2, depth - 1);
        }
        scopes_.pop_back();
        line(indent);
        out_ += "}";
      }
      out_ += ")";
    }
    if (chance(2)) out_ += " " + dict(0);
    std::vector<std::string> types;
    for (int i = 0; i < nres; ++i) types.push_back(type());
    out_ += " : (";
    for (size_t i = 0; i < inTypes.size(); ++i) out_ += (i ? ", " : "") + inTypes[i];
    out_ += ") -> ";
    if (nres == 1 && chance(2)) out_ += types[0];
    else {
      out_ += "(";
      for (int i = 0; i < nres; ++i) out_ += (i ? ", " : "") + types[i];
      out_ += ")";
    }
    out_ += loc() + comment() + "\n";
    for (int i = 0; i < nres; ++i) define(names[i], types[i]);
  }

  void loop(int indent, int depth) {
    line(indent);
    int iters = pick(3);
    std::vector<std::string> names;
    if (iters > 0 && !chance(4)) results(iters, names);
    std::string iv = fresh("%iv");
    out_ += "scf.for " + iv + " = " + use().first + " to " + use().first + " step " + use().first;
    std::vector<std::pair<std::string, std::string>> args;
    if (iters > 0) {
      out_ += " iter_args(";
      for (int i = 0; i < iters; ++i) {
        auto [init, t] = use();
        args.emplace_back(fresh("%acc"), t);
        out_ += (i ? ", " : "") + args.back().first + " = " + init;
      }
      out_ += ") -> (";
      for (int i = 0; i < iters; ++i) out_ += (i ? ", " : "") + args[i].second;
      out_ += ")";
    }
    out_ += " {\n";
    scopes_.emplace_back();
    define(iv, "index");
    for (auto &[a, t] : args) define(a, t);
    block(indent + 2, depth - 1);
    line(indent + 2);
    out_ += "scf.yield";
    for (int i = 0; i < iters; ++i) out_ += (i ? ", " : " ") + args[i].first;
    for (int i = 0; i < iters; ++i) out_ += (i ? ", " : " : ") + args[i].second;
    out_ += "\n";
    scopes_.pop_back();
    line(indent);
    out_ += "}";
    if (chance(3)) out_ += " {tileas.schedule.constraint.force_serial_execution}";
    out_ += comment() + "\n";
    for (int i = 0; i < static_cast<int>(names.size()); ++i) define(names[i], args[i].second);
  }

  std::mt19937 rng_;
  std::string out_;
  int next_ = 0;
  std::vector<std::vector<std::pair<std::string, std::string>>> scopes_;
};

}  // namespace

TEST_CASE("round trip: random valid snippets print to a fixed point", "[ir][roundtrip]") {
  SnippetGenerator gen(20240611);
  for (int i = 0; i < test::scaledCases(2500); ++i) {
    std::string src = gen.generate();
    auto first = parse(src);
    INFO("snippet #" << i << ":\n" << src << "\ndiagnostics:\n" << first->text());
    REQUIRE(first->diags.all().empty());
    std::string p1 = printModule(*first->module);
    auto second = parse(p1);
    INFO("printed:\n" << p1 << "\ndiagnostics:\n" << second->text());
    REQUIRE(second->diags.all().empty());
    REQUIRE(describe(*second->module) == describe(*first->module));
    REQUIRE(printModule(*second->module) == p1);
  }
}

TEST_CASE("printer: layout of every form", "[ir][printer]") {
  auto r = parse(R"(#map = affine_map<(d0) -> (d0)>
module @m attributes {sched.pools = {hls_load = 2 : i32}} {
  func.func private @decl(i32)
  func.func @f(%a: index,   %t: tensor<4xf32>) -> tensor<4xf32> attributes {k} {
    %c = arith.constant 0 : index   // comment dropped
    %s = arith.constant "x\n" : !str
    %r:2 = scf.for %i = %c to %a step %c iter_args(%x = %t, %y = %t) -> (tensor<4xf32>, tensor<4xf32>) {
      %d = nv.dot %x,   %y {sched.latency = 16 : i32} : tensor<4xf32>
      %g1, %g2 = "t.g"(%d) ({
      ^bb0(%z: f32):
        t.inner %z
      }) {u} : (tensor<4xf32>) -> (i32, i32) loc("a.py":1:2)
      scf.yield %d, %y : tensor<4xf32>, tensor<4xf32>
    } {tileas.schedule.constraint.force_serial_execution}
    return %r#1 : tensor<4xf32>
  }
}
)");
  REQUIRE(r->diags.all().empty());
  CHECK(printModule(*r->module) == R"(#map = affine_map<(d0) -> (d0)>
module @m attributes {sched.pools = {hls_load = 2 : i32}} {
  func.func private @decl(i32)
  func.func @f(%a: index, %t: tensor<4xf32>) -> tensor<4xf32> attributes {k} {
    %c = arith.constant 0 : index
    %s = arith.constant "x\0A" : !str
    %r:2 = scf.for %i = %c to %a step %c iter_args(%x = %t, %y = %t) -> (tensor<4xf32>, tensor<4xf32>) {
      %d = nv.dot %x, %y {sched.latency = 16 : i32} : tensor<4xf32>
      %g1, %g2 = "t.g"(%d) ({
      ^bb0(%z: f32):
        t.inner %z
      }) {u} : (tensor<4xf32>) -> (i32, i32) loc("a.py":1:2)
      scf.yield %d, %y : tensor<4xf32>, tensor<4xf32>
    } {tileas.schedule.constraint.force_serial_execution}
    return %r#1 : tensor<4xf32>
  }
}
)");
}

// An unregistered op branching between the blocks of its region (Triton's warp_specialize
// lowering tests write `"something"()[^A, ^B]`): the successors parse and print as written.
TEST_CASE("printer: a generic op's successors", "[ir][printer]") {
  const std::string text = R"(ttg.warp_specialize() attributes {a}
default {
  "something"()[^A, ^B] : () -> ()
^A:
  "A"() : () -> ()
  ttg.warp_yield
^B:
  "B"() : () -> ()
  ttg.warp_yield
} : () -> ()
)";
  auto r = parse(text);
  REQUIRE(r->diags.all().empty());
  const std::string printed = printModule(*r->module);
  CHECK(printed.find("\"something\"()[^A, ^B] : () -> ()") != std::string::npos);
  auto again = parse(printed);
  CHECK(again->diags.all().empty());
  CHECK(printModule(*again->module) == printed);
}

TEST_CASE("printer: attributes", "[ir][printer]") {
  CHECK(printAttribute(Attribute::integer(5)) == "5 : i32");
  CHECK(printAttribute(Attribute::integer(-5, "")) == "-5");
  CHECK(printAttribute(Attribute::string("a\"b\\\n\x01")) == "\"a\\\"b\\\\\\0A\\01\"");
  CHECK(printAttribute(Attribute::array({Attribute::unit(), Attribute::integer(1, "i64")})) == "[unit, 1 : i64]");
  NamedAttribute quoted;
  quoted.name = "has space";
  quoted.value = Attribute::integer(1);
  NamedAttribute unitAttr;
  unitAttr.name = "flag";
  CHECK(printAttrDict({quoted, unitAttr}) == "{\"has space\" = 1 : i32, flag}");
  CHECK(printAttrDict({}) == "{}");
}

TEST_CASE("IR helpers", "[ir]") {
  auto r = parse("\"t.x\"() <{k = 1 : i32, p = true}> {k = 2 : i32, d = \"s\"} : () -> ()\n");
  REQUIRE(r->diags.all().empty());
  Operation &op = *r->module->operations[0];
  CHECK(op.lookupAttr("k")->intValue == 1);  // inherent first (seed 004)
  CHECK(op.discardableAttr("k")->intValue == 2);
  CHECK(op.lookupAttr("d")->text == "s");
  CHECK(op.lookupAttr("p")->asInt() == 1);
  CHECK_FALSE(op.lookupAttr("d")->asInt());
  CHECK_FALSE(op.lookupAttr("missing"));
  op.setDiscardableAttr("k", Attribute::integer(7));
  op.setDiscardableAttr("n", Attribute::unit());
  CHECK(op.discardableAttr("k")->intValue == 7);
  CHECK(op.attributes.size() == 3);
  CHECK(op.parentOp() == nullptr);
  CHECK(printModule(*r->module) == "\"t.x\"() <{k = 1 : i32, p = true}> {k = 7 : i32, d = \"s\", n} : () -> ()\n");
}
