// Text form of a Module: structural ops in their custom form, unknown custom ops with their
// verbatim operand and type text, everything else generic. Output re-parses to the same IR and
// printing it again gives the same text (tests/unit/ir/RoundTripTest.cpp).
#include "ir/Printer.h"

#include <algorithm>
#include <string_view>

#include "ir/OpKinds.h"

namespace tilesched {

namespace {

bool isBareName(std::string_view s) {
  if (s.empty()) return false;
  char c = s[0];
  if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')) return false;
  for (char ch : s)
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '$' ||
          ch == '.'))
      return false;
  return true;
}

// MLIR's escaping: printable ASCII as is, `"` and `\` escaped, anything else as `\XX`.
std::string quote(std::string_view s) {
  static const char *hex = "0123456789ABCDEF";
  std::string out = "\"";
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u >= 0x20 && u < 0x7f) {
      out += c;
    } else {
      out += '\\';
      out += hex[u >> 4];
      out += hex[u & 15];
    }
  }
  return out + "\"";
}

std::string typeSuffix(const Attribute &a) { return a.type.empty() ? "" : " : " + a.type; }

const Block *entryBlock(const Operation &op) {
  return !op.regions.empty() && !op.regions[0]->blocks.empty() ? op.regions[0]->blocks[0].get() : nullptr;
}

class ModulePrinter {
public:
  explicit ModulePrinter(const VerbatimOps &verbatim) : verbatim_(verbatim) {}
  std::string out;

  void printOp(const Operation &op, int indent);

private:
  void line(int indent) { out.append(static_cast<size_t>(indent), ' '); }
  void printResults(const Operation &op);
  void printUses(const std::vector<Value *> &values);
  void printRegion(const Region &r, int indent, bool entryArgsFromOp);
  void printGeneric(const Operation &op, int indent);
  void printCustom(const Operation &op, int indent);
  void printAssignments(const Operation &op, const Block *body, size_t firstArg, size_t firstInit);
  void printCarriedTypes(const Operation &op, const Block *body, size_t firstArg, size_t firstInit);
  void printLoopBody(const Operation &op, int indent);
  void printFor(const Operation &op, int indent);
  void printTileFor(const Operation &op, int indent);
  void printTileLoop(const Operation &op, int indent);
  void printFunc(const Operation &op, int indent);

  const VerbatimOps &verbatim_;
};

// `%a, %r:2 = `: a run of results named %r#0..%r#N-1 prints as `%r:N`.
void ModulePrinter::printResults(const Operation &op) {
  if (op.results.empty()) return;
  for (const Value *v : op.results)
    if (v->name.empty()) return;
  size_t i = 0;
  while (i < op.results.size()) {
    if (i) out += ", ";
    const std::string &name = op.results[i]->name;
    size_t hash = name.find('#');
    if (hash == std::string::npos || name.substr(hash + 1) != "0") {
      out += name;
      ++i;
      continue;
    }
    std::string base = name.substr(0, hash);
    size_t n = 1;
    while (i + n < op.results.size() && op.results[i + n]->name == base + "#" + std::to_string(n)) ++n;
    out += base + ":" + std::to_string(n);
    i += n;
  }
  out += " = ";
}

void ModulePrinter::printUses(const std::vector<Value *> &values) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out += ", ";
    out += values[i]->name;
  }
}

void ModulePrinter::printRegion(const Region &r, int indent, bool entryArgsFromOp) {
  out += "{\n";
  for (size_t b = 0; b < r.blocks.size(); ++b) {
    const Block &block = *r.blocks[b];
    bool implicitEntry = b == 0 && block.label.empty() && (entryArgsFromOp || block.arguments.empty());
    if (!implicitEntry) {
      line(indent);
      out += block.label.empty() ? "^bb" + std::to_string(b) : block.label;
      if (!block.arguments.empty()) {
        out += "(";
        for (size_t i = 0; i < block.arguments.size(); ++i) {
          if (i) out += ", ";
          out += block.arguments[i]->name + ": " + block.arguments[i]->type;
        }
        out += ")";
      }
      out += ":\n";
    }
    for (const auto &op : block.operations) printOp(*op, indent + 2);
  }
  line(indent);
  out += "}";
}

void ModulePrinter::printGeneric(const Operation &op, int indent) {
  out += quote(op.name) + "(";
  printUses(op.operands);
  out += ")";
  out += op.operandText;
  if (!op.properties.empty()) {
    out += " <";
    out += printAttrDict(op.properties) + ">";
  }
  if (!op.regions.empty()) {
    out += " (";
    for (size_t i = 0; i < op.regions.size(); ++i) {
      if (i) out += ", ";
      printRegion(*op.regions[i], indent, false);
    }
    out += ")";
  }
  if (!op.attributes.empty()) {
    out += " ";
    out += printAttrDict(op.attributes);
  }
  out += " : ";
  out += op.typeText;
}

// The pieces in the order written (Operation::layout), or the canonical order for ops built by
// the tool. Attributes added to an op that was written without a dictionary go before its type.
void ModulePrinter::printCustom(const Operation &op, int indent) {
  static const std::vector<CustomPiece> canonical = {CustomPiece::Operands, CustomPiece::Properties,
                                                     CustomPiece::Region, CustomPiece::Attributes, CustomPiece::Type};
  const std::vector<CustomPiece> &layout = op.layout.empty() ? canonical : op.layout;
  const bool attrsPlaced = std::find(layout.begin(), layout.end(), CustomPiece::Attributes) != layout.end() ||
                           std::find(layout.begin(), layout.end(), CustomPiece::KeywordAttributes) != layout.end();
  auto attributes = [&](const char *keyword) {
    if (op.attributes.empty()) return;
    out += keyword;
    out += printAttrDict(op.attributes);
  };
  out += op.spelledName();
  size_t region = 0, text = 0;
  for (CustomPiece piece : layout) {
    switch (piece) {
    case CustomPiece::Operands:
      if (!op.operandText.empty()) out += (op.operandsGlued ? "" : " ") + op.operandText;
      break;
    case CustomPiece::Properties:
      if (!op.properties.empty()) out += " <" + printAttrDict(op.properties) + ">";
      break;
    case CustomPiece::Attributes: attributes(" "); break;
    case CustomPiece::KeywordAttributes: attributes(" attributes "); break;
    case CustomPiece::Region:
      // Canonical order: every region here.
      for (; region < op.regions.size(); ++region) {
        const Region &r = *op.regions[region];
        out += " ";
        if (!r.keyword.empty()) out += r.keyword + " ";
        printRegion(r, indent, r.argsInHeader);
        if (!op.layout.empty()) {
          ++region;
          break;
        }
      }
      break;
    case CustomPiece::Text:
      if (text < op.trailingText.size()) out += " " + op.trailingText[text++];
      break;
    case CustomPiece::Type:
      if (!attrsPlaced) attributes(" ");
      if (!op.typeText.empty()) out += " : " + op.typeText;
      break;
    }
  }
  if (!attrsPlaced && std::find(layout.begin(), layout.end(), CustomPiece::Type) == layout.end()) attributes(" ");
}

// `%a = %x, %b = %y`: the carried arguments of a loop body from `firstArg` on, with the loop's
// operands from `firstInit` on.
void ModulePrinter::printAssignments(const Operation &op, const Block *body, size_t firstArg, size_t firstInit) {
  for (size_t i = firstInit; i < op.operands.size(); ++i) {
    if (i > firstInit) out += ", ";
    size_t arg = firstArg + i - firstInit;
    bool named = body && arg < body->arguments.size();
    out += (named ? body->arguments[arg]->name : std::string("%arg")) + " = " + op.operands[i]->name;
  }
}

// `(T, U)`: the types of the carried arguments (the results of scf.for / cuda_tile.for).
void ModulePrinter::printCarriedTypes(const Operation &op, const Block *body, size_t firstArg, size_t firstInit) {
  out += "(";
  for (size_t i = firstInit; i < op.operands.size(); ++i) {
    if (i > firstInit) out += ", ";
    size_t arg = firstArg + i - firstInit;
    bool typed = body && arg < body->arguments.size();
    out += typed ? body->arguments[arg]->type : op.operands[i]->type;
  }
  out += ")";
}

// The body of a loop (its arguments come from the header) and the trailing attribute dictionary.
void ModulePrinter::printLoopBody(const Operation &op, int indent) {
  out += " ";
  if (!op.regions.empty()) printRegion(*op.regions[0], indent, true);
  if (!op.attributes.empty()) {
    out += " ";
    out += printAttrDict(op.attributes);
  }
}

void ModulePrinter::printFor(const Operation &op, int indent) {
  const Block *body = entryBlock(op);
  out += op.spelledName() + " ";
  out += body && !body->arguments.empty() ? body->arguments[0]->name : std::string("%iv");
  out += " = ";
  for (size_t i = 0; i < op.operands.size() && i < 3; ++i) {
    static const char *sep[] = {"", " to ", " step "};
    out += sep[i] + op.operands[i]->name;
  }
  if (op.operands.size() > 3) {
    out += " iter_args(";
    printAssignments(op, body, 1, 3);
    out += ") -> ";
    printCarriedTypes(op, body, 1, 3);
  }
  if (!op.typeText.empty()) {
    out += " : ";
    out += op.typeText;
  }
  printLoopBody(op, indent);
}

void ModulePrinter::printTileFor(const Operation &op, int indent) {
  const Block *body = entryBlock(op);
  out += op.spelledName() + " ";
  if (!op.operandText.empty()) out += op.operandText + " ";
  out += body && !body->arguments.empty() ? body->arguments[0]->name : std::string("%iv");
  out += " in (";
  for (size_t i = 0; i < op.operands.size() && i < 3; ++i) {
    static const char *sep[] = {"", " to ", ", step "};
    out += sep[i] + op.operands[i]->name;
  }
  out += ") : " + op.typeText;
  if (op.operands.size() > 3) {
    out += " iter_values(";
    printAssignments(op, body, 1, 3);
    out += ") -> ";
    printCarriedTypes(op, body, 1, 3);
  }
  printLoopBody(op, indent);
}

void ModulePrinter::printTileLoop(const Operation &op, int indent) {
  out += op.spelledName();
  if (!op.operands.empty()) {
    out += " iter_values(";
    printAssignments(op, entryBlock(op), 0, 0);
    out += ")";
  }
  if (!op.typeText.empty()) out += " : " + op.typeText;
  printLoopBody(op, indent);
}

// cuda_tile prints a function's attribute dictionary after its body (cuda-tile EntryOp::print);
// the other dialects before it, after `attributes`.
void ModulePrinter::printFunc(const Operation &op, int indent) {
  out += op.spelledName() + " ";
  if (!op.operandText.empty()) out += op.operandText + " ";
  out += op.symbol + op.signatureText;
  const bool afterBody = defaultDialectOf(op.name) == "cuda_tile";
  const bool hasBody = !op.regions.empty() && !op.regions[0]->blocks.empty();
  if (!op.attributes.empty() && !(afterBody && hasBody)) {
    out += " attributes ";
    out += printAttrDict(op.attributes);
  }
  if (!hasBody) return;
  out += " ";
  printRegion(*op.regions[0], indent, true);
  if (!op.attributes.empty() && afterBody) {
    out += " ";
    out += printAttrDict(op.attributes);
  }
}

void ModulePrinter::printOp(const Operation &op, int indent) {
  line(indent);
  if (auto it = verbatim_.find(&op); it != verbatim_.end()) {
    out += it->second;
    out += "\n";
    return;
  }
  printResults(op);
  switch (op.syntax) {
  case OpSyntax::Generic: printGeneric(op, indent); break;
  case OpSyntax::Custom: printCustom(op, indent); break;
  case OpSyntax::Module:
    out += op.spelledName();
    if (!op.symbol.empty()) {
      out += " ";
      out += op.symbol;
    }
    if (!op.attributes.empty()) {
      out += " attributes ";
      out += printAttrDict(op.attributes);
    }
    out += " ";
    if (!op.regions.empty()) printRegion(*op.regions[0], indent, true);
    else {
      out += "{\n";
      line(indent);
      out += "}";
    }
    break;
  case OpSyntax::Func: printFunc(op, indent); break;
  case OpSyntax::For: printFor(op, indent); break;
  case OpSyntax::TileFor: printTileFor(op, indent); break;
  case OpSyntax::TileLoop: printTileLoop(op, indent); break;
  case OpSyntax::Yield:
  case OpSyntax::Return: {
    // The attribute dictionary where it was written: before the operands (scf.yield) or after.
    const bool attrsFirst = !op.layout.empty() && op.layout.front() == CustomPiece::Attributes;
    out += op.spelledName();
    if (!op.attributes.empty() && attrsFirst) out += " " + printAttrDict(op.attributes);
    if (!op.operands.empty()) {
      out += " ";
      printUses(op.operands);
    }
    if (!op.attributes.empty() && !attrsFirst) out += " " + printAttrDict(op.attributes);
    if (!op.typeText.empty()) {
      out += " : ";
      out += op.typeText;
    }
    break;
  }
  case OpSyntax::Constant:
    out += op.spelledName();
    if (!op.attributes.empty()) {
      out += " ";
      out += printAttrDict(op.attributes);
    }
    out += " ";
    out += printAttribute(op.constantValue);
    if (op.constantValue.type.empty() && !op.typeText.empty()) {
      out += " : ";
      out += op.typeText;
    }
    break;
  }
  if (!op.locText.empty()) {
    out += " ";
    out += op.locText;
  }
  out += "\n";
}

}  // namespace

std::string printAttribute(const Attribute &a) {
  switch (a.kind) {
  case Attribute::Kind::Unit: return "unit";
  case Attribute::Kind::Bool: return a.boolValue ? "true" : "false";
  case Attribute::Kind::Integer: return std::to_string(a.intValue) + typeSuffix(a);
  case Attribute::Kind::Float: return a.text + typeSuffix(a);
  case Attribute::Kind::String: return quote(a.text);
  case Attribute::Kind::Array: {
    std::string s = "[";
    for (size_t i = 0; i < a.elements.size(); ++i) s += (i ? ", " : "") + printAttribute(a.elements[i]);
    return s + "]";
  }
  case Attribute::Kind::DenseArray: {
    std::string s = "array<" + a.type;
    for (size_t i = 0; i < a.elements.size(); ++i) s += (i ? ", " : ": ") + printAttribute(a.elements[i]);
    return s + ">";
  }
  case Attribute::Kind::Dict: return printAttrDict(a.entries);
  case Attribute::Kind::Opaque: return a.text + typeSuffix(a);
  }
  return "unit";
}

std::string printAttrDict(const std::vector<NamedAttribute> &dict) {
  std::string s = "{";
  for (size_t i = 0; i < dict.size(); ++i) {
    if (i) s += ", ";
    s += isBareName(dict[i].name) ? dict[i].name : quote(dict[i].name);
    if (dict[i].value.kind != Attribute::Kind::Unit) {
      s += " = ";
      s += printAttribute(dict[i].value);
    }
  }
  return s + "}";
}

std::string printModule(const Module &m, const VerbatimOps &verbatim) {
  ModulePrinter p(verbatim);
  size_t alias = 0;
  for (size_t i = 0; i <= m.operations.size(); ++i) {
    for (; alias < m.aliases.size() && (m.aliases[alias].opsBefore <= i || i == m.operations.size()); ++alias)
      p.out += m.aliases[alias].text + "\n";
    if (i < m.operations.size()) p.printOp(*m.operations[i], 0);
  }
  if (!m.fileMetadata.empty()) p.out += "\n" + m.fileMetadata + "\n";
  return p.out;
}

}  // namespace tilesched
