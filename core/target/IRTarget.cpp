#include "target/IRTarget.h"

#include <vector>

#include "ir/Lexer.h"
#include "ir/OpKinds.h"
#include "target/TargetModel.h"

namespace tilesched {

namespace {

// The built-in models and the compute capabilities each describes. tcgen05 and tensor memory are
// the sm_100a / sm_101a / sm_103a family (PTX ISA, "tcgen05"); CUDA 13 renamed sm_101 to sm_110.
// sm_120 / sm_121 (GeForce and workstation Blackwell) have no tensor memory: no built-in model.
struct BuiltinArch {
  const char *model;
  const char *words;
  int capabilities[4];
};
constexpr BuiltinArch kBuiltinArchs[] = {
    {"blackwell", "Blackwell (sm_100)", {100, 101, 103, 110}},
    {"hopper", "Hopper (sm_90)", {90, 0, 0, 0}},
    // The same machine in measured SM cycles: never the IR's pick (the first model of a
    // capability is), but chosen with --model it agrees with a cuda:90 target.
    {"hopper-measured", "Hopper (sm_90), measured on an H100", {90, 0, 0, 0}},
    {"blackwell-measured", "Blackwell (sm_100), in B200 cycles from public measurements", {100, 101, 103, 110}},
};

// "cuda:90" -> 90, "cuda:90a" -> 90; 0 for anything else.
int computeCapabilityOf(std::string_view text) {
  constexpr std::string_view kCuda = "cuda:";
  if (text.substr(0, kCuda.size()) != kCuda) return 0;
  int cc = 0;
  size_t i = kCuda.size();
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9' && cc < 100000; ++i) cc = cc * 10 + (text[i] - '0');
  const bool suffix = i + 1 == text.size() && text[i] >= 'a' && text[i] <= 'z';  // sm_90a, sm_100f
  return i > kCuda.size() && (i == text.size() || suffix) ? cc : 0;
}

// "sm_90" -> 90, "sm_100a" -> 100 (CUDA Tile IR's architecture names); 0 for anything else.
int smCapabilityOf(std::string_view text) {
  return text.substr(0, 3) == "sm_" ? computeCapabilityOf(std::string("cuda:").append(text.substr(3))) : 0;
}

// The architectures a cuda_tile entry's `optimization_hints=<sm_90 = {...}, ...>` gives hints
// for, in the order written (the parser keeps the hints verbatim in the signature text).
std::vector<std::string> hintedArchitectures(const Operation &entry) {
  Lexer lexer(entry.signatureText);
  std::vector<Token> toks;
  for (Token t = lexer.lex(); !t.is(Tok::Eof) && !t.is(Tok::Error); t = lexer.lex()) toks.push_back(t);
  std::vector<std::string> archs;
  for (size_t i = 0; i + 2 < toks.size(); ++i) {
    if (lexer.spelling(toks[i]) != "optimization_hints" || !toks[i + 1].is(Tok::Equal) || !toks[i + 2].is(Tok::Less))
      continue;
    int depth = 0;
    for (size_t k = i + 2; k < toks.size(); ++k) {
      if (isOpenBracket(toks[k].kind)) ++depth;
      else if (isCloseBracket(toks[k].kind) && --depth == 0) break;
      else if (depth == 1 && toks[k].is(Tok::Equal) && toks[k - 1].is(Tok::BareId))
        archs.emplace_back(lexer.spelling(toks[k - 1]));
    }
    break;
  }
  return archs;
}

bool supports(const TargetModel &m, std::string_view opName) {
  const OpModel *op = m.lookup(opName);
  return op && op->unsupported.empty();
}

}  // namespace

std::optional<IRTarget> readIRTarget(const Module &module, DiagnosticEngine &diags) {
  std::optional<IRTarget> first;
  auto add = [&](IRTarget target, const char *what) {
    if (!first) first = std::move(target);
    else if (target.text != first->text)
      diags.warning(target.range, std::string(what) + target.text + " and an earlier one " + first->text +
                                      "; the input is scheduled for " + first->text +
                                      " (put each module in its own '// -----' chunk to schedule each for its own)");
  };
  for (const auto &op : module.operations) {
    if (op->syntax != OpSyntax::Module) continue;
    // Triton 3.0-3.1 (2024) spell the dialect `triton_gpu`, the target with it.
    const Attribute *a = op->lookupAttr("ttg.target");
    if (!a) a = op->lookupAttr("triton_gpu.target");
    if (!a) continue;
    if (a->kind != Attribute::Kind::String) {
      diags.warning(a->range, "ttg.target must be a string such as \"cuda:90\"; it is ignored");
      continue;
    }
    add(IRTarget{a->text, computeCapabilityOf(a->text), a->range}, "this module targets ");
  }
  // CUDA Tile IR names its machine only in its entries' hints, given per architecture; entries
  // sit in a cuda_tile.module, itself at top level or in a builtin module.
  auto entries = [&](const std::vector<std::unique_ptr<Operation>> &ops, auto &&self) -> void {
    for (const auto &op : ops) {
      if (op->name == "cuda_tile.entry")
        for (const std::string &arch : hintedArchitectures(*op))
          add(IRTarget{arch, smCapabilityOf(arch), op->nameRange}, "this entry's optimization_hints target ");
      if (op->syntax != OpSyntax::Module) continue;
      for (const auto &region : op->regions)
        for (const auto &block : region->blocks) self(block->operations, self);
    }
  };
  entries(module.operations, entries);
  return first;
}

std::string builtinModelForTarget(const IRTarget &target) {
  for (const BuiltinArch &arch : kBuiltinArchs)
    for (int cc : arch.capabilities)
      if (cc != 0 && cc == target.computeCapability) return arch.model;
  return "";
}

bool builtinModelDescribes(std::string_view modelName, const IRTarget &target) {
  for (const BuiltinArch &arch : kBuiltinArchs)
    if (modelName == arch.model)
      for (int cc : arch.capabilities)
        if (cc != 0 && cc == target.computeCapability) return true;
  return false;
}

std::string builtinModelWords(std::string_view modelName) {
  for (const BuiltinArch &arch : kBuiltinArchs)
    if (modelName == arch.model) return arch.words;
  return "";
}

std::string targetOnlyOpModelWords(std::string_view opName) {
  std::string having;
  bool someLack = false;
  // In kBuiltinArchs' order, so the seed-weight model of a machine names it before its measured one.
  for (const BuiltinArch &arch : kBuiltinArchs) {
    std::shared_ptr<const TargetModel> m = builtinTargetModel(arch.model);
    if (m && supports(*m, opName)) {
      if (having.empty()) having = arch.words;
    } else {
      someLack = true;
    }
  }
  return someLack ? having : "";
}

std::string builtinUnitModelWords(std::string_view unit) {
  for (const BuiltinArch &arch : kBuiltinArchs)
    if (std::shared_ptr<const TargetModel> m = builtinTargetModel(arch.model); m && m->resourceIndex(unit) >= 0)
      return arch.words;
  return "";
}

}  // namespace tilesched
