#include "target/GpuPerformance.h"

#include <algorithm>
#include <type_traits>

#include "support/Json.h"
#include "support/LineEnds.h"

namespace tilesched {

namespace {

// Figures above this are no GPU's (and keep every product in the model within int64).
constexpr int64_t kMaxMilli = int64_t{1} << 40;

struct SpanField {
  const char *key;
  MilliSpan GpuPerformance::*member;
};

// In the order the writer prints them.
constexpr SpanField kSpanFields[] = {
    {"clock_mhz", &GpuPerformance::clockMhz},
    {"sm_count", &GpuPerformance::smCount},
    {"smem_bytes_per_sm", &GpuPerformance::smemBytesPerSm},
    {"smem_reserved_per_cta", &GpuPerformance::smemReservedPerCta},
    {"registers_per_sm", &GpuPerformance::registersPerSm},
    {"registers_per_thread", &GpuPerformance::registersPerThread},
    {"threads_per_sm", &GpuPerformance::threadsPerSm},
    {"ctas_per_sm", &GpuPerformance::ctasPerSm},
    {"l2_bytes_per_cycle", &GpuPerformance::l2BytesPerCycle},
    {"hbm_bytes_per_cycle", &GpuPerformance::hbmBytesPerCycle},
    {"smem_bytes_per_cycle", &GpuPerformance::smemBytesPerCycle},
    {"load_latency_cycles", &GpuPerformance::loadLatencyCycles},
    {"load_latency_bytes_per_cycle", &GpuPerformance::loadLatencyBytesPerCycle},
    {"barrier_cycles", &GpuPerformance::barrierCycles},
    {"unmeasured_elementwise_per_cycle", &GpuPerformance::unmeasuredElementwisePerCycle},
    {"register_overhead_per_thread", &GpuPerformance::registerOverheadPerThread},
};

// Every key is required: a model that omits one would give an estimate built on a guess.
constexpr const char *kMapFields[] = {"mma_flops_per_cycle", "mma_type_scale", "elementwise_per_cycle"};
// Optional: a bound on the estimate, not a figure it is built on (printed after the spans).
constexpr const char *kMmaPeakField = "mma_peak_tflops";

// "116.91" -> 116910: at most three decimals, no exponent, non-negative.
std::optional<int64_t> parseMilli(const std::string &text) {
  int64_t whole = 0, frac = 0;
  int decimals = 0;
  bool dot = false, digits = false;
  for (char c : text) {
    if (c == '.' && !dot) {
      dot = true;
      continue;
    }
    if (c < '0' || c > '9') return std::nullopt;
    digits = true;
    if (dot) {
      if (++decimals > 3) return std::nullopt;
      frac = frac * 10 + (c - '0');
    } else {
      whole = whole * 10 + (c - '0');
      if (whole > kMaxMilli / 1000) return std::nullopt;
    }
  }
  if (!digits) return std::nullopt;
  for (int d = decimals; d < 3; ++d) frac *= 10;
  return whole * 1000 + frac;
}

class Reader {
public:
  Reader(const LineIndex &lines, DiagnosticEngine &diags) : lines_(lines), diags_(diags) {}

  std::optional<GpuPerformance> read(const JsonValue &v) {
    if (!v.is(JsonValue::Kind::Object)) return fail(v, "'performance' must be a JSON object");
    GpuPerformance p;
    for (const JsonMember &m : v.members) member(m, p);
    for (const char *key : {"gpu", "source"})
      if (!v.find(key)) fail(v, std::string("'performance' has no '") + key + "'");
    for (const SpanField &f : kSpanFields)
      if (!v.find(f.key)) fail(v, std::string("'performance' has no '") + f.key + "'");
    for (const char *key : kMapFields)
      if (!v.find(key)) fail(v, std::string("'performance' has no '") + key + "'");
    if (failed_) return std::nullopt;
    return p;
  }

private:
  std::nullopt_t fail(const JsonValue &v, const std::string &message) { return fail(v.span, message); }
  std::nullopt_t fail(JsonSpan span, const std::string &message) {
    diags_.error(lines_.range(span.begin, span.end), message);
    failed_ = true;
    return std::nullopt;
  }

  std::optional<int64_t> number(const JsonValue &v, const std::string &what) {
    std::optional<int64_t> milli;
    if (v.is(JsonValue::Kind::Integer) && v.integer >= 0 && v.integer <= kMaxMilli / 1000) milli = v.integer * 1000;
    if (v.is(JsonValue::Kind::Number)) milli = parseMilli(v.text);
    if (!milli || *milli == 0)
      fail(v, what + " must be a positive number with at most three decimals, got " + v.dump());
    return milli && *milli > 0 ? milli : std::nullopt;
  }

  // A number, or [low, high] with low <= high.
  std::optional<MilliSpan> span(const JsonValue &v, const std::string &what) {
    if (!v.is(JsonValue::Kind::Array)) {
      std::optional<int64_t> n = number(v, what);
      return n ? std::optional<MilliSpan>(MilliSpan{*n, *n}) : std::nullopt;
    }
    if (v.items.size() != 2) return fail(v, what + " must be a number or [low, high]");
    std::optional<int64_t> lo = number(v.items[0], what), hi = number(v.items[1], what);
    if (!lo || !hi) return std::nullopt;
    if (*lo > *hi) return fail(v, what + ": low " + milliText(*lo) + " is above high " + milliText(*hi));
    return MilliSpan{*lo, *hi};
  }

  template <typename Key>
  void map(const JsonValue &v, const std::string &what, std::vector<std::pair<Key, int64_t>> &out) {
    if (!v.is(JsonValue::Kind::Object)) {
      fail(v, what + " must be an object");
      return;
    }
    for (const JsonMember &m : v.members) {
      std::optional<int64_t> n = number(m.value, what + " of '" + m.key + "'");
      if (!n) continue;
      if constexpr (std::is_same_v<Key, int>) {
        std::optional<int64_t> key = parseMilli(m.key);
        if (!key || *key % 1000 || *key == 0 || *key > 1000000000) {
          fail(m.keySpan, what + " is keyed by the MMA instruction's N, a positive integer; got '" + m.key + "'");
          continue;
        }
        out.emplace_back(static_cast<int>(*key / 1000), *n);
      } else {
        out.emplace_back(m.key, *n);
      }
    }
  }

  void member(const JsonMember &m, GpuPerformance &p) {
    const std::string what = "'" + m.key + "'";
    if (m.key == "gpu" || m.key == "source") {
      if (!m.value.is(JsonValue::Kind::String) || m.value.text.empty()) {
        fail(m.value, what + " must be a non-empty string");
        return;
      }
      (m.key == "gpu" ? p.gpu : p.source) = m.value.text;
      return;
    }
    for (const SpanField &f : kSpanFields)
      if (m.key == f.key) {
        if (std::optional<MilliSpan> s = span(m.value, what)) p.*f.member = *s;
        return;
      }
    if (m.key == kMmaPeakField) {
      if (std::optional<MilliSpan> s = span(m.value, what)) p.mmaPeakTflops = *s;
      return;
    }
    if (m.key == "mma_flops_per_cycle") return map(m.value, what, p.mmaFlopsPerCycle);
    if (m.key == "mma_type_scale") return map(m.value, what, p.mmaTypeScale);
    if (m.key == "elementwise_per_cycle") return map(m.value, what, p.elementwisePerCycle);
    std::string expected = "gpu, source";
    for (const SpanField &f : kSpanFields) expected += std::string(", ") + f.key;
    expected += std::string(", ") + kMmaPeakField;
    for (const char *key : kMapFields) expected += std::string(", ") + key;
    fail(m.keySpan, "unknown key '" + m.key + "' in 'performance' (expected " + expected + ")");
  }

  const LineIndex &lines_;
  DiagnosticEngine &diags_;
  bool failed_ = false;
};

std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string spanText(const MilliSpan &s) {
  return s.low == s.high ? milliText(s.low) : "[" + milliText(s.low) + ", " + milliText(s.high) + "]";
}

}  // namespace

std::string milliText(int64_t v) {
  std::string out = std::to_string(v / 1000);
  int64_t frac = v % 1000;
  if (frac == 0) return out;
  std::string digits = std::to_string(frac);
  digits = std::string(3 - digits.size(), '0') + digits;
  while (digits.back() == '0') digits.pop_back();
  return out + "." + digits;
}

int64_t GpuPerformance::elementwiseRate(std::string_view rootOp) const {
  for (const auto &[op, rate] : elementwisePerCycle)
    if (op == rootOp) return rate;
  return 0;
}

int64_t GpuPerformance::mmaScale(std::string_view element) const {
  for (const auto &[type, scale] : mmaTypeScale)
    if (type == element) return scale;
  return 0;
}

int64_t GpuPerformance::mmaRate(int64_t n) const {
  // The widest measured instruction that fits N; the narrowest one when none does.
  const std::pair<int, int64_t> *best = nullptr;
  for (const auto &entry : mmaFlopsPerCycle) {
    const bool fits = entry.first <= n;
    if (!best || (fits && (best->first > n || entry.first > best->first)) ||
        (!fits && best->first > n && entry.first < best->first))
      best = &entry;
  }
  if (!best) return 0;
  if (!mmaPeakTflops.given() || !smCount.given() || !clockMhz.given()) return best->second;
  // TFLOP/s over SMs x MHz is 10^6 FLOP per SM-cycle; in thousandths, 10^9.
  const double cap = double(mmaPeakTflops.low) * 1e9 / (double(smCount.low) / 1000.0 * double(clockMhz.high));
  return std::min(best->second, static_cast<int64_t>(cap));
}

std::optional<GpuPerformance> readGpuPerformance(const JsonValue &v, const LineIndex &lines, DiagnosticEngine &diags) {
  return Reader(lines, diags).read(v);
}

std::string gpuPerformanceJson(const GpuPerformance &p) {
  std::string out = "{\"gpu\": " + quoted(p.gpu) + ", \"source\": " + quoted(p.source);
  for (const SpanField &f : kSpanFields) out += ", \"" + std::string(f.key) + "\": " + spanText(p.*f.member);
  if (p.mmaPeakTflops.given()) out += ", \"" + std::string(kMmaPeakField) + "\": " + spanText(p.mmaPeakTflops);
  auto map = [&](const char *key, const auto &entries) {
    out += ", \"" + std::string(key) + "\": {";
    bool first = true;
    for (const auto &[k, v] : entries) {
      if constexpr (std::is_same_v<std::decay_t<decltype(k)>, int>) out += (first ? "\"" : ", \"") + std::to_string(k);
      else out += (first ? "" : ", ") + quoted(k).substr(0, quoted(k).size() - 1);
      out += "\": " + milliText(v);
      first = false;
    }
    out += "}";
  };
  map("mma_flops_per_cycle", p.mmaFlopsPerCycle);
  map("mma_type_scale", p.mmaTypeScale);
  map("elementwise_per_cycle", p.elementwisePerCycle);
  return out + "}";
}

}  // namespace tilesched
