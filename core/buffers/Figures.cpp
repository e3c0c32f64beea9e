#include "buffers/Figures.h"

#include "buffers/TileType.h"

namespace tilesched {

namespace {

TileType typeOf(const Value *v, const TypeAliases &aliases) { return parseTileType(aliases.resolve(v->type)); }

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

}  // namespace tilesched
