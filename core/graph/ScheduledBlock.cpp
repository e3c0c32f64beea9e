#include "graph/ScheduledBlock.h"

#include <map>

namespace tilesched {

namespace {

bool isLoop(const Operation &op) { return loopKindOf(op.name) != nullptr; }
bool isContainer(const Operation &op) { return isModuleOpName(op.name) || isFunctionOpName(op.name); }

// `@name` of a function in custom form, or its `sym_name` property in generic form.
std::string functionName(const Operation &op) {
  if (!op.symbol.empty()) return op.symbol;
  if (const Attribute *name = op.lookupAttr("sym_name"); name && name->kind == Attribute::Kind::String)
    return "@" + name->text;
  return "";
}

class Collector {
public:
  std::vector<ScheduledBlock> blocks;

  // Loops: post-order, so inner loops come before the loop that contains them (SPEC §2).
  void visitLoops(Operation &op, const std::string &funcName) {
    for (auto &r : op.regions)
      for (auto &b : r->blocks)
        for (auto &inner : b->operations) {
          std::string f = isFunctionOpName(inner->name) ? functionName(*inner) : funcName;
          visitLoops(*inner, f);
        }
    if (isLoop(op) && !op.regions.empty() && !op.regions[0]->blocks.empty()) {
      // `@f/scf.for %i`; a loop with no induction variable is named by its first carried value.
      Block &body = *op.regions[0]->blocks[0];
      std::string name = (funcName.empty() ? "" : funcName + "/") + op.name;
      if (!body.arguments.empty()) name += " " + body.arguments[0]->name;
      add(op, body, /*isLoop=*/true, std::move(name));
    }
  }

  // Loop-free function bodies (and loop-free bare snippets) are one acyclic block each; a body
  // of several basic blocks (cf branches) one per basic block, as no op moves across a branch:
  // `@f`, then `@f ^bb1`.
  void visitFunctions(Operation &op) {
    if (isFunctionOpName(op.name)) {
      if (holdsLoop(op, LoopSet::Pipelined) || op.regions.empty()) return;
      const std::string name = functionName(op).empty() ? op.name : functionName(op);
      const auto &bodies = op.regions[0]->blocks;
      const size_t first = blocks.size();
      for (auto &b : bodies) {
        const bool entry = b == bodies.front();
        // A block of nothing but its branch has nothing to schedule.
        if (!entry && (b->operations.empty() || (b->operations.size() == 1 && b->operations[0]->isTerminator())))
          continue;
        add(op, *b, false, entry || b->label.empty() ? name : name + " " + b->label);
        if (!entry) blocks.back().range = b->range;  // found by its label
      }
      for (size_t i = first; i < blocks.size(); ++i) blocks[i].sharesOwner = blocks.size() - first > 1;
      return;
    }
    if (isContainer(op))
      for (auto &r : op.regions)
        for (auto &b : r->blocks)
          for (auto &inner : b->operations) visitFunctions(*inner);
  }

  void add(Operation &owner, Block &body, bool loop, std::string name) {
    int &seen = names_[name];
    if (seen++ > 0) name += "#" + std::to_string(seen);
    ScheduledBlock sb;
    sb.name = std::move(name);
    sb.owner = &owner;
    sb.body = &body;
    sb.isLoop = loop;
    if (loop) sb.loop = viewLoop(owner);
    sb.range = owner.range;
    for (auto &op : body.operations) {
      if (op->isTerminator()) sb.terminator = op.get();
      else sb.ops.push_back(op.get());
    }
    blocks.push_back(std::move(sb));
  }

private:
  std::map<std::string, int> names_;
};

}  // namespace

std::vector<ScheduledBlock> collectScheduledBlocks(Module &m) {
  Collector c;
  for (auto &op : m.operations) c.visitLoops(*op, isFunctionOpName(op->name) ? functionName(*op) : "");
  for (auto &op : m.operations) c.visitFunctions(*op);

  // A bare snippet (top-level ops that are neither module, function nor loop) with no loop
  // anywhere is scheduled as one acyclic block, like a loop-free function body.
  bool bare = false, anyLoop = false;
  for (auto &op : m.operations) {
    bare = bare || (!isContainer(*op) && !isLoop(*op));
    anyLoop = anyLoop || isLoop(*op) || holdsLoop(*op, LoopSet::Pipelined);
  }
  if (bare && !anyLoop) {
    ScheduledBlock sb;
    sb.name = "top-level";
    for (auto &op : m.operations) {
      if (isContainer(*op)) continue;
      if (op->isTerminator()) sb.terminator = op.get();
      else sb.ops.push_back(op.get());
    }
    if (!sb.ops.empty()) {
      sb.range = sb.ops.front()->range;
      c.blocks.push_back(std::move(sb));
    }
  }
  return std::move(c.blocks);
}

namespace {

// Names in messages and traces are cut to this many bytes: a trace quotes them thousands of
// times, so a 1 MB label would otherwise make gigabytes of output.
constexpr size_t kMaxNameBytes = 64;

std::string shortened(std::string name) {
  if (name.size() <= kMaxNameBytes) return name;
  size_t cut = kMaxNameBytes - 3;
  while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
  return name.substr(0, cut) + "...";
}

}  // namespace

namespace {

const Attribute *stringLabel(const Operation &op) {
  const Attribute *label = op.lookupAttr("sched.label");
  return label && label->kind == Attribute::Kind::String ? label : nullptr;
}

}  // namespace

bool namedByLine(const Operation &op) { return op.results.empty() && !stringLabel(op); }

std::string describeOp(const Operation &op) {
  if (!op.results.empty()) return shortened(op.results[0]->name);
  if (const Attribute *label = stringLabel(op)) return shortened("@" + label->text);
  return shortened(op.name) + "@" + std::to_string(op.range.begin.line);
}

}  // namespace tilesched
