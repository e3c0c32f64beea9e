#include "generate/ReservationTable.h"

#include <algorithm>

namespace tilesched {

Footprint composeFootprints(const Footprint &a, const Footprint &b) {
  Footprint out(std::max(a.size(), b.size()));
  for (size_t k = 0; k < out.size(); ++k) {
    if (k < a.size()) out[k].insert(out[k].end(), a[k].begin(), a[k].end());
    if (k < b.size()) out[k].insert(out[k].end(), b[k].begin(), b[k].end());
  }
  return out;
}

ReservationTable::ReservationTable(const ResourceLayout &layout, int ii) : layout_(layout), ii_(ii) { clear(); }

void ReservationTable::clear() {
  bits_.assign(static_cast<size_t>(ii_) * layout_.words(), 0);
  carryBits_.assign(bits_.size(), 0);
  poolUnits_.assign(static_cast<size_t>(ii_) * layout_.numPools(), 0);
  poolCarry_.assign(poolUnits_.size(), 0);
  occ_.clear();
}

int ReservationTable::carry(int row, int resource) const {
  if (layout_.isSingleton(resource)) {
    const int bit = layout_.bitOf(resource);
    return (carryBits_[static_cast<size_t>(row) * layout_.words() + bit / 64] >> (bit % 64)) & 1;
  }
  return poolCarry_[static_cast<size_t>(row) * layout_.numPools() + layout_.poolOf(resource)];
}

const std::vector<int> &ReservationTable::occupants(int row, int resource) const {
  static const std::vector<int> kNone;
  auto it = occ_.find(cell(row, resource));
  return it == occ_.end() ? kNone : it->second;
}

int ReservationTable::rowOf(int t, int offset) const { return static_cast<int>(moduloRow(t, offset, ii_)); }

bool ReservationTable::probe(const FoldedFootprint &fp, int t) const {
  const int words = layout_.words();
  const int pools = layout_.numPools();
  for (size_t i = 0; i < fp.rows.size(); ++i) {
    const FoldedFootprint::Row &r = fp.rows[i];
    const int row = rowOf(t, r.offset);
    const uint64_t *mine = &fp.bits[i * words];
    const uint64_t *global = &bits_[static_cast<size_t>(row) * words];
    for (int w = 0; w < words; ++w)
      if (mine[w] & global[w]) return false;
    for (int k = r.poolBegin; k < r.poolEnd; ++k) {
      const auto [pool, need] = fp.pools[k];
      if (poolUnits_[static_cast<size_t>(row) * pools + pool] + need > layout_.capacity(layout_.poolResource(pool)))
        return false;
    }
  }
  return true;
}

std::vector<ReservationTable::Conflict> ReservationTable::conflicts(const FoldedFootprint &fp, int t) const {
  std::vector<Conflict> out;
  const int words = layout_.words();
  const int pools = layout_.numPools();
  for (size_t i = 0; i < fp.rows.size(); ++i) {
    const FoldedFootprint::Row &r = fp.rows[i];
    const int row = rowOf(t, r.offset);
    for (int w = 0; w < words; ++w) {
      uint64_t hit = fp.bits[i * words + w] & bits_[static_cast<size_t>(row) * words + w];
      while (hit) {
        const int bit = w * 64 + __builtin_ctzll(hit);
        hit &= hit - 1;
        out.push_back({row, layout_.bitResource(bit)});
      }
    }
    for (int k = r.poolBegin; k < r.poolEnd; ++k) {
      const auto [pool, need] = fp.pools[k];
      const int res = layout_.poolResource(pool);
      if (poolUnits_[static_cast<size_t>(row) * pools + pool] + need > layout_.capacity(res)) out.push_back({row, res});
    }
  }
  return out;
}

std::optional<ReservationTable::Conflict> ReservationTable::firstConflict(const FoldedFootprint &fp, int t) const {
  if (probe(fp, t)) return std::nullopt;
  return conflicts(fp, t).front();
}

int ReservationTable::units(int row, int resource) const {
  if (layout_.isSingleton(resource)) {
    const int bit = layout_.bitOf(resource);
    return (bits_[static_cast<size_t>(row) * layout_.words() + bit / 64] >> (bit % 64)) & 1;
  }
  return poolUnits_[static_cast<size_t>(row) * layout_.numPools() + layout_.poolOf(resource)];
}

void ReservationTable::applyUnits(const FoldedFootprint &fp, int t, int sign) {
  const int words = layout_.words();
  const int pools = layout_.numPools();
  for (size_t i = 0; i < fp.rows.size(); ++i) {
    const FoldedFootprint::Row &r = fp.rows[i];
    const int row = rowOf(t, r.offset);
    for (int w = 0; w < words; ++w) {
      uint64_t &g = bits_[static_cast<size_t>(row) * words + w];
      g = sign > 0 ? (g | fp.bits[i * words + w]) : (g & ~fp.bits[i * words + w]);
    }
    for (int k = r.poolBegin; k < r.poolEnd; ++k)
      poolUnits_[static_cast<size_t>(row) * pools + fp.pools[k].first] += sign * fp.pools[k].second;
  }
}

void ReservationTable::apply(int node, const FoldedFootprint &fp, const Footprint &original, int t, int sign) {
  applyUnits(fp, t, sign);
  const int words = layout_.words();
  const int pools = layout_.numPools();
  // Holders and the in-iteration / carry split come from the unfolded rows.
  const int issueRow = rowOf(t, 0);
  for (int k = 0; k < static_cast<int>(original.size()); ++k) {
    const int row = rowOf(t, k);
    const bool spilled = issueRow + k >= ii_;
    for (int res : original[k]) {
      if (spilled && layout_.isSingleton(res)) {
        const int bit = layout_.bitOf(res);
        uint64_t &w = carryBits_[static_cast<size_t>(row) * words + bit / 64];
        w = sign > 0 ? (w | uint64_t{1} << (bit % 64)) : (w & ~(uint64_t{1} << (bit % 64)));
      } else if (spilled) {
        poolCarry_[static_cast<size_t>(row) * pools + layout_.poolOf(res)] += sign;
      }
      const size_t c = cell(row, res);
      if (sign > 0) {
        occ_[c].push_back(node);
        continue;
      }
      auto holders = occ_.find(c);
      if (holders == occ_.end()) continue;
      auto it = std::find(holders->second.begin(), holders->second.end(), node);
      if (it != holders->second.end()) holders->second.erase(it);
      if (holders->second.empty()) occ_.erase(holders);
    }
  }
}

void ReservationTable::commit(int node, const FoldedFootprint &fp, const Footprint &original, int t) {
  apply(node, fp, original, t, +1);
}

void ReservationTable::uncommit(int node, const FoldedFootprint &fp, const Footprint &original, int t) {
  apply(node, fp, original, t, -1);
}

}  // namespace tilesched
