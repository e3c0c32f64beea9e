// Each construct of SPEC §2 parses into the expected IR.
#include <catch2/catch.hpp>

#include "IRTestUtil.h"

using namespace tilesched;
using namespace tilesched::irtest;

namespace {

// The realistic snippet of the parser brief.
const char *kGemm = R"(#map = affine_map<(d0) -> (d0)>
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
)";

}  // namespace

TEST_CASE("parser: the realistic gemm snippet parses cleanly", "[ir][parser]") {
  auto r = parse(kGemm);
  INFO(r->text());
  CHECK(r->errors().empty());
  // %c1 and %t0 are never defined: one live-in warning each, at the first use.
  auto w = r->warnings();
  REQUIRE(w.size() == 2);
  CHECK(w[0].message == "use of undefined value '%c1'; treated as a value from outside the snippet");
  CHECK(w[0].range.begin.line == 7);
  CHECK(w[0].range.begin.col == 40);
  CHECK(w[1].message.find("'%t0'") != std::string::npos);

  Module &m = *r->module;
  REQUIRE(m.aliases.size() == 2);
  CHECK(m.aliases[0].text == "#map = affine_map<(d0) -> (d0)>");
  CHECK(m.aliases[1].text == "!desc = !nv_tileas.tma_desc<128x64xf16>");
  REQUIRE(m.operations.size() == 1);
  Operation &mod = *m.operations[0];
  CHECK(mod.syntax == OpSyntax::Module);
  const Attribute *pools = mod.discardableAttr("sched.pools");
  REQUIRE(pools);
  REQUIRE(pools->kind == Attribute::Kind::Dict);
  REQUIRE(pools->entries.size() == 1);
  CHECK(pools->entries[0].name == "hls_load");
  CHECK(pools->entries[0].value.asInt() == 2);
  CHECK(pools->entries[0].value.type == "i32");

  Operation *func = findOp(m, "func.func");
  REQUIRE(func);
  CHECK(func->symbol == "@gemm");
  CHECK(func->signatureText == "(%A: !desc, %n: index) -> tensor<128x128xf32>");
  Block &entry = *func->regions[0]->blocks[0];
  REQUIRE(entry.arguments.size() == 2);
  CHECK(entry.arguments[0]->name == "%A");
  CHECK(entry.arguments[0]->type == "!desc");
  CHECK(entry.arguments[1]->ownerBlock == &entry);

  Operation *loop = findOp(m, "scf.for");
  REQUIRE(loop);
  CHECK(loop->syntax == OpSyntax::For);
  REQUIRE(loop->operands.size() == 5);  // lb, ub, step, two inits
  CHECK(loop->operands[0]->definingOp == findOp(m, "arith.constant"));
  CHECK(loop->operands[1] == entry.arguments[1]);
  CHECK(loop->operands[2]->liveIn);
  REQUIRE(loop->results.size() == 2);
  CHECK(loop->results[0]->name == "%r#0");
  CHECK(loop->results[1]->type == "!nv_tileas.async.token");
  CHECK(loop->discardableAttr("tileas.schedule.constraint.force_serial_execution"));
  Block &body = *loop->regions[0]->blocks[0];
  REQUIRE(body.arguments.size() == 3);  // iv, acc, tok
  CHECK(body.arguments[0]->name == "%k");
  CHECK(body.arguments[0]->type == "index");
  CHECK(body.arguments[1]->type == "tensor<128x128xf32>");
  REQUIRE(body.operations.size() == 4);

  Operation &load = *body.operations[0];
  CHECK(load.syntax == OpSyntax::Generic);
  CHECK(load.name == "nv_tileas.async.tiled_tma_load");
  REQUIRE(load.operands.size() == 2);
  CHECK(load.operands[0] == entry.arguments[0]);  // visible from the enclosing func
  CHECK(load.operands[1] == body.arguments[0]);
  const Attribute *seg = load.inherentAttr("operandSegmentSizes");
  REQUIRE(seg);
  CHECK(seg->kind == Attribute::Kind::DenseArray);
  CHECK(seg->type == "i32");
  REQUIRE(seg->elements.size() == 4);
  CHECK(seg->elements[2].intValue == 1);
  CHECK(load.discardableAttr("tileas.schedule.constraint.gid")->intValue == 1);
  const Attribute *fp = load.lookupAttr("sched.footprint");
  REQUIRE(fp);
  REQUIRE(fp->elements.size() == 2);
  CHECK(fp->elements[0].elements[1].text == "tp_smem_wr");
  CHECK(fp->elements[1].elements.empty());
  CHECK(load.locText == "loc(\"gemm.py\":12:3)");
  CHECK(load.typeText == "(!desc, index) -> tensor<128x64xf16>");
  CHECK(load.results[0]->type == "tensor<128x64xf16>");

  Operation &dot = *body.operations[1];
  CHECK(dot.syntax == OpSyntax::Custom);
  CHECK(dot.operandText == "%a, %a, %acc");
  REQUIRE(dot.operands.size() == 3);
  CHECK(dot.operands[0] == load.results[0]);
  CHECK(dot.operands[2] == body.arguments[1]);
  CHECK(dot.typeText == "tensor<128x128xf32>");
  CHECK(dot.results[0]->type == "tensor<128x128xf32>");

  Operation &store = *body.operations[2];
  CHECK(store.results.empty());
  const Attribute *deps = store.discardableAttr("sched.deps");
  REQUIRE(deps);
  CHECK(deps->elements[1].elements[0].text == "@st0");

  Operation &yield = *body.operations[3];
  CHECK(yield.syntax == OpSyntax::Yield);
  REQUIRE(yield.operands.size() == 2);
  CHECK(yield.operands[0] == dot.results[0]);
  CHECK(yield.operands[1] == body.arguments[2]);
  CHECK(yield.parentOp() == loop);

  Operation *ret = findOp(m, "return");
  REQUIRE(ret);
  CHECK(ret->syntax == OpSyntax::Return);
  CHECK(ret->operands[0] == loop->results[0]);
}

TEST_CASE("parser: generic form with results, regions, block arguments and properties", "[ir][parser]") {
  auto r = parse(R"(%x = "t.src"() : () -> i32
%a, %b:2 = "t.multi"(%x) <{p = 1 : i64}> ({
^bb0(%arg0: i32 loc("f":1:1), %arg1: f32):
  "t.use"(%arg0, %x) : (i32, i32) -> ()
^bb1:
  "t.term"() : () -> ()
}, {
  "t.other"(%x) : (i32) -> ()
}) {d = "s"} : (i32) -> (i32, f32, f32) loc(unknown)
"t.sink"(%b#1, %a) : (f32, i32) -> ()
)");
  INFO(r->text());
  CHECK(r->diags.all().empty());
  Operation *multi = findOp(*r->module, "t.multi");
  REQUIRE(multi);
  REQUIRE(multi->results.size() == 3);
  CHECK(multi->results[0]->name == "%a");
  CHECK(multi->results[1]->name == "%b#0");
  CHECK(multi->results[2]->name == "%b#1");
  CHECK(multi->results[2]->type == "f32");
  CHECK(multi->inherentAttr("p")->type == "i64");
  CHECK(multi->discardableAttr("d")->text == "s");
  CHECK_FALSE(multi->inherentAttr("d"));
  REQUIRE(multi->regions.size() == 2);
  Region &r0 = *multi->regions[0];
  REQUIRE(r0.blocks.size() == 2);
  CHECK(r0.blocks[0]->label == "^bb0");
  REQUIRE(r0.blocks[0]->arguments.size() == 2);
  CHECK(r0.blocks[0]->arguments[1]->type == "f32");
  CHECK(r0.blocks[1]->label == "^bb1");
  CHECK(r0.blocks[1]->arguments.empty());
  CHECK(multi->locText == "loc(unknown)");
  Operation *sink = findOp(*r->module, "t.sink");
  REQUIRE(sink);
  CHECK(sink->operands[0] == multi->results[2]);
  CHECK(sink->operands[1] == multi->results[0]);
  Operation *use = findOp(*r->module, "t.use");
  CHECK(use->operands[0] == r0.blocks[0]->arguments[0]);
  CHECK(use->operands[1] == findOp(*r->module, "t.src")->results[0]);
  CHECK(r->module->operations.size() == 3);  // top-level ops outside any module
}

TEST_CASE("parser: attributes of every kind", "[ir][parser]") {
  auto r = parse(R"("t.op"() {i = 42, n = -7 : i32, h = 0x1F, f = 1.5 : f32, nf = -2.0e-3, t = true, fa = false,
  s = "a\"b\n", u, uu = unit, a = [1, "x", [true]], e = [], da = array<i32: 1, -2>, dn = array<f32>,
  d = {k = 1, "q k" = 2}, al = #alias, dl = #nv.layout<[1, 2]>, am = affine_map<(d0) -> (d0 * 2)>,
  ty = tensor<4xf16>, ta = !desc, ft = (i32) -> f32, de = dense<0.0> : tensor<4xf32>, sym = @a::@b} : () -> ()
)");
  INFO(r->text());
  REQUIRE(r->diags.all().empty());
  Operation &op = *r->module->operations[0];
  auto get = [&](const char *k) -> const Attribute & {
    const Attribute *a = op.discardableAttr(k);
    REQUIRE(a);
    return *a;
  };
  CHECK(get("i").intValue == 42);
  CHECK(get("i").type.empty());
  CHECK(get("n").intValue == -7);
  CHECK(get("n").type == "i32");
  CHECK(get("h").intValue == 31);
  CHECK(get("f").kind == Attribute::Kind::Float);
  CHECK(get("f").text == "1.5");
  CHECK(get("f").type == "f32");
  CHECK(get("nf").text == "-2.0e-3");
  CHECK(get("t").kind == Attribute::Kind::Bool);
  CHECK(get("t").boolValue);
  CHECK_FALSE(get("fa").boolValue);
  CHECK(get("s").text == "a\"b\n");
  CHECK(get("u").kind == Attribute::Kind::Unit);
  CHECK(get("uu").kind == Attribute::Kind::Unit);
  CHECK(get("a").elements.size() == 3);
  CHECK(get("a").elements[2].elements[0].boolValue);
  CHECK(get("e").kind == Attribute::Kind::Array);
  CHECK(get("da").elements[1].intValue == -2);
  CHECK(get("dn").elements.empty());
  CHECK(get("dn").type == "f32");
  CHECK(findAttr(get("d").entries, "q k")->value.intValue == 2);
  CHECK(get("al").kind == Attribute::Kind::Opaque);
  CHECK(get("al").text == "#alias");
  CHECK(get("dl").text == "#nv.layout<[1, 2]>");
  CHECK(get("am").text == "affine_map<(d0) -> (d0 * 2)>");
  CHECK(get("ty").text == "tensor<4xf16>");
  CHECK(get("ta").text == "!desc");
  CHECK(get("ft").text == "(i32) -> f32");
  CHECK(get("de").text == "dense<0.0>");
  CHECK(get("de").type == "tensor<4xf32>");
  CHECK(get("sym").text == "@a::@b");
  // Ranges cover `name = value`.
  const NamedAttribute *i = findAttr(op.attributes, "i");
  CHECK(i->range.begin.col == 11);
  CHECK(i->range.end.col == 17);
}

TEST_CASE("parser: integer limits", "[ir][parser]") {
  auto r = parse("\"t.op\"() {a = 9223372036854775807, b = -9223372036854775808, c = 0xFFFFFFFFFFFFFFFF} : () -> ()");
  REQUIRE(r->diags.all().empty());
  Operation &op = *r->module->operations[0];
  CHECK(op.discardableAttr("a")->intValue == INT64_MAX);
  CHECK(op.discardableAttr("b")->intValue == INT64_MIN);
  CHECK(op.discardableAttr("c")->intValue == -1);
}

TEST_CASE("parser: custom forms", "[ir][parser]") {
  auto r = parse(R"(module @m {
  func.func private @decl(i32, f32) -> (i32 {x.y}) attributes {sym.k = 1 : i32}
  func.func @f(%p: !p, %it: !it, %arr: memref<4xf32>) {
    %c = arith.constant true
    %i = arith.constant {note} 3 : i64
    %s = arith.constant "txt" : !str
    %l = memref.load %arr[%i] : memref<4xf32>
    nv_tileas.async.pipeline.produce_one %p, %it {
      %v = nv.compute %l : f32
      nv.yield %v : f32
    } {sched.label = "prod"}
    nv.barrier
    nv.flag {unit_attr}
    %q, %q2 = nv.with_arrow %l : (f32) -> (f32, i1)
    scf.for %i2 = %i to %i step %i : i64 {
      scf.yield
    }
    func.return
  }
}
)");
  INFO(r->text());
  REQUIRE(r->diags.all().empty());
  Module &m = *r->module;
  Operation *mod = findOp(m, "module");
  CHECK(mod->symbol == "@m");
  Operation *decl = findOp(m, "func.func");
  CHECK(decl->operandText == "private");
  CHECK(decl->signatureText == "(i32, f32) -> (i32 {x.y})");
  REQUIRE(decl->regions.size() == 1);
  CHECK(decl->regions[0]->blocks.empty());
  CHECK(decl->discardableAttr("sym.k")->intValue == 1);

  Operation *c = findOp(m, "arith.constant", 0);
  CHECK(c->constantValue.kind == Attribute::Kind::Bool);
  CHECK(c->typeText.empty());
  Operation *i = findOp(m, "arith.constant", 1);
  CHECK(i->constantValue.intValue == 3);
  CHECK(i->typeText == "i64");
  CHECK(i->results[0]->type == "i64");
  CHECK(i->discardableAttr("note"));
  Operation *s = findOp(m, "arith.constant", 2);
  CHECK(s->constantValue.text == "txt");
  CHECK(s->typeText == "!str");

  Operation *load = findOp(m, "memref.load");
  CHECK(load->operandText == "%arr[%i]");
  REQUIRE(load->operands.size() == 2);
  CHECK(load->operands[1] == i->results[0]);

  Operation *produce = findOp(m, "nv_tileas.async.pipeline.produce_one");
  REQUIRE(produce);
  CHECK(produce->operands.size() == 2);
  REQUIRE(produce->regions.size() == 1);
  CHECK(produce->regions[0]->blocks[0]->operations.size() == 2);
  CHECK(produce->discardableAttr("sched.label")->text == "prod");
  Operation *compute = findOp(m, "nv.compute");
  CHECK(compute->operands[0] == load->results[0]);

  Operation *barrier = findOp(m, "nv.barrier");
  CHECK(barrier->operandText.empty());
  CHECK(barrier->operands.empty());
  Operation *flag = findOp(m, "nv.flag");
  CHECK(flag->regions.empty());
  CHECK(flag->discardableAttr("unit_attr"));
  Operation *arrow = findOp(m, "nv.with_arrow");
  CHECK(arrow->results[0]->type == "f32");
  CHECK(arrow->results[1]->type == "i1");
  CHECK(findOp(m, "scf.for")->regions[0]->blocks[0]->arguments[0]->type == "i64");
  CHECK(findOp(m, "scf.yield")->operands.empty());
  CHECK(findOp(m, "func.return")->syntax == OpSyntax::Return);
}

TEST_CASE("parser: custom result types come from the type text", "[ir][parser]") {
  auto r = parse(R"(%a, %b = t.two %x : i32, tensor<4x4xf32, #enc>
%c = t.fn %x : (i32) -> f32
%d = t.words %x : f32 from vector<4xf32>
%e = t.none %x
)");
  Module &m = *r->module;
  CHECK(findOp(m, "t.two")->results[1]->type == "tensor<4x4xf32, #enc>");
  CHECK(findOp(m, "t.fn")->results[0]->type == "f32");
  CHECK(findOp(m, "t.words")->results[0]->type.empty());
  CHECK(findOp(m, "t.words")->typeText == "f32 from vector<4xf32>");
  CHECK(findOp(m, "t.none")->results[0]->type.empty());
}

TEST_CASE("parser: custom ops end at the line end, brackets may span lines", "[ir][parser]") {
  auto r = parse(R"(%a = t.multi %x, [%y,
                  %z] : i32
%b = t.next %a
)");
  INFO(r->text());
  CHECK(r->errors().empty());
  Operation *multi = findOp(*r->module, "t.multi");
  CHECK(multi->operands.size() == 3);
  CHECK(multi->operandText == "%x, [%y, %z]");
  CHECK(findOp(*r->module, "t.next")->operands[0] == multi->results[0]);
}

// cuda-tile's tests write a scan's region arguments with the colon spaced, on the line under its
// type; printed on the type's line, they still declare the region's arguments.
TEST_CASE("parser: region arguments with a spaced colon after the type", "[ir][parser]") {
  const std::string text = R"(%0 = cuda_tile.scan %a dim=0 : !cuda_tile.tile<8xf32> -> !cuda_tile.tile<8xf32>
(%it : !cuda_tile.tile<f32>, %prev : !cuda_tile.tile<f32>) {
  cuda_tile.yield %it : !cuda_tile.tile<f32>
}
)";
  for (int round = 0; round < 2; ++round) {
    auto r = parse(round == 0 ? text : printModule(*parse(text)->module));
    INFO(r->text());
    CHECK(r->errors().empty());
    CHECK(r->warnings().size() == 1);  // the undefined %a only
    Operation *scan = findOp(*r->module, "cuda_tile.scan");
    REQUIRE(scan->regions.size() == 1);
    const Block &body = *scan->regions[0]->blocks[0];
    REQUIRE(body.arguments.size() == 2);
    CHECK(body.arguments[1]->name == "%prev");
    CHECK(findOp(*r->module, "cuda_tile.yield")->operands[0] == body.arguments[0]);
  }
}

// llvm.func writes its linkage, visibility and calling convention before the name (Triton's
// warp_specialize_to_llvm test: `llvm.func internal @inner_func_nw4()`); they print back as written.
TEST_CASE("parser: words before a function's name", "[ir][parser]") {
  const std::string text = "llvm.func linkonce_odr hidden @f() {\n  llvm.return\n}\n";
  auto r = parse(text);
  CHECK(r->diags.all().empty());
  Operation *f = findOp(*r->module, "llvm.func");
  REQUIRE(f);
  CHECK(f->symbol == "@f");
  CHECK(f->operandText == "linkonce_odr hidden");
  CHECK(printModule(*r->module) == text);
  CHECK(parse("func.func f() {\n}\n")->errors().front().message ==
        "expected the function name, e.g. '@kernel', found 'f'");
}

TEST_CASE("parser: SSA scoping", "[ir][parser]") {
  SECTION("outer values are visible in nested regions; sibling regions may reuse names") {
    auto r = parse(R"(%x = "t.a"() : () -> i32
"t.r"() ({
  %y = "t.b"(%x) : (i32) -> i32
}, {
  %y = "t.c"(%x) : (i32) -> i32
}) : () -> ()
)");
    INFO(r->text());
    CHECK(r->diags.all().empty());
    CHECK(findOp(*r->module, "t.c")->operands[0] == findOp(*r->module, "t.a")->results[0]);
  }
  SECTION("func.func is isolated from above") {
    auto r = parse(R"(%x = "t.a"() : () -> i32
func.func @f() {
  %y = "t.b"(%x) : (i32) -> i32
  %x = "t.c"() : () -> i32
}
)");
    auto e = r->errors();
    REQUIRE(e.size() == 1);  // %x inside is not the outer %x: used before its own definition
    CHECK(e[0].message ==
          "'%x' is used here before its definition at 4:3; SSA values must be defined before they are used");
    CHECK(e[0].range.begin.line == 3);
    CHECK(e[0].range.begin.col == 14);
    CHECK(r->warnings().empty());
  }
  SECTION("a live-in is one value shared by all its uses") {
    auto r = parse("\"t.a\"(%u) : (i32) -> ()\n\"t.b\"(%u) : (i32) -> ()\n");
    CHECK(r->warnings().size() == 1);
    Operation *a = findOp(*r->module, "t.a");
    Operation *b = findOp(*r->module, "t.b");
    CHECK(a->operands[0] == b->operands[0]);
    CHECK(a->operands[0]->liveIn);
    CHECK(a->operands[0]->type == "i32");
    CHECK(a->operands[0]->range.begin.line == 1);
  }
}

TEST_CASE("parser: comments and locations do not break parsing", "[ir][parser]") {
  auto r = parse(R"(// leading comment
#loc0 = loc("x.py":1:1)
module { // trailing
  // whole line
  %a = "t.a"() : () -> i32 loc(#loc0) // after loc
  %b = t.b %a : i32 loc(fused["a", "b"]) // custom op loc
}
)");
  INFO(r->text());
  CHECK(r->diags.all().empty());
  CHECK(findOp(*r->module, "t.b")->locText == "loc(fused[\"a\", \"b\"])");
  CHECK(findOp(*r->module, "t.b")->typeText == "i32");
}

TEST_CASE("parser: operation and value ranges", "[ir][parser]") {
  auto r = parse("module {\n  %a = t.x %b : i32\n}\n");
  Operation *op = findOp(*r->module, "t.x");
  CHECK(op->range.begin.line == 2);
  CHECK(op->range.begin.col == 3);
  CHECK(op->range.end.col == 20);
  CHECK(op->nameRange.begin.col == 8);
  CHECK(op->nameRange.end.col == 11);
  CHECK(op->results[0]->range.begin.col == 3);
  CHECK(op->results[0]->definingOp == op);
  CHECK(op->parentBlock == findOp(*r->module, "module")->regions[0]->blocks[0].get());
}

TEST_CASE("parser: generic ops accept the attribute dictionary before or after the regions", "[ir][parser]") {
  auto r = parse(R"("t.a"() <{p}> {d = 1} ({
  t.inner
}) : () -> ()
"t.b"() <{p}> ({
  t.inner
}) {d = 1} : () -> ()
)");
  INFO(r->text());
  REQUIRE(r->diags.all().empty());
  for (const char *name : {"t.a", "t.b"}) {
    Operation *op = findOp(*r->module, name);
    CHECK(op->regions.size() == 1);
    CHECK(op->inherentAttr("p"));
    CHECK(op->discardableAttr("d")->intValue == 1);
  }
}

TEST_CASE("parser: CRLF line endings, tabs and non-ASCII comments", "[ir][parser]") {
  auto r = parse("// caf\xC3\xA9 \xE2\x80\x94 note\r\nmodule {\r\n\t%a = t.x %b : i32 // \xFF\r\n}\r\n");
  INFO(r->text());
  CHECK(r->errors().empty());
  Operation *op = findOp(*r->module, "t.x");
  REQUIRE(op);
  CHECK(op->typeText == "i32");
  CHECK(op->range.begin.line == 3);
  CHECK(op->range.begin.col == 2);
}

TEST_CASE("parser: placeholder syntax from hand-written dumps", "[ir][parser]") {
  // facts §8.5 dumps use `(...)` and `tensor<...>` as placeholder types.
  auto r = parse(R"(%90 = "nv_tileas.async.tiled_tma_load"(%btile, %buf) : (...) -> (!async)
%20 = "nv_tileas.dot"(%10, %11) : (tensor<...>, tensor<...>) -> (tensor<...>)
)");
  INFO(r->text());
  CHECK(r->errors().empty());
  CHECK(findOp(*r->module, "nv_tileas.dot")->results[0]->type == "tensor<...>");
  Operation *load = findOp(*r->module, "nv_tileas.async.tiled_tma_load");
  CHECK(load->operands.size() == 2);
  CHECK(load->operands[0]->type.empty());
  CHECK(load->results[0]->type == "!async");
}

TEST_CASE("parser: custom ops may carry properties", "[ir][parser]") {
  auto r = parse(
      "%a = nv.load %d[%k] <{tileas.schedule.constraint.gid = 2 : i32}> {tileas.schedule.constraint.gid = 3 : i32} : "
      "f16\n");
  INFO(r->text());
  REQUIRE(r->errors().empty());
  Operation *op = findOp(*r->module, "nv.load");
  CHECK(op->operandText == "%d[%k]");
  CHECK(op->lookupAttr("tileas.schedule.constraint.gid")->intValue == 2);  // inherent first
  CHECK(op->discardableAttr("tileas.schedule.constraint.gid")->intValue == 3);
  CHECK(printModule(*r->module) ==
        "%a = nv.load %d[%k] <{tileas.schedule.constraint.gid = 2 : i32}> {tileas.schedule.constraint.gid = 3 : i32} : "
        "f16\n");
}

TEST_CASE("parser: keywords between the regions of custom ops (scf.if / scf.while)", "[ir][parser]") {
  auto r = parse(R"(%r = scf.if %c -> (f32) {
  scf.yield %a : f32
} else {
  scf.yield %b : f32
}
%w = scf.while (%arg1 = %init) : (f32) -> f32 {
  scf.condition(%cond) %arg1 : f32
} do {
^bb0(%x: f32):
  scf.yield %x : f32
}
)");
  INFO(r->text());
  REQUIRE(r->errors().empty());
  Operation *ifOp = findOp(*r->module, "scf.if");
  REQUIRE(ifOp->regions.size() == 2);
  CHECK(ifOp->regions[0]->keyword.empty());
  CHECK(ifOp->regions[1]->keyword == "else");
  CHECK(ifOp->operandText == "%c -> (f32)");
  CHECK(ifOp->results[0]->type == "");
  Operation *whileOp = findOp(*r->module, "scf.while");
  REQUIRE(whileOp->regions.size() == 2);
  CHECK(whileOp->regions[1]->keyword == "do");
  CHECK(whileOp->typeText == "(f32) -> f32");
  CHECK(whileOp->results[0]->type == "f32");
  std::string printed = printModule(*r->module);
  CHECK(printed.find("} else {") != std::string::npos);
  CHECK(printed.find("} do {") != std::string::npos);
  auto again = parse(printed);
  CHECK(again->errors().empty());
  CHECK(printModule(*again->module) == printed);
}

TEST_CASE("parser: scf.while (%a = %x, ...) binds its first region's arguments", "[ir][parser]") {
  SECTION("typed by the function type's inputs, the initial values are the operands") {
    auto r = parse(R"(func.func @f(%init: f32, %k: i32) {
  %w:2 = scf.while (%arg1 = %init, %n = %k) : (f32, i32) -> (f32, i32) {
    %c = arith.cmpi slt, %n, %k : i32
    scf.condition(%c) %arg1, %n : f32, i32
  } do {
  ^bb0(%x: f32, %y: i32):
    scf.yield %x, %y : f32, i32
  }
  return
}
)");
    INFO(r->text());
    REQUIRE(r->diags.all().empty());  // no "use of undefined value" warning either
    Operation *w = findOp(*r->module, "scf.while");
    REQUIRE(w->operands.size() == 2);
    CHECK(w->operands[0]->name == "%init");
    CHECK(w->operands[1]->name == "%k");
    Block &before = *w->regions[0]->blocks[0];
    CHECK(w->regions[0]->argsInHeader);
    REQUIRE(before.arguments.size() == 2);
    CHECK(before.arguments[0]->name == "%arg1");
    CHECK(before.arguments[0]->type == "f32");
    CHECK(before.arguments[1]->type == "i32");
    Operation *cmp = findOp(*r->module, "arith.cmpi");
    CHECK(cmp->operands[0] == before.arguments[1]);
  }
  // `%w = scf.while HEADER {` with a one-value body.
  auto whileOp = [](const std::string &header) {
    return "%w = scf.while " + header +
           " {\n  scf.condition(%c) %a : f32\n} do {\n^bb0(%z: f32):\n  scf.yield %z : f32\n}\n";
  };
  SECTION("a count of input types that differs is a located error") {
    auto r = parse(whileOp("(%a = %x, %b = %y) : (f32) -> f32"));
    auto e = r->errors();
    REQUIRE(e.size() == 1);
    CHECK(e[0].message == "'scf.while' has 2 initial value(s) but its function type has 1 input type(s)");
    CHECK(e[0].range.begin.line == 1);
    CHECK(e[0].range.begin.col == 37);
  }
  SECTION("a type that is not a function type is a located error") {
    auto r = parse(whileOp("(%a = %x) : f32"));
    auto e = r->errors();
    REQUIRE(e.size() == 1);
    CHECK(e[0].message.find("expected the function type of 'scf.while'") == 0);
    CHECK(e[0].range.begin.col == 28);
  }
}

TEST_CASE("parser: scf.yield carries one value per iter_arg, as MLIR's verifier requires", "[ir][parser]") {
  auto loop = [](const std::string &iterArgs, const std::string &yield) {
    return "func.func @f(%n: index, %x: f32) {\n  " + std::string(iterArgs.empty() ? "" : "%r = ") +
           "scf.for %i = %n to %n step %n" + iterArgs + " {\n    %y = arith.addf %x, %x : f32\n" + yield +
           "  }\n  return\n}\n";
  };
  SECTION("two values for one iter_arg") {
    auto r = parse(loop(" iter_args(%acc = %x) -> (f32)", "    scf.yield %y, %y : f32, f32\n"));
    auto e = r->errors();
    REQUIRE(e.size() == 1);
    CHECK(e[0].message ==
          "'scf.yield' yields 2 value(s), but the 'scf.for' at line 2 has 1 iter_args: the yield gives the next "
          "value of each one");
    CHECK(e[0].range.begin.line == 4);
    CHECK(e[0].range.begin.col == 5);
  }
  SECTION("no value for one iter_arg") {
    auto r = parse(loop(" iter_args(%acc = %x) -> (f32)", "    scf.yield\n"));
    REQUIRE(r->errors().size() == 1);
    CHECK(r->errors()[0].message.find("yields 0 value(s)") != std::string::npos);
  }
  SECTION("a value for a loop without iter_args") {
    auto r = parse(loop("", "    scf.yield %y : f32\n"));
    REQUIRE(r->errors().size() == 1);
    CHECK(r->errors()[0].message.find("has 0 iter_args") != std::string::npos);
  }
  SECTION("matching counts parse cleanly") {
    CHECK(parse(loop(" iter_args(%acc = %x) -> (f32)", "    scf.yield %y : f32\n"))->errors().empty());
    CHECK(parse(loop("", "    scf.yield\n"))->errors().empty());
  }
}
