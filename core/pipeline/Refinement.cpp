// Pass refinement: seed 003's refinement loop as one phase that owns generate -> verify ->
// materialize -> fit memory (docs/decisions.md, "Memory budgets").
// Reads: BlockInput, CostPart, GraphPart, ConstraintPart, SchedulePart (a verified or checked
//   schedule), ViewPart.
// Publishes: MemoryPart (the committed Pipe_/Mutex_ plan, the buffer plan, the rounds in words);
//   on a kept round, a new GraphPart (plus lifetime edges), SchedulePart.analysis and, for a
//   register round (steered again), SchedulePart.steeredOps.
// It materializes the schedule and assigns its buffers; a Pipe_ deeper than a Pipe_ may be,
// buffers over the model's SMEM or TMEM budget, or register tensors over an SM's register file,
// start rounds that generate and verify the block again with lifetime edges (one buffer per
// round, a register round's possibly with every other register tensor held) until it fits. If
// no SMEM or TMEM plan fits, a located error names the buffers and their bytes (over the register
// file, the estimate warns). A pinned schedule (--check) is materialized and measured, never
// rescheduled. Stops a block whose plan is not valid.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "buffers/Figures.h"
#include "generate/GenerateSchedule.h"
#include "perf/PerformanceEstimate.h"
#include "pipeline/Pass.h"
#include "support/Sort.h"

namespace tilesched {

namespace {

struct Space {
  BufferSpace space;
  const char *name;   // "SMEM"
  const char *words;  // "shared-memory"
};
constexpr Space kBudgeted[] = {{BufferSpace::Smem, "SMEM", "shared-memory"},
                               {BufferSpace::Tmem, "TMEM", "tensor-memory"}};

int64_t bytesIn(const MemoryUse &m, BufferSpace s) { return s == BufferSpace::Smem ? m.smemBytes : m.tmemBytes; }
std::optional<int> budgetOf(const MemoryUse &m, BufferSpace s) {
  return s == BufferSpace::Smem ? m.smemBudget : m.tmemBudget;
}
bool over(const MemoryUse &m, BufferSpace s) {
  std::optional<int> budget = budgetOf(m, s);
  return budget && bytesIn(m, s) > *budget;
}

std::string bytesWords(int64_t b) {
  const std::string text = bytesText(b);
  return text.back() == 'B' && text[text.size() - 2] == ' ' ? text : text + " (" + std::to_string(b) + " B)";
}

// "%ta 64 KiB (2 slots of 32 KiB)".
std::string bufferWords(const Buffer &b) {
  if (!b.bytes) return b.value + " of unknown size";
  std::string s = b.value + " " + bytesText(*b.bytes);
  if (b.slots > 1) s += " (" + std::to_string(b.slots) + " slots of " + bytesText(*b.bytesPerSlot) + ")";
  return s;
}

// The eight largest buffers in words, then how many more.
std::string buffersWords(const std::vector<const Buffer *> &in) {
  std::string out;
  for (size_t i = 0; i < in.size() && i < 8; ++i) out += (i ? ", " : "") + bufferWords(*in[i]);
  if (in.size() > 8) out += " and " + std::to_string(in.size() - 8) + " more";
  return out;
}

class BudgetFit {
public:
  BudgetFit(BlockResult &r, PassContext &ctx)
      : r_(r),
        ctx_(ctx),
        model_(blockModel(r, ctx)),
        schedule_(r.options),
        materialize_(ctx.materialize),
        workLeft_(r.options.workBudget - r.analysis.workUsed) {
    const TargetModel *source = performanceSource(ctx.model);
    if (source && source->performance->registerFileBytes() > 0)
      registerFile_ = source->performance->registerFileBytes();
  }

  void run(DiagnosticEngine &diags) {
    MaterializeStep::Trial t = materialize_.trial(r_);
    DiagnosticEngine kept;  // the diagnostics of the rescheduled generation, if one is kept
    if (!t.plan.valid && !r_.asWritten()) fitRings(t, kept);
    BufferPlan plan;
    if (t.plan.valid) plan = assign(t.plan);
    if (t.plan.valid && overBound(plan.memory) && !r_.asWritten()) refit(t, plan, kept);
    for (const Diagnostic &d : kept.all()) diags.report(d.severity, d.range, d.message, d.data);
    materialize_.commit(r_, std::move(t), diags);
    if (!r_.materialized.valid) return;
    r_.buffers = std::move(plan);
    if (!r_.buffers.memory.fits()) reportOverBudget(diags);
  }

private:
  BufferInput input(const MaterializedSchedule &plan) const { return bufferInput(r_, plan, ctx_); }
  BufferPlan assign(const MaterializedSchedule &plan) const { return assignBuffers(input(plan)); }

  // A schedule of the block and the graph it was made over: swapped with the block's (exchange)
  // to try it, and again to undo that.
  struct Schedule {
    DependenceGraph graph;
    ScheduleAnalysis analysis;
    int steeredOps = -1;
  };
  void exchange(Schedule &s) {
    std::swap(r_.graph, s.graph);
    std::swap(r_.analysis, s.analysis);
    std::swap(r_.steeredOps, s.steeredOps);
  }

  // A schedule of the block over `graph` (its dependence graph plus lifetime edges) that the
  // independent checker accepts, or none; its diagnostics go to `diags`. With `steer`, Triton's
  // latencies move its users to later stages as they moved the first schedule's: a register
  // round keeps the loads as far ahead as they were (the stages they run ahead are what the SMEM
  // rounds give up, so those are not steered). The rounds share the block's work budget with the
  // first generation: what it left, and at least a tenth of it (an anytime first search may spend
  // all of it, and a round with nothing would fall back to the serial schedule), so a budget
  // bounds the block's search to a small multiple however many rounds run (0 being unlimited).
  std::optional<Schedule> regenerate(DependenceGraph graph, DiagnosticEngine &diags, bool steer) {
    ScheduleOptions roundOpts = schedule_;
    if (schedule_.workBudget > 0)
      roundOpts.workBudget = std::max<int64_t>(std::max<int64_t>(1, schedule_.workBudget / 10), workLeft_);
    ScheduleAnalysis a = generateSchedule(problemOf(r_, graph, model_), roundOpts, diags, &ctx_.proposedCheck);
    workLeft_ -= a.workUsed;
    if (!a.valid) return std::nullopt;
    const int steered = steer ? steerSchedule(r_, a, graph, ctx_, diags) : r_.steeredOps;
    if (!verifySchedule(r_, graph, a, model_).empty()) return std::nullopt;
    return Schedule{std::move(graph), std::move(a), steered};
  }

  // A space over what holds it: SMEM or TMEM over the model's budget, else the register tensors
  // the schedule keeps over one SM's register file (when the model's performance data states it).
  struct Over {
    BufferSpace space;
    const char *name;    // "SMEM", "registers"
    const char *holder;  // "the budget", "the register file"
    int64_t bytes, bound;
  };
  std::optional<Over> overBound(const MemoryUse &m) const {
    for (const Space &s : kBudgeted)
      if (over(m, s.space)) return Over{s.space, s.name, "the budget", bytesIn(m, s.space), *budgetOf(m, s.space)};
    if (registerFile_ && m.registerBytes > *registerFile_)
      return Over{BufferSpace::Registers, "registers", "the register file", m.registerBytes, *registerFile_};
    return std::nullopt;
  }

  // The largest buffer of `space` whose slots a round may limit (a ring, or a register tensor
  // whatever keeps its copies: a Pipe_ or the stages to its last read), not refused before.
  static const Buffer *largestLimitable(const BufferPlan &plan, BufferSpace space,
                                        const std::set<std::string> &refused) {
    const Buffer *largest = nullptr;
    for (const Buffer &b : plan.buffers)
      if (b.space == space && (b.pipe >= 0 || !b.reads.empty()) && b.slots > 1 && b.bytes && !refused.count(b.value) &&
          (!largest || *b.bytes > *largest->bytes))
        largest = &b;
    return largest;
  }

  // What a round asks of the schedule: buffer `value` within `slots` slots; with `hold`, every
  // register tensor within the copies it keeps now.
  struct Limit {
    std::string value;
    int slots = 1;
    bool hold = false;
  };

  // The lifetime edges of `limit` over the schedule `t` and its plan; none when the buffer's reads
  // need more slots.
  std::vector<DepEdge> limitEdges(const MaterializeStep::Trial &t, const BufferPlan &plan, const Limit &limit) const {
    const BufferInput in = input(t.plan);
    for (const Buffer &b : plan.buffers)
      if (b.value == limit.value) {
        std::vector<DepEdge> edges = slotLimitEdges(in, b, limit.slots);
        if (edges.empty() || !limit.hold) return edges;
        std::vector<DepEdge> held = registerHoldEdges(in);
        edges.insert(edges.end(), held.begin(), held.end());
        return edges;
      }
    return {};
  }

  // After a register round whose schedule handed the limited tensor's copies to another (its
  // producer chain or its reader moved with the limit, so another tensor kept the copies), the
  // rounds that go for what the register file needs, every other register tensor held to its
  // copies so none can take the tensor's: the tensor limited to the copies that bring the bytes
  // within the file (at least what its reads allow), then to one copy.
  std::vector<Limit> convergingLimits(const MaterializeStep::Trial &t, const BufferPlan &plan, const Over &o,
                                      const Buffer &largest) const {
    const int64_t fewer = (o.bytes - o.bound + *largest.bytesPerSlot - 1) / *largest.bytesPerSlot;
    Limit limit{largest.value, static_cast<int>(std::max<int64_t>(1, largest.slots - fewer)), true};
    while (limit.slots < largest.slots - 1 && limitEdges(t, plan, limit).empty()) ++limit.slots;
    std::vector<Limit> out{limit};
    if (limit.slots > 1 && !limitEdges(t, plan, Limit{largest.value, 1, true}).empty())
      out.push_back(Limit{largest.value, 1, true});
    return out;
  }

  static std::string limitWords(const Limit &limit) {
    return limit.value + " limited to " + std::to_string(limit.slots) + (limit.slots == 1 ? " slot" : " slots") +
           (limit.hold ? ", the other register tensors held to their copies" : "");
  }

  // Rounds of seed 003's refinement loop with one more constraint family: each round takes the
  // largest limitable buffer of a space over its bound (overBound: SMEM and TMEM first, then the
  // register file) and reschedules with lifetime edges that keep it one slot smaller, which the
  // generator meets by moving its producer and its readers closer or by raising the II. The edges
  // stay for the later rounds (another buffer may have grown: the next round limits it too); a
  // round with no schedule, or a register round that does not lower the register bytes within the
  // SMEM and TMEM budgets, is undone. A register round undone for its bytes is followed by the
  // converging rounds (convergingLimits); a buffer whose rounds are all undone is not tried again.
  // The rounds stop when the buffers fit, when no schedule can fit them (leastBytes), when no
  // buffer is left, or after --max-constraint-iterations rounds.
  void refit(MaterializeStep::Trial &t, BufferPlan &plan, DiagnosticEngine &kept) {
    std::vector<TraceEntry> history = r_.analysis.trace;
    size_t dropped = r_.analysis.traceDropped;
    std::set<std::string> refused;
    std::vector<Limit> followUps;  // converging rounds still to try, in order
    for (int round = 1; round <= schedule_.maxConstraintIterations;) {
      const std::optional<Over> o = overBound(plan.memory);
      if (!o || leastBytes(plan, o->space) > o->bound) break;
      const Buffer *buffer = largestLimitable(plan, o->space, refused);
      if (!buffer && followUps.empty()) break;
      const Limit limit = followUps.empty() ? Limit{buffer->value, buffer->slots - 1, false} : followUps.front();
      if (!followUps.empty()) followUps.erase(followUps.begin());
      const std::vector<DepEdge> edges = limitEdges(t, plan, limit);
      std::string words = "memory round " + std::to_string(round) + ": " + o->name + " " + bytesText(o->bytes) +
                          " over " + o->holder + " of " + bytesText(o->bound) + "; " + limitWords(limit);
      Outcome outcome = Outcome::NoEdges;
      if (!edges.empty()) {
        outcome = tryRound(edges, *o, t, plan, kept, history, dropped, words);
        ++round;
      }
      if (outcome == Outcome::Kept) followUps.clear();
      else if (outcome == Outcome::NoFewerBytes && !limit.hold) followUps = convergingLimits(t, plan, *o, *buffer);
      else if (followUps.empty()) refused.insert(limit.value);
    }
    if (schedule_.trace) {
      for (size_t i = 0; i < history.size(); ++i) history[i].step = static_cast<int>(i);
      r_.analysis.trace = std::move(history);
      r_.analysis.traceDropped = dropped;
    }
  }

  // What became of a round: kept, or undone for want of edges (its reads need the slots), of a
  // schedule, or of fewer register bytes within the SMEM and TMEM budgets.
  enum class Outcome { Kept, NoEdges, NoSchedule, NoFewerBytes };

  // One round: the block scheduled again with `edges`, kept (t, plan and the diagnostics `kept`
  // become its own) when it fits better; else undone. Its words go to the memory rounds and the
  // trace.
  Outcome tryRound(const std::vector<DepEdge> &edges, const Over &o, MaterializeStep::Trial &t, BufferPlan &plan,
                   DiagnosticEngine &kept, std::vector<TraceEntry> &history, size_t &dropped, std::string words) {
    DiagnosticEngine diags;
    std::optional<Schedule> a = regenerate(withEdges(r_.graph, edges), diags, o.space == BufferSpace::Registers);
    std::optional<MaterializeStep::Trial> next;
    std::optional<BufferPlan> nextPlan;
    Outcome outcome = Outcome::NoSchedule;
    if (a) {
      exchange(*a);
      next = materialize_.trial(r_);
      if (next->plan.valid) nextPlan = assign(next->plan);
      // A register round is kept when it fits better: fewer register bytes, the SMEM and TMEM
      // budgets still met.
      if (nextPlan && o.space == BufferSpace::Registers &&
          (!nextPlan->memory.fits() || nextPlan->memory.registerBytes >= plan.memory.registerBytes)) {
        nextPlan.reset();
        outcome = Outcome::NoFewerBytes;
      }
      if (!nextPlan) exchange(*a);
    }
    if (nextPlan) {
      words += ": II " + std::to_string(r_.analysis.ii) + ", " + std::to_string(r_.analysis.stageCount) +
               (r_.analysis.stageCount == 1 ? " stage, " : " stages, ") + o.name + " " +
               bytesText(o.space == BufferSpace::Registers ? nextPlan->memory.registerBytes
                                                           : bytesIn(nextPlan->memory, o.space));
      t = std::move(*next);
      plan = std::move(*nextPlan);
      kept = std::move(diags);
      dropped += r_.analysis.traceDropped;
    } else {
      words += outcome == Outcome::NoSchedule ? ": no schedule keeps it, undone"
                                              : ": the schedule that keeps it holds no fewer register bytes within the "
                                                "SMEM and TMEM budgets, undone";
    }
    record(history, dropped, words, nextPlan ? &r_.analysis.trace : nullptr);
    r_.memoryRounds.push_back(std::move(words));
    return nextPlan ? Outcome::Kept : outcome;
  }

  // A Pipe_ holds at most MaterializeOptions::maxPipeDepth slots (facts §4.5); a schedule that
  // stretches a hand-off further (a chain of async handles at II 1 over many stages) is
  // scheduled again, as in the memory rounds, with a lifetime edge from each such ring's
  // consumer to its earliest producer: t(p) >= t(c) + 1 - (slots - d) * II keeps the hand-off
  // within the slots whatever the II, so the generator raises the II or moves the ops closer.
  // The producer's hand-off distance d is 0 when it comes first in the block, else 1 (an
  // iteration back); the rounds go on while rings are too deep, up to the constraint iterations.
  void fitRings(MaterializeStep::Trial &t, DiagnosticEngine &kept) {
    const int slots = MaterializeOptions{}.maxPipeDepth;
    for (int round = 1; round <= schedule_.maxConstraintIterations && !t.plan.valid; ++round) {
      std::vector<DepEdge> edges;
      std::string deepest;
      int depth = 0;
      for (const PipeValue &pipe : t.plan.pipes) {
        if (pipe.trivialFallback || pipe.depth <= slots) continue;
        if (pipe.depth > depth) {
          depth = pipe.depth;
          deepest = pipe.name;
        }
        for (int c : pipe.consumers) {
          int earliest = -1, distance = 0;
          for (int p : pipe.producers) {
            const int d = p < c ? 0 : 1;
            const int64_t at = int64_t(r_.analysis.ops[p].cycle) - int64_t(d) * r_.analysis.ii;
            if (earliest < 0 || at < int64_t(r_.analysis.ops[earliest].cycle) - int64_t(distance) * r_.analysis.ii) {
              earliest = p;
              distance = d;
            }
          }
          if (earliest >= 0 && earliest != c) edges.push_back({c, earliest, 1, slots - distance, EdgeKind::Lifetime});
        }
      }
      if (edges.empty()) return;
      std::string words = "ring round " + std::to_string(round) + ": " + deepest + " needs " + std::to_string(depth) +
                          " slots, more than " + std::to_string(slots) + "; its hand-offs limited to " +
                          std::to_string(slots);
      DiagnosticEngine diags;
      std::optional<Schedule> a = regenerate(withEdges(r_.graph, edges), diags, false);
      if (!a) {
        r_.memoryRounds.push_back(words + ": no schedule keeps them");
        return;
      }
      exchange(*a);
      t = materialize_.trial(r_);
      kept = std::move(diags);
      r_.memoryRounds.push_back(words + ": II " + std::to_string(r_.analysis.ii) + ", " +
                                std::to_string(r_.analysis.stageCount) +
                                (r_.analysis.stageCount == 1 ? " stage" : " stages"));
    }
  }

  // The round's entry, then the trace of the schedule it kept, within the block's trace limit
  // (the entries past it are counted, as the generator counts its own).
  void record(std::vector<TraceEntry> &history, size_t &dropped, const std::string &words,
              const std::vector<TraceEntry> *kept) const {
    if (!schedule_.trace) return;
    TraceEntry e;
    e.ii = r_.analysis.ii;
    e.arm = TraceArm::Refine;
    e.outcome = TraceOutcome::Limit;
    e.reason = words;
    std::vector<TraceEntry> entries{std::move(e)};
    if (kept) entries.insert(entries.end(), kept->begin(), kept->end());
    for (TraceEntry &entry : entries) {
      if (history.size() < schedule_.traceLimit) history.push_back(std::move(entry));
      else ++dropped;
    }
  }

  static DependenceGraph withEdges(const DependenceGraph &g, const std::vector<DepEdge> &extra) {
    std::map<std::tuple<int, int, int>, DepEdge> all;
    for (const auto *list : {&g.edges, &extra})
      for (const DepEdge &e : *list) {
        auto [it, inserted] = all.try_emplace({e.src, e.dst, e.distance}, e);
        if (!inserted) it->second.latency = std::max(it->second.latency, e.latency);
      }
    DependenceGraph out;
    out.numNodes = g.numNodes;
    out.rings = g.rings;  // the edges keep their ring indices
    out.succ.resize(g.numNodes);
    out.pred.resize(g.numNodes);
    out.zeroDistanceCycles = g.zeroDistanceCycles;
    for (const auto &[key, e] : all) {
      out.succ[e.src].push_back(static_cast<int>(out.edges.size()));
      out.pred[e.dst].push_back(static_cast<int>(out.edges.size()));
      out.edges.push_back(e);
    }
    return out;
  }

  // A located error at the largest buffer of each space over its budget, naming its buffers.
  // When the IR's own allocations (ttg.local_alloc, ttng.tmem_alloc, ...) exceed the budget by
  // themselves, the kernel's author sized them and may reuse their memory in ways the byte count
  // does not see (it shares only disjoint one-slot buffers): the block keeps its schedule and the
  // same words are a warning (docs/decisions.md, "Memory budgets"; valid IR is never rejected).
  // Triton's warp specialization marks the loop (`tt.warp_specialize`) or its ops (`async_task_id`,
  // `ttg.partition`); its memory planner then decides what shares SMEM and TMEM.
  bool warpSpecialized() const {
    if (r_.block.owner && r_.block.owner->lookupAttr("tt.warp_specialize")) return true;
    return std::any_of(r_.block.ops.begin(), r_.block.ops.end(), [](const Operation *op) {
      return op->lookupAttr("async_task_id") || op->lookupAttr("ttg.partition");
    });
  }

  void reportOverBudget(DiagnosticEngine &diags) {
    const BufferPlan &plan = r_.buffers;
    bool failed = false;
    for (const Space &s : kBudgeted) {
      if (!over(plan.memory, s.space)) continue;
      std::vector<const Buffer *> in;
      int64_t authored = 0;
      for (const Buffer &b : plan.buffers)
        if (b.space == s.space) {
          in.push_back(&b);
          if (b.kind == Buffer::Kind::Allocation) authored += b.bytes.value_or(0);
        }
      stableSortBy(in, [](const Buffer *a, const Buffer *b) { return a->bytes.value_or(-1) > b->bytes.value_or(-1); });
      const int budget = *budgetOf(plan.memory, s.space);
      // Over a budget no schedule decides: the IR's own allocations, or a warp-specialized kernel's
      // buffers before Triton's planner overlaid them. A warning; the loop is scheduled as written.
      const bool planner = !r_.pinned && warpSpecialized();
      if (planner || (authored > budget && !r_.pinned)) {
        const std::string over = bytesWords(planner ? bytesIn(plan.memory, s.space) : authored) + ", more than the " +
                                 bytesWords(budget) + " per SM of model '" + model_.name + "'; ";
        const std::string why =
            planner ? std::string("the loop's ") + s.words + " buffers need " + over +
                          "in a warp-specialized kernel Triton's memory planner places them and overlays those its "
                          "partitions never use together, which tilesched does not model before it ran"
                    : std::string("the IR's own ") + s.words + " allocations need " + over +
                          "tilesched shares only disjoint one-slot buffers, so the kernel fits only if it reuses "
                          "that memory itself";
        diags.warning(in.front()->range, why + "; the loop is scheduled as written: " + buffersWords(in));
        continue;
      }
      failed = true;
      std::string why = r_.pinned ? "the pinned schedule's " + std::string(s.words) + " buffers need "
                                  : std::string("the loop's ") + s.words + " buffers need ";
      why += bytesWords(bytesIn(plan.memory, s.space)) + ", more than the " + bytesWords(budget) +
             " per SM of model '" + model_.name + "'";
      if (!r_.pinned)
        why += leastBytes(plan, s.space) > budget
                   ? ", and no schedule fits them: whatever the schedule, they need at least " +
                         bytesWords(leastBytes(plan, s.space))
               : r_.memoryRounds.empty() ? ", and no ring of them can be made smaller"
                                         : ", and " + std::to_string(r_.memoryRounds.size()) +
                                               " rescheduling round(s) with fewer slots did not fit them";
      why += ": " + buffersWords(in);
      // As data: the words without the option, and the option that lifts an SMEM budget.
      MessageData data(MessageId::MemoryOverBudget);
      data.with(MessageFieldId::Detail, why);
      if (s.space == BufferSpace::Smem) {
        why += " (--unlimited-smem lifts the SMEM budget)";
        data.with(MessageFieldId::Option, "unlimited-smem");
      }
      diags.error(in.front()->range, why, data);
      if (!r_.analysis.failure) {
        PlacementFailure f;
        f.ii = r_.analysis.ii;
        f.node = in.front()->node;
        f.message = why;
        f.data = data;
        r_.analysis.failure = std::move(f);
      }
    }
    if (failed) r_.status = r_.pinned ? BlockStatus::Violations : BlockStatus::Failed;
  }

  BlockResult &r_;
  const PassContext &ctx_;
  const TargetModel &model_;
  const ScheduleOptions &schedule_;
  MaterializeStep &materialize_;
  int64_t workLeft_;
  std::optional<int64_t> registerFile_;  // one SM's, from the model's performance data (Estimate's source)
};

}  // namespace

BufferInput bufferInput(const BlockResult &s, const MaterializedSchedule &plan, const PassContext &ctx) {
  BufferInput in;
  in.block = &s.block;
  in.aliases = &ctx.aliases;
  in.model = &blockModel(s, ctx);
  in.resources = &s.resources;
  in.analysis = &s.analysis;
  in.materialized = &plan;
  in.unlimitedSmem = ctx.opts.unlimitedSmem;
  return in;
}

bool refinementPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  BudgetFit(s, ctx).run(diags);
  return s.materialized.valid;
}

}  // namespace tilesched
