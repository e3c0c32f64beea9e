// Fixtures for the materializer tests: a snippet whose ops pin their schedule, read back through
// the --check reader, gives the ScheduleAnalysis the materializer consumes. `[[s o c]]` in a
// snippet stands for {nv_tile.aws.stage = s : i32, nv_tile.aws.order = o : i32,
// nv_tile.aws.cycle = c : i32}; `[[s o c | attrs]]` adds more attributes.
#pragma once

#include <memory>
#include <regex>
#include <string>

#include "TestSupport.h"
#include "check/PinnedSchedule.h"
#include "constraints/Constraints.h"
#include "graph/DependenceGraph.h"
#include "materialize/ScheduleView.h"
#include "target/TargetModel.h"

namespace tilesched::test {

inline std::string expandPins(const std::string &src) {
  static const std::regex pin(R"(\[\[(\d+) (\d+) (\d+)(?: \| (.*?))?\]\](?!\]))");
  std::string out;
  auto begin = std::sregex_iterator(src.begin(), src.end(), pin);
  size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    const std::smatch &m = *it;
    out += src.substr(last, m.position() - last);
    out += "{nv_tile.aws.stage = " + m[1].str() + " : i32, nv_tile.aws.order = " + m[2].str() +
           " : i32, nv_tile.aws.cycle = " + m[3].str() + " : i32" + (m[4].matched ? ", " + m[4].str() : "") + "}";
    last = m.position() + m.length();
  }
  return out + src.substr(last);
}

struct PinnedBlock {
  std::unique_ptr<Parsed> parsed;
  TypeAliases aliases;
  TargetModel model;
  ScheduledBlock block;
  std::vector<OpResources> resources;
  DependenceGraph graph;
  ConstraintState constraints;
  ScheduleAnalysis analysis;
  std::vector<std::string> names;
  DiagnosticEngine diags;  // the phases' diagnostics

  MaterializeInput input() const {
    MaterializeInput in;
    in.aliases = &aliases;
    in.block = &block;
    in.graph = &graph;
    in.constraints = &constraints;
    in.analysis = &analysis;
    in.nodeNames = names;
    return in;
  }
  // Node id of the op describeOp names `name` ("%a", "@st0").
  int node(const std::string &name) const {
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return static_cast<int>(i);
    FAIL("no op named " << name);
    return -1;
  }
};

// Parses the snippet (after expandPins) and reads block `index`'s pins as the analysis.
inline std::unique_ptr<PinnedBlock> pinnedBlock(const std::string &src, size_t index = 0) {
  auto p = std::make_unique<PinnedBlock>();
  p->parsed = parseBlocks(expandPins(src));
  INFO(diagText(p->parsed->diags));
  REQUIRE(!p->parsed->diags.hasErrors());
  REQUIRE(index < p->parsed->blocks.size());
  p->aliases = TypeAliases(*p->parsed->module);
  p->model = *builtinTargetModel("blackwell");
  p->block = p->parsed->blocks[index];
  DiagnosticEngine &d = p->parsed->diags;
  for (const Operation *op : p->block.ops) {
    p->resources.push_back(resolveOpResources(*op, p->model, d));
    p->names.push_back(describeOp(*op));
  }
  p->graph = buildDependenceGraph(p->block, p->resources, d, p->aliases);
  p->constraints = parseConstraints(p->block, d);
  std::optional<PinnedSchedule> s =
      readPinnedSchedule(p->block, {p->graph, p->resources, p->model, &p->constraints}, d);
  INFO(diagText(d));
  REQUIRE(s);
  REQUIRE(!d.hasErrors());
  p->analysis.valid = true;
  p->analysis.ii = s->ii;
  p->analysis.stageCount = s->stageCount;
  for (const CheckedOp &op : s->ops) p->analysis.ops.push_back({op.stage, op.order, op.cycle});
  return p;
}

}  // namespace tilesched::test
