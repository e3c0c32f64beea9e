#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>

#include "buffers/Figures.h"
#include "driver/AgentReport.h"
#include "driver/Emitters.h"
#include "support/Sort.h"

namespace tilesched {

namespace {

std::string footprintText(const Footprint &fp, const TargetModel &model) {
  if (fp.empty()) return "-";
  // Runs of identical rows print once with a repeat count: "tma+tp_smem_wr x8".
  std::string out;
  for (size_t k = 0; k < fp.size();) {
    size_t run = 1;
    while (k + run < fp.size() && fp[k + run] == fp[k]) ++run;
    std::string row;
    for (int r : fp[k]) row += (row.empty() ? "" : "+") + model.resources[r].name;
    if (row.empty()) row = "idle";
    out += (out.empty() ? "" : ", ") + row + (run > 1 ? " x" + std::to_string(run) : "");
    k += run;
  }
  return out;
}

// A nested loop's footprint is its inner schedule laid out over its iterations, too long for a
// line: the cycles it spans and the units it holds of each resource, in model order.
std::string nestedFootprintText(const Footprint &fp, const TargetModel &model) {
  std::vector<size_t> units(model.resources.size(), 0);
  for (const FootprintRow &row : fp)
    for (int r : row) ++units[size_t(r)];
  std::string out = std::to_string(fp.size()) + " cycles of its schedule";
  bool any = false;
  for (size_t r = 0; r < units.size(); ++r)
    if (units[r]) {
      out += (any ? ", " : ": ") + model.resources[r].name + " x" + std::to_string(units[r]);
      any = true;
    }
  return out;
}

std::string pad(std::string s, size_t w, bool right = false) {
  if (s.size() >= w) return s;
  return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

// Why a block is serial, and the command-line options that would give a modulo schedule.
std::string serialLine(const GeneratorSelection &sel) {
  std::string line = "  serial: " + selectionReason(sel);
  std::vector<std::string> ways;
  if (sel.removeForceSerial) ways.push_back("remove force_serial_execution from the loop");
  if (sel.requestCostBased) ways.push_back("--generator=cost-based");
  if (sel.thresholdAtMost > 0) ways.push_back("--serial-threshold=" + std::to_string(sel.thresholdAtMost));
  for (size_t i = 0; i < ways.size(); ++i) line += (i == 0 ? "; for a modulo schedule: " : " or ") + ways[i];
  return line + "\n";
}

// "Triton: loop.stage on 5 of 6 ops, 3 stages (* = another stage here); tt.num_stages 3".
std::string tritonLine(const BlockResult &r) {
  const TritonSchedule &t = r.triton;
  std::vector<std::string> parts;
  if (t.anyStage()) {
    size_t staged =
        std::count_if(t.ops.begin(), t.ops.end(), [](const TritonOpSchedule &o) { return o.stage.has_value(); });
    parts.push_back("loop.stage on " + std::to_string(staged) + " of " + std::to_string(t.ops.size()) + " ops, " +
                    std::to_string(t.stageCount()) + (t.stageCount() == 1 ? " stage" : " stages") +
                    " (* = another stage here)");
  }
  if (t.scheduledMaxStage) parts.push_back("tt.scheduled_max_stage " + std::to_string(*t.scheduledMaxStage));
  if (t.numStages) parts.push_back("tt.num_stages " + std::to_string(*t.numStages));
  if (r.steeredOps >= 0)
    parts.push_back(std::string(r.fromTtLatency ? "tt.latency" : "pipelining its loads") + " moved " +
                    std::to_string(r.steeredOps) + (r.steeredOps == 1 ? " op" : " ops") + " to a later stage");
  std::string line = "  Triton:";
  for (size_t i = 0; i < parts.size(); ++i) line += (i == 0 ? " " : "; ") + parts[i];
  return line + "\n";
}

// "SMEM 48 KiB of 227 KiB": a space's bytes against its budget, in words; `noBudget` says what a
// model without one means.
std::string spaceWords(const char *name, int64_t bytes, const std::optional<int> &budget, const char *noBudget) {
  std::string s = std::string(name) + " " + bytesText(bytes);
  if (!budget) return s + " (" + noBudget + ")";
  if (*budget == INT_MAX) return s + " (budget lifted)";
  return s + (bytes > *budget ? ", over the " : " of ") + bytesText(*budget) + (bytes > *budget ? " budget" : "");
}

// The buffers' bytes per space, the largest buffers, and the rounds that rescheduled to fit.
std::string memoryLines(const BlockResult &r) {
  const MemoryUse &m = r.buffers.memory;
  std::string out = "  memory: " + spaceWords("SMEM", m.smemBytes, m.smemBudget, "no budget in the model");
  if (m.tmemBytes > 0)
    out += ", " + spaceWords("TMEM", m.tmemBytes, m.tmemBudget,
                             // a GPU without tensor memory (Hopper): its tcgen05 ops run as unknown ops
                             "the model's GPU has no tensor memory");
  if (r.estimate)
    out += ", registers about " + std::to_string(r.estimate->registersPerThread) + " per thread" +
           (r.estimate->registersOver ? " (over " + std::to_string(r.estimate->registersLimit) + ": spills)" : "");
  if (m.unknownBuffers > 0) out += "; " + std::to_string(m.unknownBuffers) + " of unknown size";
  out += "\n";
  std::vector<const Buffer *> largest;
  for (const Buffer &b : r.buffers.buffers) largest.push_back(&b);
  stableSortBy(largest, [](const Buffer *a, const Buffer *b) { return a->bytes.value_or(-1) > b->bytes.value_or(-1); });
  if (!largest.empty()) {
    out += "  buffers:";
    for (size_t i = 0; i < largest.size() && i < 6; ++i) {
      const Buffer &b = *largest[i];
      out += std::string(i ? ", " : " ") + b.value + " " + bufferSpaceName(b.space) + " " +
             (b.bytes ? bytesText(*b.bytes) : "unknown size") +
             (b.slots > 1 ? " (" + std::to_string(b.slots) + " slots)" : "");
      // The first buffer of a region is its owner; the others share its bytes.
      for (const Buffer &owner : r.buffers.buffers)
        if (owner.region == b.region) {
          if (&owner != &b) out += " (shares " + owner.value + "'s)";
          break;
        }
    }
    if (largest.size() > 6) out += " and " + std::to_string(largest.size() - 6) + " more";
    out += "\n";
  }
  std::string noTmem;
  for (const Buffer &b : r.buffers.buffers)
    if (b.smemForNoTmem) noTmem += (noTmem.empty() ? "" : ", ") + b.value;
  if (!noTmem.empty())
    out += "  in SMEM because the GPU has no tensor memory: " + noTmem +
           " (tileiras keeps a tile the pipeline hands between stages in tensor memory where there is any, else "
           "in shared memory)\n";
  for (const std::string &round : r.memoryRounds) out += "  " + round + "\n";
  return out;
}

// One line, labelled as the model's numbers.
// The length certificate after the II's: the fewest stages at the II, proven or bounded, and
// what the stage compaction changed (docs/decisions.md, "Fewest stages").
std::string stagesWords(const ScheduleAnalysis &a) {
  std::string s = "; " + std::to_string(a.stageCount) + (a.stageCount == 1 ? " stage" : " stages");
  s += a.optimality.stagesProven ? ", the fewest at this II"
                                 : ", at least " + std::to_string(a.optimality.stageBound) + " at this II";
  if (a.compaction.ran && a.compaction.stagesTo < a.compaction.stagesFrom)
    s += " (compacted from " + std::to_string(a.compaction.stagesFrom) + ")";
  return s;
}

// "proven", "bound", or "not proven: budget" when a budget (the work budget, the rounds, the
// proof's share) stopped a search below the II: a larger one may prove or improve it.
std::string optimalityWords(const ScheduleAnalysis &a) {
  bool cut = a.budgetTruncated;
  for (const IIAttempt &x : a.below) cut |= x.result == IIAttempt::Result::CutShort;
  return a.optimality.status == Optimality::Bound && cut ? "not proven: budget" : optimalityName(a.optimality.status);
}

// [low, high] at `decimals` (0-3) places, each rounded half away from zero from the thousandths the
// JSON document writes, as the page rounds them: the text and the page print the same figure.
std::string rangeText(const Range &r, int decimals) {
  int64_t step = 1;
  for (int d = decimals; d < 3; ++d) step *= 10;
  auto text = [&](double x) {
    const int64_t m = std::llround(x * 1000), rounded = (m < 0 ? -1 : 1) * ((std::llabs(m) + step / 2) / step * step);
    const std::string t = thousandthsText(rounded);
    return decimals == 0 ? t.substr(0, t.find('.')) : t.substr(0, t.find('.') + 1 + decimals);
  };
  const std::string lo = text(r.lo), hi = text(r.hi);
  return lo == hi ? lo : lo + "-" + hi;
}

std::string scheduleWords(const ScheduleEstimate &s) {
  // No CTA fits: the schedule does not run, so it has no time (its ranges are 0), as the page says.
  if (s.ctasPerSm < 1) return "does not run: " + s.bound;
  return rangeText(s.ns, 1) + " ns per iteration (" + rangeText(s.cycles, 0) + " SM cycles); bound: " + s.bound + "; " +
         std::to_string(s.ctasPerSm) + " CTA(s) per SM (limit: " + s.ctaLimit + ")";
}

// A seed model's II is in its cost units: said under the estimate, or where there is none.
const char *const kSeedUnitsLine = "    the II above is in the seed's cost units, not time\n";

// The performance model's estimate (docs/decisions.md, "The performance model"). A measured
// model's II is in SM cycles but comes from its footprints, the estimate from the GPU's measured
// rates: where the II over the CTAs per SM is the longer, the two are told apart.
std::string estimateLines(const PerfEstimate &e, int64_t ii) {
  const std::string clock = std::to_string(e.clockMhz.low / 1000) +
                            (e.clockMhz.low == e.clockMhz.high ? "" : "-" + std::to_string(e.clockMhz.high / 1000));
  std::string out =
      "  estimate on " + e.gpu + " (" + e.modelName + " data, " + clock + " MHz): " + scheduleWords(e.ours) + "\n";
  if (e.seedUnits) out += kSeedUnitsLine;
  else if (e.ours.ctasPerSm >= 1 && double(ii) / e.ours.ctasPerSm > e.ours.cycles.hi)
    out += "    the II above (" + std::to_string(ii) + " SM cycles, " + std::to_string(e.ours.ctasPerSm) +
           " CTA(s) per SM) is longer than this estimate: the estimate comes from the GPU's measured rates, the II "
           "from the model's footprints\n";
  if (e.triton) out += "    Triton's schedule: " + scheduleWords(*e.triton) + "\n";
  out += "    " + std::to_string(e.warps) + " warps, about " + std::to_string(e.registersPerThread) +
         " registers per thread" + (e.registersOver ? " (over the hardware's limit: the compiler spills)" : "");
  if (e.tflopsPerGpu) out += ", " + rangeText(*e.tflopsPerGpu, 0) + " TFLOP/s per GPU";
  out += "\n";
  for (const std::string &a : e.assumptions) out += "    assumed: " + a + "\n";
  return out;
}

// Rows as aligned columns, each line after `indent`; numeric(c): column c aligns right.
template <typename F>
std::string columns(const std::vector<std::vector<std::string>> &rows, const std::string &indent, F numeric) {
  std::string out;
  std::vector<size_t> width(rows[0].size(), 0);
  for (const auto &row : rows)
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  for (const auto &row : rows) {
    std::string line = indent;
    for (size_t c = 0; c < row.size(); ++c)
      line += pad(row[c], c + 1 == row.size() ? 0 : width[c], numeric(c)) + (c + 1 == row.size() ? "" : "  ");
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

// The block's agents side by side (driver/AgentReport): each issues on its own warps, the TMA
// engine, tensor cores and memory transports are the SM's.
std::string agentLines(const BlockResult &r, const TargetModel &model) {
  const std::vector<AgentRow> agents = agentRows(r, model);
  if (agents.empty()) return "";
  std::vector<std::vector<std::string>> rows{{"agent", "role", "warps", "max regs", "ops", "stages", "units"}};
  for (const AgentRow &a : agents) {
    std::string units;
    for (const std::string &u : a.units) units += (units.empty() ? "" : ", ") + u;
    rows.push_back({a.name, a.role, std::to_string(a.warps) + (a.warpsStated ? "" : "?"),
                    a.maxRegs > 0 ? std::to_string(a.maxRegs) : "-", std::to_string(a.ops.size()),
                    a.firstStage == a.lastStage ? std::to_string(a.firstStage)
                                                : std::to_string(a.firstStage) + "-" + std::to_string(a.lastStage),
                    units.empty() ? "-" : units});
  }
  const bool assumed = std::any_of(agents.begin(), agents.end(), [](const AgentRow &a) { return !a.warpsStated; });
  return "  agents side by side (each issues on its own warps; TMA, tensor cores and memory are the SM's" +
         std::string(assumed ? "; ? warps assumed" : "") + "):\n" +
         columns(rows, "    ", [](size_t c) { return c >= 2 && c <= 4; });
}

// The depth of each hand-off buffer and where it comes from, in a warp-specialized block or one
// that hands buffers over through an NVWS aref.
std::string handOffLines(const BlockResult &r) {
  const bool aref = std::any_of(r.graph.rings.begin(), r.graph.rings.end(),
                                [](const Ring &g) { return g.depthFrom == Ring::Depth::Aref; });
  if (r.graph.rings.empty() || (r.agents.empty() && !aref)) return "";
  std::string out = "  hand-offs:";
  for (const Ring &g : r.graph.rings) {
    const char *from = g.depthFrom == Ring::Depth::Aref       ? "the aref's buffers"
                       : g.depthFrom == Ring::Depth::Rotation ? "its index's rotation"
                       : g.slots > 0                          ? "its leading dimension"
                                                              : "unknown";
    out += std::string(&g == &r.graph.rings.front() ? " " : ", ") + g.value + " depth " + std::to_string(g.slots) +
           " (" + from + (g.proven ? "" : "; one location") + ")";
  }
  return out + "\n";
}

}  // namespace

std::string emitTable(const DriverRun &run) {
  std::string out;  // not an ostringstream: iostreams would add ~56 KB to the WebAssembly module
  int chunkShown = -1;
  for (const BlockResult &r : run.blocks) {
    const TargetModel &model = r.modelOf(*run.chunks[r.chunk].model);
    if (r.chunk != chunkShown) {  // which model the chunk's blocks are scheduled on, and why
      out += "model " + model.name + ": " + modelChoiceWords(run.chunks[r.chunk]) + "\n";
      chunkShown = r.chunk;
    }
    const ScheduleAnalysis &a = r.analysis;
    out += "block " + r.block.name + " (line " + std::to_string(r.line);
    if (run.chunks.size() > 1)
      out += ", chunk " + std::to_string(r.chunk + 1) + " of " + std::to_string(run.chunks.size());
    out += std::string("): ") + (r.pinned ? "pinned schedule" : generatorName(a.generator)) + ", " +
           blockStatusName(r.status);
    bool placed = r.status != BlockStatus::Failed;
    if (placed)
      out += ", II " + std::to_string(a.ii) + ", " + std::to_string(a.stageCount) +
             (a.stageCount == 1 ? " stage" : " stages");
    out += "\n";
    if (a.selection && a.generator == GeneratorKind::Serial) out += serialLine(*a.selection);
    if (a.mii) {
      const MIIBounds &m = *a.mii;
      out += "  MII " + std::to_string(m.lower()) + " = max(resource " + std::to_string(m.resource);
      if (!m.resourceBinding.empty()) out += " [" + m.resourceBinding + "]";
      out += ", recurrence " + std::to_string(m.recurrence) + ", fine-density " + std::to_string(m.fineDensity) +
             ", dependency " + std::to_string(m.dependency) + ")\n";
    }
    if (placed && a.optimality.status != Optimality::Unknown)
      out += std::string("  optimality: ") + optimalityWords(a) + ", no schedule exists below II " +
             std::to_string(a.optimality.lowerBound) + stagesWords(a) + "\n";
    if (r.triton.any()) out += tritonLine(r);
    for (const NestedLoop &n : r.nestedLoops)
      out += "  nested loop " + r.nodeNames[size_t(n.node)] + " (line " +
             std::to_string(r.block.ops[size_t(n.node)]->range.begin.line) + "): " + nestedLoopWords(n) + "\n";
    if (r.materialized.valid) out += memoryLines(r);
    if (r.estimate) out += estimateLines(*r.estimate, a.ii);
    else if (!r.noEstimate.empty()) {
      out += "  estimate: none, " + r.noEstimate + "\n";
      if (placed && !model.iiInSmCycles()) out += kSeedUnitsLine;
    }
    if (!placed) {
      if (a.failure) out += "  " + a.failure->message + "\n";
      out += "\n";
      continue;
    }
    out += agentLines(r, model);  // a placed block's agents, beside the stages they hold
    out += handOffLines(r);
    // Triton's loop.stage goes beside ours when the input carries it; `*` marks a difference.
    const bool tt = r.triton.anyStage();
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"stage", "order", "cycle", "lat", "op", "line", "footprint"});
    if (tt) rows[0].insert(rows[0].begin() + 1, "tt.stage");
    for (int v : a.orderedNodes) {
      const Operation &op = *r.block.ops[v];
      const std::string &id = r.nodeNames[v];
      std::string name = !op.results.empty()                     ? id + " = " + op.name
                         : id.find(op.name) == std::string::npos ? id + " " + op.name
                                                                 : id;
      rows.push_back({std::to_string(a.ops[v].stage), std::to_string(a.ops[v].order), std::to_string(a.ops[v].cycle),
                      std::to_string(r.resources[v].latency), name, std::to_string(op.range.begin.line),
                      r.resources[v].source == OpResources::Source::Schedule
                          ? nestedFootprintText(r.resources[v].footprint, model)
                          : footprintText(r.resources[v].footprint, model)});
      if (tt) {
        const std::optional<int> &theirs = r.triton.ops[v].stage;
        rows.back().insert(rows.back().begin() + 1,
                           !theirs ? "-" : std::to_string(*theirs) + (*theirs != a.ops[v].stage ? "*" : ""));
      }
    }
    const size_t opColumn = tt ? 5 : 4;
    out += columns(rows, "  ", [&](size_t c) { return c < opColumn || c == opColumn + 1; }) + "\n";
  }
  // Labels, op names and model names are the input's: escape what a terminal would act on.
  return terminalSafe(out, /*keepNewlines=*/true);
}

}  // namespace tilesched
