#include "buffers/ThroughputEstimate.h"

#include <algorithm>
#include <cmath>

#include "buffers/TileType.h"

namespace tilesched {

namespace {

TileType typeOf(const Value *v, const TypeAliases &aliases) { return parseTileType(aliases.resolve(v->type)); }

std::vector<TileType> typesOf(const std::vector<Value *> &values, const TypeAliases &aliases) {
  std::vector<TileType> out;
  for (const Value *v : values) out.push_back(typeOf(v, aliases));
  return out;
}

bool holds(const OpResources &r, int resource) {
  for (const FootprintRow &row : r.footprint)
    if (std::find(row.begin(), row.end(), resource) != row.end()) return true;
  return false;
}

// round(num / den) for num, den >= 0, without overflow for the products this file forms.
int64_t roundedRatio(double num, double den) { return static_cast<int64_t>(std::llround(num / den)); }

// At most eight names, then how many more: a recurrence can run through the whole block.
std::string namesOf(const std::vector<int> &nodes, const std::vector<std::string> &names) {
  std::string out;
  for (size_t i = 0; i < nodes.size() && i < 8; ++i) out += (i ? ", " : "") + names[nodes[i]];
  return nodes.size() > 8 ? out + " and " + std::to_string(nodes.size() - 8) + " more" : out;
}

// What holds the II at the binding resource, in a kernel engineer's words.
std::string resourceWords(const BufferInput &in, const std::string &resource) {
  const int r = in.model->resourceIndex(resource);
  std::vector<int> holders;
  for (size_t v = 0; v < in.resources->size(); ++v)
    if (r >= 0 && holds((*in.resources)[v], r)) holders.push_back(static_cast<int>(v));
  if (holders.empty()) return resource;
  auto all = [&](unsigned trait) {
    return std::all_of(holders.begin(), holders.end(), [&](int v) { return ((*in.resources)[v].traits & trait) != 0; });
  };
  const std::string ops = std::to_string(holders.size()) + (holders.size() == 1 ? " op" : " ops");
  if (all(TraitTma)) {
    int64_t bytes = 0;
    for (int v : holders) {
      const Operation &op = *in.block->ops[v];
      std::optional<TileType> tile = movedTile(typesOf(op.operands, *in.aliases), typesOf(op.results, *in.aliases));
      std::optional<int64_t> b = tile ? tile->bytes() : std::nullopt;
      if (!b) return "TMA (" + resource + "): " + ops + " per iteration";
      bytes += *b;
    }
    return "TMA (" + resource + "): " + bytesText(bytes) + " per iteration in " + ops;
  }
  if (all(TraitWgmma)) return "tensor cores (" + resource + "): " + ops + " per iteration";
  return resource + ": " + ops + " per iteration";
}

std::string boundWords(const BufferInput &in, const EstimateContext &context) {
  const ScheduleAnalysis &a = *in.analysis;
  if (context.pinned) return "the pinned schedule";
  if (!a.mii) return "serial execution: each iteration's ops run one after another";
  const MIIBounds &m = *a.mii;
  const int lower = m.lower();
  if (a.ii > lower)
    return "placement: " +
           std::string(a.optimality.status == Optimality::Proven ? "no schedule exists" : "none was found") +
           " below II " + std::to_string(a.ii) + ", above the bounds' " + std::to_string(lower) +
           (context.slotLimits ? ", with the buffers' slot limits" : "");
  if (m.recurrence == lower && m.recurrence >= m.resource)
    return m.criticalCycle.empty() ? "a recurrence"
                                   : "recurrence through " + namesOf(m.criticalCycle, *context.nodeNames);
  if (m.resource == lower && !m.resourceBinding.empty()) return resourceWords(in, m.resourceBinding);
  if (m.fineDensity == lower) return "an op's footprint overlapping itself below II " + std::to_string(lower);
  return "depth constraints (max_depth, same depth)";
}

}  // namespace

std::string thousandthsText(int64_t v) {
  const bool negative = v < 0;
  const uint64_t u = negative ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  std::string frac = std::to_string(u % 1000);
  return (negative ? "-" : "") + std::to_string(u / 1000) + "." + std::string(3 - frac.size(), '0') + frac;
}

std::string bytesText(int64_t bytes) {
  if (bytes > 0 && bytes % (1 << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes > 0 && bytes % (1 << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " B";
}

std::optional<int64_t> mmaFlops(const Operation &op, const TypeAliases &aliases, std::string *element) {
  if (op.operands.size() < 2) return std::nullopt;
  const TileType a = typeOf(op.operands[0], aliases), b = typeOf(op.operands[1], aliases);
  if (a.rank() < 2 || b.rank() < 2) return std::nullopt;
  const int64_t m = a.shape[a.rank() - 2], k = a.shape[a.rank() - 1];
  const int64_t k2 = b.shape[b.rank() - 2], n = b.shape[b.rank() - 1];
  if (m < 0 || k < 0 || n < 0 || k != k2) return std::nullopt;
  double flops = 2.0 * double(m) * double(n) * double(k);
  for (int d = 0; d + 2 < a.rank(); ++d) {
    if (a.shape[d] < 0) return std::nullopt;
    flops *= double(a.shape[d]);
  }
  if (flops > double(int64_t{1} << 60)) return std::nullopt;
  if (element) *element = a.element;
  return static_cast<int64_t>(flops);
}

ThroughputEstimate estimateThroughput(const BufferInput &in, const EstimateContext &context) {
  ThroughputEstimate e;
  const MachineModel &machine = in.model->machine;
  const int ii = std::max(1, in.analysis->ii);
  e.cyclesPerIteration = ii;
  if (machine.clockMhz > 0) e.nsPerIteration = roundedRatio(double(ii) * 1e6, machine.clockMhz);

  // The MMA work of one iteration, and the cycles it needs at the peak rate of each op's type.
  int64_t flops = 0;
  double peakCycles = 0;
  bool known = true, rated = true;
  for (size_t v = 0; v < in.block->ops.size(); ++v) {
    if (!((*in.resources)[v].traits & TraitWgmma)) continue;
    std::string element;
    std::optional<int64_t> f = mmaFlops(*in.block->ops[v], *in.aliases, &element);
    if (!f) {
      known = false;
      continue;
    }
    flops += *f;
    const int rate = machine.mmaRate(element);
    if (rate > 0) peakCycles += double(*f) / rate;
    else rated = false;
  }
  if (known) e.flopsPerIteration = flops;
  if (known && machine.clockMhz > 0) {
    const double perSm = double(flops) * machine.clockMhz / (double(ii) * 1000.0);
    e.tflopsPerSm = std::llround(perSm);
    if (machine.smCount > 0) e.tflopsPerGpu = std::llround(perSm * machine.smCount);
    if (flops > 0 && rated) {
      // The peak of this mix of MMAs: its FLOPs over the cycles they need at full rate.
      const double peakPerSm = double(flops) / peakCycles * machine.clockMhz / 1000.0;
      e.peakTflopsPerSm = std::llround(peakPerSm);
      if (machine.smCount > 0) e.peakTflopsPerGpu = std::llround(peakPerSm * machine.smCount);
      e.mmaCyclesAtPeak = static_cast<int64_t>(std::ceil(peakCycles - 1e-9));
    }
  }
  e.bound = boundWords(in, context);
  if (e.mmaCyclesAtPeak && *e.mmaCyclesAtPeak > ii)
    e.bound += "; over the tensor cores' peak: its MMAs need " + std::to_string(*e.mmaCyclesAtPeak) +
               " cycles at peak, and the model's cycles are not SM cycles";
  return e;
}

}  // namespace tilesched
