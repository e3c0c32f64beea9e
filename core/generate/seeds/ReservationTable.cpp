#include "generate/seeds/ReservationTable.h"

#include <algorithm>

namespace tilesched {

namespace {

// Sets (value) or clears the bits [begin, end) of `bits`.
void fillBits(std::vector<uint64_t> &bits, int64_t begin, int64_t end, bool value) {
  if (begin >= end) return;
  // Bits [begin, end) are non-negative: the partial words at both ends are masked, the whole
  // words between are set outright.
  const uint64_t first = uint64_t(begin) / 64, last = uint64_t(end - 1) / 64;
  const uint64_t head = ~uint64_t{0} << (uint64_t(begin) % 64), tail = ~uint64_t{0} >> (63 - uint64_t(end - 1) % 64);
  auto apply = [&](uint64_t word, uint64_t mask) { bits[word] = value ? bits[word] | mask : bits[word] & ~mask; };
  if (first == last) return apply(first, head & tail);
  apply(first, head);
  std::fill(bits.begin() + std::ptrdiff_t(first + 1), bits.begin() + std::ptrdiff_t(last), value ? ~uint64_t{0} : 0);
  apply(last, tail);
}

}  // namespace

int64_t nextFit(const std::vector<uint64_t> &fits, int64_t from, int64_t end) {
  while (from < end) {
    const uint64_t word = fits[size_t(from / 64)] >> (from % 64);
    if (word) return std::min(end, from + __builtin_ctzll(word));
    from = (from / 64 + 1) * 64;
  }
  return end;
}

Footprint composeFootprints(const Footprint &a, const Footprint &b) {
  Footprint out;
  for (auto i = a.begin(), j = b.begin(); i != a.end() || j != b.end();) {
    FootprintRow row = i == a.end() ? FootprintRow{} : *i++;
    if (j != b.end()) {
      row.insert(row.end(), j->begin(), j->end());
      ++j;
    }
    out.push_back(std::move(row));
  }
  return out;
}

ReservationTable::ReservationTable(const ResourceLayout &layout, int ii)
    : layout_(layout), ii_(ii), recordWords_(2 * layout.words() + 2 * layout.numPools()) {
  clear();
}

void ReservationTable::clear() {
  begin_.assign(1, 0);
  data_.assign(recordWords_, 0);
  holders_.clear();
}

size_t ReservationTable::segmentAt(int64_t row) const {
  return static_cast<size_t>(std::upper_bound(begin_.begin(), begin_.end(), row) - begin_.begin()) - 1;
}

int64_t ReservationTable::segmentsIn(int64_t begin, int64_t end) const {
  return static_cast<int64_t>(segmentAt(end - 1) - segmentAt(begin)) + 1;
}

int64_t ReservationTable::segmentEnd(size_t segment) const {
  return segment + 1 < begin_.size() ? begin_[segment + 1] : ii_;
}

// The segment that starts at `row`, made by cutting the one holding it (`row` == II: past the end).
size_t ReservationTable::split(int64_t row) {
  if (row >= ii_) return begin_.size();
  const size_t s = segmentAt(row);
  if (begin_[s] == row) return s;
  begin_.insert(begin_.begin() + static_cast<std::ptrdiff_t>(s + 1), row);
  data_.insert(data_.begin() + static_cast<std::ptrdiff_t>((s + 1) * recordWords_), record(s),
               record(s) + recordWords_);
  return s + 1;
}

template <class Change, class MayJoin>
void ReservationTable::update(int64_t begin, int64_t end, Change change, MayJoin mayJoin) {
  const size_t first = split(begin);
  const size_t last = split(end);
  const size_t words = static_cast<size_t>(recordWords_);
  auto sameAs = [&](size_t a, const uint64_t *rec) { return std::equal(rec, rec + words, record(a)); };
  // Equal neighbours merge, so a released table is one segment again. One pass: segments [first,
  // last) are changed and compacted to [first, kept), then the tail moves once. Two changed
  // neighbours were different before (segments are maximal), so they can become equal only where
  // mayJoin says the change may erase their difference; the cut at `begin` is always tested.
  size_t kept = first;
  bool joinable = true;
  for (size_t s = first; s < last; ++s) {
    const bool nextJoinable = s + 1 < last && mayJoin(record(s), record(s + 1));
    change(record(s));
    if (kept == 0 || !joinable || !sameAs(kept - 1, record(s))) {
      if (kept != s) {
        begin_[kept] = begin_[s];
        std::copy(record(s), record(s) + words, record(kept));
      }
      ++kept;
    }
    joinable = nextJoinable;
  }
  begin_.erase(begin_.begin() + static_cast<std::ptrdiff_t>(kept), begin_.begin() + static_cast<std::ptrdiff_t>(last));
  data_.erase(data_.begin() + static_cast<std::ptrdiff_t>(kept * words),
              data_.begin() + static_cast<std::ptrdiff_t>(last * words));
  // The cut at `end`.
  if (kept > 0 && kept < begin_.size() && sameAs(kept - 1, record(kept))) {
    begin_.erase(begin_.begin() + static_cast<std::ptrdiff_t>(kept));
    data_.erase(data_.begin() + static_cast<std::ptrdiff_t>(kept * words),
                data_.begin() + static_cast<std::ptrdiff_t>((kept + 1) * words));
  }
}

bool ReservationTable::overfills(const uint64_t *rec, const FoldedFootprint &fp, size_t run) const {
  const int words = layout_.words();
  const uint64_t *mine = &fp.bits[run * words];
  for (int w = 0; w < words; ++w)
    if (mine[w] & rec[w]) return true;
  const uint64_t *units = rec + 2 * words;
  for (int k = fp.runs[run].poolBegin; k < fp.runs[run].poolEnd; ++k) {
    const auto [pool, need] = fp.pools[k];
    if (static_cast<int64_t>(units[pool]) + need > layout_.capacity(layout_.poolResource(pool))) return true;
  }
  return false;
}

int64_t ReservationTable::takeScanUnits() const {
  const int64_t units = scanned_ / WorkBudget::kScanCellsPerUnit;
  scanned_ -= units * WorkBudget::kScanCellsPerUnit;
  return units;
}

bool ReservationTable::probe(const FoldedFootprint &fp, int t) const {
  for (size_t i = 0; i < fp.runs.size(); ++i) {
    bool clash = false;
    ++scanned_;
    forEachModuloRange(int64_t{t} + fp.runs[i].offset, fp.runs[i].length, ii_,
                       [&](int64_t begin, int64_t end, int64_t) {
                         for (size_t s = segmentAt(begin); !clash && s < begin_.size() && begin_[s] < end; ++s) {
                           ++scanned_;
                           clash = overfills(record(s), fp, i);
                         }
                       });
    if (clash) return false;
  }
  return true;
}

// A run's rows from modulo row y form pieces (forEachModuloRange): [y, min(y + n, II)) and, once
// they wrap, [0, y + n - II). An answer depends only on the segments holding the first piece's
// first row and each piece's last row, so it holds from one y until one of them changes: a sweep
// per run answers a stretch of rows at a time, and a run of 1,000 rows on a table of a few
// segments costs a few stretches, not 1,000 rows.
ReservationTable::ProbeBatch::ProbeBatch(const ReservationTable &table, const FoldedFootprint &fp)
    : table_(table), fp_(fp), answers_(fp.runs.size() * static_cast<size_t>(table.ii_)) {
  const int64_t ii = table.ii_;
  const std::vector<int64_t> &begin = table.begin_;
  const size_t segments = begin.size();
  auto segmentOf = [&](int64_t row) {
    return static_cast<size_t>(std::upper_bound(begin.begin(), begin.end(), row) - begin.begin()) - 1;
  };
  // The first row from which the segment after `s` holds `row + shift`.
  auto nextChange = [&](size_t s, int64_t shift) { return s + 1 < segments ? begin[s + 1] - shift : ii; };
  std::vector<size_t> next(segments);  // the first segment from this one on that the run overfills
  for (size_t i = 0; i < fp.runs.size(); ++i) {
    size_t found = segments;
    for (size_t s = segments; s-- > 0;) {
      if (table.overfills(table.record(s), fp, i)) found = s;
      next[s] = found;
    }
    const int64_t n = fp.runs[i].length;
    for (int64_t y = 0; y < ii;) {
      const bool wraps = y + n > ii;
      const size_t first = segmentOf(y), last = segmentOf(std::min(y + n, ii) - 1);
      Answer answer;
      answer.clash = next[first] <= last;
      answer.cells = static_cast<int64_t>((answer.clash ? next[first] : last) - first) + 1;
      int64_t stop = std::min(ii, nextChange(first, 0));
      if (!wraps) {
        stop = std::min({stop, nextChange(last, n - 1), ii - n + 1});
      } else {
        const size_t wrapLast = segmentOf(y + n - ii - 1);
        if (!answer.clash) {
          answer.clash = next[0] <= wrapLast;
          answer.cells += static_cast<int64_t>(answer.clash ? next[0] : wrapLast) + 1;
        }
        stop = std::min(stop, nextChange(wrapLast, n - ii - 1));
      }
      std::fill(answers_.begin() + static_cast<std::ptrdiff_t>(i * static_cast<size_t>(ii) + static_cast<size_t>(y)),
                answers_.begin() + static_cast<std::ptrdiff_t>(i * static_cast<size_t>(ii) + static_cast<size_t>(stop)),
                answer);
      y = stop;
    }
  }
}

// What probe meets: per run one cell, then the segments of its rows up to the first overfilled one.
bool ReservationTable::ProbeBatch::probe(int t) const {
  const int64_t ii = table_.ii_;
  for (size_t i = 0; i < fp_.runs.size(); ++i) {
    const Answer &answer =
        answers_[i * static_cast<size_t>(ii) + static_cast<size_t>(moduloRow(t, fp_.runs[i].offset, ii))];
    table_.scanned_ += 1 + answer.cells;
    if (answer.clash) return false;
  }
  return true;
}

// Row x fails when a run (offset b, length n) meets an overfilled segment [s0, s1): x + b + j in
// [s0, s1) for some j < n, that is x in [s0 - b - n + 1, s1 - b). The rows are unrolled from
// `begin` so the window of a run is one range however it wraps. A run's failing ranges arrive in
// row order and overlap by n - 1 rows, so they are merged and each merged range cleared once: the
// bits cost a word per 64 rows of the scan, not per overfilled segment times the run's length.
// Once every scanned row fails, the segments left can clear nothing: they are counted (the cells
// fitScanCells counts), not tested.
void ReservationTable::markFits(const FoldedFootprint &fp, int64_t begin, int64_t length,
                                std::vector<uint64_t> &fits) const {
  const int64_t first = moduloRow(begin, 0, ii_);
  const int64_t count = std::min<int64_t>(length, ii_);
  const int64_t last = first + count;  // rows x in [first, last), unrolled
  auto mark = [&](int64_t x0, int64_t x1, bool value) {
    forEachModuloRange(x0, x1 - x0, ii_, [&](int64_t b, int64_t e, int64_t) { fillBits(fits, b, e, value); });
  };
  mark(first, last, true);
  bool allFail = count <= 0;
  for (size_t i = 0; i < fp.runs.size(); ++i) {
    const int64_t b = fp.runs[i].offset, n = fp.runs[i].length;
    int64_t lo = 0, hi = 0;  // failing rows found and not yet cleared
    ++scanned_;
    forEachModuloRange(first + b, count + n - 1, ii_, [&](int64_t rowBegin, int64_t rowEnd, int64_t k) {
      if (allFail) {
        scanned_ += segmentsIn(rowBegin, rowEnd);
        return;
      }
      for (size_t s = segmentAt(rowBegin); s < begin_.size() && begin_[s] < rowEnd; ++s) {
        ++scanned_;
        const int64_t y0 = first + b + k + (std::max(begin_[s], rowBegin) - rowBegin);
        const int64_t y1 = first + b + k + (std::min(segmentEnd(s), rowEnd) - rowBegin);
        const int64_t x0 = std::max(first, y0 - b - n + 1), x1 = std::min(last, y1 - b);
        // Rows already failing need no test: once a long run fails up to the scan's end, the
        // segments left in its window cost a count, not a test.
        if (x0 >= x1 || (lo <= x0 && x1 <= hi) || !overfills(record(s), fp, i)) continue;
        if (lo < hi && x0 <= hi && lo <= x1) {
          lo = std::min(lo, x0);
          hi = std::max(hi, x1);
        } else {
          if (lo < hi) mark(lo, hi, false);
          lo = x0;
          hi = x1;
        }
        if (lo <= first && last <= hi) {
          allFail = true;
          if (s + 1 < begin_.size() && begin_[s + 1] < rowEnd) scanned_ += segmentsIn(begin_[s + 1], rowEnd);
          break;
        }
      }
    });
    if (lo < hi) mark(lo, hi, false);
  }
}

int64_t ReservationTable::fitScanCells(const FoldedFootprint &fp, int64_t begin, int64_t length) const {
  const int64_t first = moduloRow(begin, 0, ii_);
  const int64_t count = std::min<int64_t>(length, ii_);
  int64_t cells = static_cast<int64_t>(fp.runs.size());
  for (const FoldedFootprint::Run &run : fp.runs)
    forEachModuloRange(first + run.offset, count + run.length - 1, ii_,
                       [&](int64_t rowBegin, int64_t rowEnd, int64_t) { cells += segmentsIn(rowBegin, rowEnd); });
  return cells;
}

int64_t ReservationTable::firstFit(const FoldedFootprint &fp, int64_t begin, int64_t length) const {
  length = std::min<int64_t>(length, ii_);
  std::vector<uint64_t> fits(static_cast<size_t>((ii_ + 63) / 64), 0);  // a bit per modulo row
  markFits(fp, begin, length, fits);
  // The rows from `begin` wrap once at most: those up to the table's end, then those from row 0.
  const int64_t first = moduloRow(begin, 0, ii_), tail = std::min(length, ii_ - first);
  const int64_t row = nextFit(fits, first, first + tail);
  if (row < first + tail) return begin + (row - first);
  const int64_t wrapped = nextFit(fits, 0, length - tail);
  return wrapped < length - tail ? begin + tail + wrapped : -1;
}

std::vector<ReservationTable::Conflict> ReservationTable::conflicts(const FoldedFootprint &fp, int t) const {
  std::vector<Conflict> out;
  for (const ConflictRange &range : conflictRanges(fp, t))
    for (int row = range.begin; row < range.end; ++row)
      for (int res : range.resources) out.push_back({row, res});
  return out;
}

std::vector<ReservationTable::ConflictRange> ReservationTable::conflictRanges(const FoldedFootprint &fp, int t) const {
  std::vector<ConflictRange> out;
  const int words = layout_.words();
  for (size_t i = 0; i < fp.runs.size(); ++i) {
    const FoldedFootprint::Run &run = fp.runs[i];
    forEachModuloRange(int64_t{t} + run.offset, run.length, ii_, [&](int64_t begin, int64_t end, int64_t) {
      for (size_t s = segmentAt(begin); s < begin_.size() && begin_[s] < end; ++s) {
        const uint64_t *rec = record(s);
        ConflictRange range;
        for (int w = 0; w < words; ++w) {
          uint64_t hit = fp.bits[i * words + w] & rec[w];
          while (hit) {
            range.resources.push_back(layout_.bitResource(w * 64 + __builtin_ctzll(hit)));
            hit &= hit - 1;
          }
        }
        for (int k = run.poolBegin; k < run.poolEnd; ++k) {
          const auto [pool, need] = fp.pools[k];
          const int res = layout_.poolResource(pool);
          if (static_cast<int64_t>(rec[2 * words + pool]) + need > layout_.capacity(res))
            range.resources.push_back(res);
        }
        if (range.resources.empty()) continue;
        range.begin = static_cast<int>(std::max(begin_[s], begin));
        range.end = static_cast<int>(std::min(segmentEnd(s), end));
        out.push_back(std::move(range));
      }
    });
  }
  return out;
}

int64_t ReservationTable::conflictCount(const FoldedFootprint &fp, int t) const {
  int64_t count = 0;
  const int words = layout_.words();
  for (size_t i = 0; i < fp.runs.size(); ++i) {
    const FoldedFootprint::Run &run = fp.runs[i];
    ++scanned_;
    forEachModuloRange(int64_t{t} + run.offset, run.length, ii_, [&](int64_t begin, int64_t end, int64_t) {
      for (size_t s = segmentAt(begin); s < begin_.size() && begin_[s] < end; ++s) {
        ++scanned_;
        const uint64_t *rec = record(s);
        int64_t cells = 0;
        for (int w = 0; w < words; ++w) cells += __builtin_popcountll(fp.bits[i * words + w] & rec[w]);
        for (int k = run.poolBegin; k < run.poolEnd; ++k) {
          const auto [pool, need] = fp.pools[k];
          cells += static_cast<int64_t>(rec[2 * words + pool]) + need > layout_.capacity(layout_.poolResource(pool));
        }
        count += cells * (std::min(segmentEnd(s), end) - std::max(begin_[s], begin));
      }
    });
  }
  return count;
}

ReservationTable::PooledLoad ReservationTable::pooledLoad(const FoldedFootprint &fp, int t) const {
  PooledLoad load;
  const int words = layout_.words(), pools = layout_.numPools();
  for (const FoldedFootprint::Run &run : fp.runs) {
    if (run.poolBegin == run.poolEnd) continue;
    ++scanned_;
    forEachModuloRange(int64_t{t} + run.offset, run.length, ii_, [&](int64_t begin, int64_t end, int64_t) {
      for (size_t s = segmentAt(begin); s < begin_.size() && begin_[s] < end; ++s) {
        ++scanned_;
        const uint64_t *rec = record(s);
        const int64_t rows = std::min(segmentEnd(s), end) - std::max(begin_[s], begin);
        for (int k = run.poolBegin; k < run.poolEnd; ++k) {
          const int pool = fp.pools[k].first;
          const int64_t units = static_cast<int64_t>(rec[2 * words + pool]);
          const int64_t carried = static_cast<int64_t>(rec[2 * words + pools + pool]);
          load.inIteration += rows * (units - carried);
          load.carried += rows * carried;
        }
      }
    });
  }
  return load;
}

// conflicts(fp, t).front() without listing the rest: the first overfilled segment in row order,
// its first row, the lowest bit then the first pool there.
std::optional<ReservationTable::Conflict> ReservationTable::firstConflict(const FoldedFootprint &fp, int t) const {
  const int words = layout_.words();
  std::optional<Conflict> first;
  for (size_t i = 0; i < fp.runs.size() && !first; ++i) {
    const FoldedFootprint::Run &run = fp.runs[i];
    ++scanned_;
    forEachModuloRange(int64_t{t} + run.offset, run.length, ii_, [&](int64_t begin, int64_t end, int64_t) {
      for (size_t s = segmentAt(begin); !first && s < begin_.size() && begin_[s] < end; ++s) {
        ++scanned_;
        const uint64_t *rec = record(s);
        if (!overfills(rec, fp, i)) continue;
        const int row = static_cast<int>(std::max(begin_[s], begin));
        for (int w = 0; w < words && !first; ++w)
          if (const uint64_t hit = fp.bits[i * words + w] & rec[w])
            first = Conflict{row, layout_.bitResource(w * 64 + __builtin_ctzll(hit))};
        for (int k = run.poolBegin; k < run.poolEnd && !first; ++k) {
          const auto [pool, need] = fp.pools[k];
          const int res = layout_.poolResource(pool);
          if (static_cast<int64_t>(rec[2 * words + pool]) + need > layout_.capacity(res)) first = Conflict{row, res};
        }
      }
    });
  }
  return first;
}

int ReservationTable::units(int row, int resource) const {
  const uint64_t *rec = record(segmentAt(row));
  if (layout_.isSingleton(resource)) {
    const int bit = layout_.bitOf(resource);
    return (rec[bit / 64] >> (bit % 64)) & 1;
  }
  return static_cast<int>(rec[2 * layout_.words() + layout_.poolOf(resource)]);
}

int ReservationTable::carry(int row, int resource) const {
  const uint64_t *rec = record(segmentAt(row));
  const int words = layout_.words();
  if (layout_.isSingleton(resource)) {
    const int bit = layout_.bitOf(resource);
    return (rec[words + bit / 64] >> (bit % 64)) & 1;
  }
  return static_cast<int>(rec[2 * words + layout_.numPools() + layout_.poolOf(resource)]);
}

std::vector<int> ReservationTable::occupants(int row, int resource) const {
  std::vector<int> out;
  for (const Holder &h : holders_)
    for (const FoldedFootprint::Span &span : h.spans) {
      const int listed = static_cast<int>(std::count(h.spanResources.begin() + span.resourceBegin,
                                                     h.spanResources.begin() + span.resourceEnd, resource));
      if (listed == 0) continue;
      const int64_t hits = moduloHits(int64_t{h.t} + span.begin, span.end - span.begin, row, ii_);
      out.insert(out.end(), static_cast<size_t>(hits * listed), h.node);
    }
  return out;
}

void ReservationTable::applyUnits(const FoldedFootprint &fp, int t, int sign) {
  const int words = layout_.words();
  for (size_t i = 0; i < fp.runs.size(); ++i) {
    const FoldedFootprint::Run &run = fp.runs[i];
    const uint64_t *mask = &fp.bits[i * words];
    forEachModuloRange(int64_t{t} + run.offset, run.length, ii_, [&](int64_t begin, int64_t end, int64_t) {
      update(
          begin, end,
          [&](uint64_t *rec) {
            for (int w = 0; w < words; ++w) rec[w] = sign > 0 ? (rec[w] | mask[w]) : (rec[w] & ~mask[w]);
            for (int k = run.poolBegin; k < run.poolEnd; ++k)
              rec[2 * words + fp.pools[k].first] += static_cast<uint64_t>(int64_t{sign} * fp.pools[k].second);
          },
          [&](const uint64_t *a, const uint64_t *b) {
            // Setting or clearing the mask keeps a difference outside it; pool counts move alike.
            for (int w = 0; w < words; ++w)
              if ((a[w] ^ b[w]) & mask[w]) return true;
            return false;
          });
    });
  }
}

// The units of unfolded rows past the issue row's stage (issue row + k >= II) are carried.
void ReservationTable::applyCarry(const FoldedFootprint &fp, int t, int sign) {
  const int words = layout_.words(), pools = layout_.numPools();
  const int64_t spill = ii_ - moduloRow(t, 0, ii_);  // the first spilled footprint row
  for (const FoldedFootprint::Span &span : fp.spans) {
    const int64_t from = std::max<int64_t>(span.begin, spill);
    if (from >= span.end) continue;
    forEachModuloRange(int64_t{t} + from, span.end - from, ii_, [&](int64_t begin, int64_t end, int64_t) {
      update(
          begin, end,
          [&](uint64_t *rec) {
            for (int k = span.resourceBegin; k < span.resourceEnd; ++k) {
              const int res = fp.spanResources[k];
              if (layout_.isSingleton(res)) {
                const int bit = layout_.bitOf(res);
                uint64_t &w = rec[words + bit / 64];
                w = sign > 0 ? (w | uint64_t{1} << (bit % 64)) : (w & ~(uint64_t{1} << (bit % 64)));
              } else {
                rec[2 * words + pools + layout_.poolOf(res)] += static_cast<uint64_t>(int64_t{sign});
              }
            }
          },
          [](const uint64_t *, const uint64_t *) { return true; });
    });
  }
}

void ReservationTable::commit(int node, const FoldedFootprint &fp, int t) {
  applyUnits(fp, t, +1);
  applyCarry(fp, t, +1);
  holders_.push_back({node, t, fp.spans, fp.spanResources});
}

void ReservationTable::uncommit(int node, const FoldedFootprint &fp, int t) {
  applyUnits(fp, t, -1);
  applyCarry(fp, t, -1);
  auto it = std::find_if(holders_.begin(), holders_.end(), [&](const Holder &h) { return h.node == node && h.t == t; });
  if (it != holders_.end()) holders_.erase(it);
}

}  // namespace tilesched
