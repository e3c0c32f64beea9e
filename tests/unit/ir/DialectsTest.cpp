// The dialects tilesched reads besides nv_tileas (core/ir/OpKinds): Triton's tt.func, CUDA Tile's
// prefix-less ops inside cuda_tile.module and its loops, and `// -----` split inputs.
#include <catch2/catch.hpp>

#include "IRTestUtil.h"
#include "ir/OpKinds.h"
#include "ir/TypeAliases.h"

using namespace tilesched;
using namespace tilesched::irtest;

TEST_CASE("dialects: tt.func binds its arguments and tt.return ends it", "[ir][dialects]") {
  auto r = parse(R"(tt.func public @k(%a : i32,
                   %p : !tt.ptr<f16> {tt.divisibility = 16 : i32}) -> i32 {
  %b = arith.addi %a, %a : i32
  tt.return %b : i32
})");
  INFO(r->text());
  CHECK(r->diags.all().empty());  // no "undefined value" warning for %a or %p
  Operation *f = findOp(*r->module, "tt.func");
  REQUIRE(f);
  CHECK(f->syntax == OpSyntax::Func);
  CHECK(f->symbol == "@k");
  CHECK(f->operandText == "public");
  Block &body = *f->regions[0]->blocks[0];
  REQUIRE(body.arguments.size() == 2);
  CHECK(body.arguments[1]->type == "!tt.ptr<f16>");
  Operation *ret = findOp(*r->module, "tt.return");
  REQUIRE(ret);
  CHECK(ret->isTerminator());
  CHECK(findOp(*r->module, "arith.addi")->operands[0] == body.arguments[0]);
}

TEST_CASE("dialects: op names inside cuda_tile.module take the cuda_tile prefix and print as written",
          "[ir][dialects]") {
  const char *src = R"(cuda_tile.module @m {
  entry @k(%x: tile<i32>) optimization_hints=<sm_100={num_cta_in_cga=2}> {
    %c = constant <i32: 7> : tile<i32>
    %s = addi %x, %c : tile<i32>
    cuda_tile.return
  } {some.attr}
}
)";
  auto r = parse(src);
  INFO(r->text());
  REQUIRE_FALSE(r->diags.hasErrors());
  Operation *entry = findOp(*r->module, "cuda_tile.entry");
  REQUIRE(entry);
  CHECK(entry->spelling == "entry");
  CHECK(entry->syntax == OpSyntax::Func);
  CHECK(entry->discardableAttr("some.attr"));
  Operation *add = findOp(*r->module, "cuda_tile.addi");
  REQUIRE(add);
  CHECK(add->spelledName() == "addi");
  CHECK(add->operands[0] == entry->regions[0]->blocks[0]->arguments[0]);
  Operation *ret = findOp(*r->module, "cuda_tile.return");
  REQUIRE(ret);
  CHECK(ret->spelling.empty());  // written with its prefix
  const std::string printed = printModule(*r->module);
  CHECK(printed.find("entry @k(%x: tile<i32>) optimization_hints=<sm_100={num_cta_in_cga=2}> {") != std::string::npos);
  CHECK(printed.find("%s = addi %x, %c : tile<i32>") != std::string::npos);
  CHECK(printed.find("} {some.attr}") != std::string::npos);  // cuda_tile's attr-dict follows the body
  auto again = parse(printed);
  CHECK_FALSE(again->diags.hasErrors());
  CHECK(printModule(*again->module) == printed);
}

TEST_CASE("dialects: a prefix-less name outside cuda_tile is an error naming the rule", "[ir][dialects]") {
  auto r = parse("module {\n  entry @k() {\n  }\n}\n");
  auto e = r->errors();
  REQUIRE(e.size() == 1);
  CHECK(e[0].range.begin.line == 2);
  CHECK(e[0].message.find("unknown operation 'entry'") == 0);
  CHECK(e[0].message.find("cuda_tile.module") != std::string::npos);
}

TEST_CASE("dialects: cuda_tile.for is a loop whose continue feeds its carried values", "[ir][dialects]") {
  auto r = parse(R"(cuda_tile.module @m {
  entry @k(%lb: tile<i64>, %ub: tile<i64>, %init: tile<i32>) {
    %r = for unsigned %i in (%lb to %ub, step %lb) : tile<i64>
            iter_values(%acc = %init) -> (tile<i32>) {
      %n = addi %acc, %acc : tile<i32>
      continue %n : tile<i32>
    }
    return
  }
})");
  INFO(r->text());
  REQUIRE_FALSE(r->diags.hasErrors());
  Operation *loop = findOp(*r->module, "cuda_tile.for");
  REQUIRE(loop);
  CHECK(loop->syntax == OpSyntax::TileFor);
  CHECK(loop->operandText == "unsigned");
  CHECK(loop->typeText == "tile<i64>");
  REQUIRE(loop->operands.size() == 4);
  REQUIRE(loop->results.size() == 1);
  CHECK(loop->results[0]->type == "tile<i32>");
  LoopView view = viewLoop(*loop);
  REQUIRE(view.op == loop);
  REQUIRE(view.latch);
  CHECK(view.latch->name == "cuda_tile.continue");
  Block &body = *view.body;
  REQUIRE(body.arguments.size() == 2);
  CHECK(body.arguments[1]->type == "tile<i32>");
  CHECK(view.nextIterationValue(body.arguments[0]) == nullptr);  // the induction variable
  CHECK(view.nextIterationValue(body.arguments[1]) == findOp(*r->module, "cuda_tile.addi")->results[0]);
  const std::string printed = printModule(*r->module);
  CHECK(printed.find("%r = for unsigned %i in (%lb to %ub, step %lb) : tile<i64> iter_values(%acc = %init) -> "
                     "(tile<i32>) {") != std::string::npos);
  auto again = parse(printed);
  CHECK_FALSE(again->diags.hasErrors());
  CHECK(printModule(*again->module) == printed);
}

TEST_CASE("dialects: cuda_tile.loop carries iter_values without an induction variable", "[ir][dialects]") {
  auto r = parse(R"(cuda_tile.module @m {
  entry @k(%init: tile<i32>, %c: tile<i1>) {
    %out = loop iter_values(%v = %init) : tile<i32> -> tile<f32> {
      %n = addi %v, %v : tile<i32>
      if %c {
        %f = constant <f32: 0.0> : tile<f32>
        break %f : tile<f32>
      }
      continue %n : tile<i32>
    }
    return
  }
})");
  INFO(r->text());
  REQUIRE_FALSE(r->diags.hasErrors());
  Operation *loop = findOp(*r->module, "cuda_tile.loop");
  REQUIRE(loop);
  CHECK(loop->syntax == OpSyntax::TileLoop);
  CHECK(loop->typeText == "tile<i32> -> tile<f32>");
  REQUIRE(loop->results.size() == 1);
  CHECK(loop->results[0]->type == "tile<f32>");  // what `break` passes out
  LoopView view = viewLoop(*loop);
  REQUIRE(view.latch);
  CHECK(view.body->arguments[0]->type == "tile<i32>");
  CHECK(view.nextIterationValue(view.body->arguments[0]) == findOp(*r->module, "cuda_tile.addi")->results[0]);
  const std::string printed = printModule(*r->module);
  CHECK(printed.find("%out = loop iter_values(%v = %init) : tile<i32> -> tile<f32> {") != std::string::npos);
  auto again = parse(printed);
  CHECK_FALSE(again->diags.hasErrors());
  CHECK(printModule(*again->module) == printed);
}

TEST_CASE("dialects: loop headers report the mistake", "[ir][dialects]") {
  struct Case {
    const char *src;
    const char *message;
  } cases[] = {
      {"cuda_tile.module @m {\n  entry @k(%a: tile<i32>) {\n    for %i = (%a to %a, step %a) : tile<i32> {\n    "
       "}\n  }\n}\n",
       "expected 'in' after the induction variable of 'for', found '='"},
      {"cuda_tile.module @m {\n  entry @k(%a: tile<i32>) {\n    for %i in (%a to %a step %a) : tile<i32> {\n    "
       "}\n  }\n}\n",
       "expected ', step' after the upper bound of 'for', found 'step'"},
      {"cuda_tile.module @m {\n  entry @k(%a: tile<i32>) {\n    for %i in (%a to %a, step %a) : tile<i32> "
       "iter_values(%x = %a) {\n    }\n  }\n}\n",
       "expected '->' and the types of the 1 iter_values of 'for', found '{'"},
      {"cuda_tile.module @m {\n  entry @k(%a: tile<i32>) {\n    loop iter_values(%x = %a) : tile<i32>, tile<i32> "
       "{\n    }\n  }\n}\n",
       "'loop' has 1 iter_values but 2 type(s) after ':'"},
  };
  for (const Case &c : cases) {
    auto r = parse(c.src);
    INFO(c.src << "\n" << r->text());
    auto e = r->errors();
    REQUIRE(e.size() == 1);
    CHECK(e[0].range.begin.line == 3);
    CHECK(e[0].message == c.message);
  }
}

TEST_CASE("dialects: `// -----` splits the input into chunks with the file's line numbers", "[ir][dialects]") {
  const char *text = "a\n// -----\nb\nc\n  // ----- trailing words\nd // ----- not a marker\n// -----";
  std::vector<InputChunk> chunks = splitInput(text);
  REQUIRE(chunks.size() == 4);
  CHECK(chunks[0].text == "a\n");
  CHECK(chunks[0].firstLine == 1);
  CHECK(chunks[0].lastLine == 1);
  CHECK(chunks[1].text == "b\nc\n");
  CHECK(chunks[1].firstLine == 3);
  CHECK(chunks[1].lastLine == 4);
  CHECK(chunks[2].text == "d // ----- not a marker\n");
  CHECK(chunks[2].firstLine == 6);
  CHECK(chunks[3].text.empty());
  CHECK(splitInput("x\n").size() == 1);

  // Inside a region a marker is a comment (a chunk cannot end there; intel's RemoveMasks test
  // writes one between two functions of a module it reads whole); braces in strings and comments
  // do not count.
  const std::vector<InputChunk> inModule =
      splitInput("module {\n  t.f \"}\" // }\n  // -----\n  t.g\n}\n// -----\nmodule {\n}\n");
  REQUIRE(inModule.size() == 2);
  CHECK(inModule[0].lastLine == 5);
  CHECK(inModule[1].firstLine == 7);

  // CR and CRLF end a line for the splitter as for the lexer: the same markers, the same lines.
  for (const char *eol : {"\r", "\r\n"}) {
    std::string other = text;
    for (size_t i = 0; (i = other.find('\n', i)) != std::string::npos; i += std::string_view(eol).size())
      other.replace(i, 1, eol);
    std::vector<InputChunk> split = splitInput(other);
    INFO("line end " << (eol[1] ? "CRLF" : "CR"));
    REQUIRE(split.size() == 4);
    for (size_t k = 0; k < split.size(); ++k) {
      CHECK(split[k].firstLine == chunks[k].firstLine);
      CHECK(split[k].lastLine == chunks[k].lastLine);
    }
    CHECK(split[1].text == std::string("b") + eol + "c" + eol);
  }

  // A chunk parses with the file's line numbers.
  DiagnosticEngine diags;
  parseSource(chunks[1].text, diags, {}, chunks[1].firstLine);
  REQUIRE(diags.all().size() == 2);  // 'b' and 'c' are unknown operations
  CHECK(diags.all()[0].range.begin.line == 3);
  CHECK(diags.all()[1].range.begin.line == 4);
}

TEST_CASE("dialects: result types come from where the assembly format puts them", "[ir][dialects]") {
  auto r = parse(R"(#l = #ttg.blocked<{order = [0]}>
tt.func @k(%p: tensor<64x!tt.ptr<f16>, #l>, %q: !tt.ptr<i64>, %a: i32, %t: tensor<64xf32, #l>,
           %buf: !ttg.memdesc<64xf16>, %tok: !ttg.async.token, %x: tensor<64xf16, #l>) {
  %v = tt.load %p : tensor<64x!tt.ptr<f16>, #l>
  %s = tt.load %q : !tt.ptr<i64>
  %c = arith.cmpi ne, %a, %a : i32
  %ct = arith.cmpf olt, %t, %t : tensor<64xf32, #l>
  %e = arith.extf %x : tensor<64xf16, #l> to tensor<64xf32, #l>
  %sel = arith.select %c, %a, %a : i32
  %st = ttng.tmem_store %x, %buf[%tok], %c : tensor<64xf16, #l> -> !ttg.memdesc<64xf16>
  %ld, %ldtok = ttng.tmem_load %buf[%st] : !ttg.memdesc<64xf16> -> tensor<64xf16, #l>
  %cv = ttg.convert_layout %x : tensor<64xf16, #l> -> tensor<64xf16>
  %un = tt.unknown_op %x : tensor<64xf16, #l>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #l>
  %add = arith.addi %a, %a : i32
  tt.return
})");
  INFO(r->text());
  REQUIRE_FALSE(r->diags.hasErrors());
  Module &m = *r->module;
  auto type = [&](const char *op, int n = 0, size_t result = 0) { return findOp(m, op, n)->results[result]->type; };
  CHECK(type("tt.load") == "tensor<64xf16, #l>");  // the pointee, not the pointer's type
  CHECK(type("tt.load", 1) == "i64");
  CHECK(type("arith.cmpi") == "i1");
  CHECK(type("arith.cmpf") == "tensor<64xi1, #l>");
  CHECK(type("arith.extf") == "tensor<64xf32, #l>");
  CHECK(type("arith.select") == "i32");
  CHECK(type("ttng.tmem_store") == "!ttg.async.token");  // `-> memdesc` is the destination's type
  CHECK(type("ttng.tmem_load") == "tensor<64xf16, #l>");
  CHECK(type("ttng.tmem_load", 0, 1) == "!ttg.async.token");
  CHECK(type("ttg.convert_layout") == "tensor<64xf16>");
  CHECK(type("tt.unknown_op").empty());  // a Triton op's `: T` without `->` may be an operand's
  CHECK(type("tt.make_range") == "tensor<64xi32, #l>");
  CHECK(type("arith.addi") == "i32");
}

TEST_CASE("dialects: Triton's 2024 ops give tokens in their own spelling, and both spellings are one type",
          "[ir][dialects]") {
  auto r = parse(R"(#l = #triton_gpu.blocked<{order = [0]}>
tt.func @k(%p: tensor<64x!tt.ptr<f16>, #l>, %buf: !tt.memdesc<64xf16>) {
  %cp = triton_gpu.async_copy_global_to_local %p, %buf : tensor<64x!tt.ptr<f16>, #l> -> <64xf16>
  %grp = triton_gpu.async_commit_group %cp
  %now = ttg.async_commit_group %cp
  tt.return
})");
  REQUIRE_FALSE(r->diags.hasErrors());
  Module &m = *r->module;
  CHECK(findOp(m, "triton_gpu.async_copy_global_to_local")->results[0]->type == "!triton_gpu.async.token");
  CHECK(findOp(m, "triton_gpu.async_commit_group")->results[0]->type == "!triton_gpu.async.token");
  CHECK(findOp(m, "ttg.async_commit_group")->results[0]->type == "!ttg.async.token");
  TypeAliases aliases(*r->module);
  CHECK(aliases.sameType("!triton_gpu.async.token", "!ttg.async.token"));
  CHECK(aliases.sameType("tensor<64xf32, #triton_gpu.blocked<{order = [0]}>>", "tensor<64xf32, #l>"));
  CHECK(aliases.sameType("tensor<64xf32, #triton_nvidia_gpu.x>", "tensor<64xf32, #ttng.x>"));
  CHECK_FALSE(aliases.sameType("!triton_gpu.async.token", "!tt.async.token"));
}

TEST_CASE("dialects: type aliases and attribute aliases compare by value", "[ir][dialects]") {
  auto r = parse(R"(#mma = #ttg.nvidia_mma<{versionMajor = 3, warpsPerCTA = [4, 1]}>
#nest = #ttg.dot_op<{opIdx = 0, parent = #mma}>
!acc = tensor<64x64xf32, #mma>
#big0 = [1, 2]
#big1 = [#big0, #big0, #big0, #big0, #big0, #big0, #big0, #big0]
#big2 = [#big1, #big1, #big1, #big1, #big1, #big1, #big1, #big1]
#big3 = [#big2, #big2, #big2, #big2, #big2, #big2, #big2, #big2]
#big4 = [#big3, #big3, #big3, #big3, #big3, #big3, #big3, #big3]
#big5 = [#big4, #big4, #big4, #big4, #big4, #big4, #big4, #big4]
module {
}
)");
  REQUIRE_FALSE(r->diags.hasErrors());
  TypeAliases aliases(*r->module);
  CHECK(aliases.sameType("tensor<64x64xf32, #mma>",
                         "tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3,  warpsPerCTA = [4, 1]}>>"));
  CHECK(aliases.sameType("!acc", "tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, warpsPerCTA = [4, 1]}>>"));
  CHECK(aliases.sameType("tensor<64xf16, #nest>",
                         "tensor<64xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, "
                         "warpsPerCTA = [4, 1]}>}>>"));
  CHECK_FALSE(aliases.sameType("tensor<64x64xf32, #mma>", "tensor<64x64xf16, #mma>"));
  CHECK_FALSE(aliases.sameType("i64", "!tt.ptr<i64>"));
  // 8^5 copies of #big0 pass the expansion limit: unknown, so not a mismatch.
  CHECK(aliases.sameType("tensor<4xf32, #big5>", "tensor<4xf32>"));
}

TEST_CASE("dialects: a loop's constant trip count, from arith or CUDA Tile constants", "[ir][dialects]") {
  auto trips = [](const std::string &src) {
    auto r = parse(src);
    INFO(r->text());
    REQUIRE_FALSE(r->diags.hasErrors());
    std::vector<std::optional<int64_t>> out;
    walkModule(*r->module, [&](Operation &op) {
      if (loopKindOf(op.name)) out.push_back(constantTripCount(viewLoop(op)));
    });
    return out;
  };
  CHECK(trips(R"(func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %m = "arith.constant"() <{value = -4 : i64}> : () -> i64
  scf.for %i = %c0 to %c10 step %c3 {
  }
  scf.for %i = %c10 to %c0 step %c1 {
  }
  scf.for %i = %m to %c1 step %c1 {
  }
  scf.for %i = %c0 to %n step %c1 {
  }
  scf.for %i = %c0 to %c10 step %m {
  }
  return
})") == std::vector<std::optional<int64_t>>{4, 0, 5, std::nullopt, std::nullopt});
  CHECK(trips(R"(cuda_tile.module @m {
  entry @e(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c7 = constant <i32: 7> : tile<i32>
    for %i in (%c0 to %c7, step %c2) : tile<i32> {
      continue
    }
    %r = loop iter_values(%a = %c0) : tile<i32> -> tile<i32> {
      break %a : tile<i32>
    }
    return
  }
})") == std::vector<std::optional<int64_t>>{4, std::nullopt});
}

TEST_CASE("dialects: the op-kind table names the custom form the parser reads each op with", "[ir][dialects]") {
  CHECK(customFormOf("builtin.module") == CustomForm::Module);
  CHECK(customFormOf("cuda_tile.module") == CustomForm::Module);
  CHECK(customFormOf("tt.func") == CustomForm::Function);
  CHECK(customFormOf("cuda_tile.entry") == CustomForm::Function);
  CHECK(customFormOf("scf.for") == CustomForm::ScfFor);
  CHECK(customFormOf("cuda_tile.for") == CustomForm::TileFor);
  CHECK(customFormOf("cuda_tile.loop") == CustomForm::TileLoop);
  CHECK(customFormOf("scf.yield") == CustomForm::Terminator);
  CHECK(customFormOf("ttng.subtiled_region_yield") == CustomForm::Terminator);
  CHECK(customFormOf("arith.constant") == CustomForm::Constant);
  // scf.condition ends a region but is written `scf.condition(%c) %a : T`, the unknown form.
  CHECK(customFormOf("scf.condition") == CustomForm::Unknown);
  CHECK(customFormOf("tt.load") == CustomForm::Unknown);
}
