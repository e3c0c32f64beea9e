// An op's footprint: row k lists the resources it holds in cycle k after issue. Kept as runs of
// equal rows: a measured cost holds one row for hundreds of cycles (docs/target-model.md,
// "Shape-aware costs"), and the model, each op's cost and the fold into the RRT then handle one
// run where a list of rows would hold hundreds. It reads as the list of its rows.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <vector>

namespace tilesched {

// A pool index may appear several times in one row: one unit per listing.
using FootprintRow = std::vector<int>;

class Footprint {
public:
  struct Run {
    FootprintRow row;
    size_t end = 0;  // rows [the previous run's end, end) are `row`
  };

  // The rows in order, each run's row once per cycle it is held.
  class const_iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = FootprintRow;
    using difference_type = std::ptrdiff_t;
    using pointer = const FootprintRow *;
    using reference = const FootprintRow &;
    const_iterator(const Run *run, size_t k) : run_(run), k_(k) {}
    reference operator*() const { return run_->row; }
    pointer operator->() const { return &run_->row; }
    const_iterator &operator++() {
      if (++k_ == run_->end) ++run_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++*this;
      return before;
    }
    bool operator==(const const_iterator &o) const { return k_ == o.k_; }
    bool operator!=(const const_iterator &o) const { return k_ != o.k_; }

  private:
    const Run *run_;
    size_t k_;
  };

  Footprint() = default;
  Footprint(std::initializer_list<FootprintRow> rows) {
    for (const FootprintRow &row : rows) push_back(row);
  }
  Footprint(size_t count, FootprintRow row) { append(std::move(row), count); }

  size_t size() const { return runs_.empty() ? 0 : runs_.back().end; }
  bool empty() const { return runs_.empty(); }
  const std::vector<Run> &runs() const { return runs_; }
  const_iterator begin() const { return {runs_.data(), 0}; }
  const_iterator end() const { return {runs_.data() + runs_.size(), size()}; }
  const FootprintRow &front() const { return runs_.front().row; }
  const FootprintRow &back() const { return runs_.back().row; }
  // Row k (k < size()): a search over the runs.
  const FootprintRow &operator[](size_t k) const {
    return std::upper_bound(runs_.begin(), runs_.end(), k, [](size_t i, const Run &r) { return i < r.end; })->row;
  }

  // `count` more rows equal to `row`; equal neighbouring runs merge, so two footprints of the
  // same rows have the same runs.
  void append(FootprintRow row, size_t count) {
    if (count == 0) return;
    const size_t end = size() + count;
    if (!runs_.empty() && runs_.back().row == row) runs_.back().end = end;
    else runs_.push_back({std::move(row), end});
  }
  void push_back(FootprintRow row) { append(std::move(row), 1); }
  // The first n rows (n <= size()): the run holding row n keeps the rows before it.
  void truncate(size_t n) {
    auto cut = std::upper_bound(runs_.begin(), runs_.end(), n, [](size_t i, const Run &r) { return i < r.end; });
    if (cut != runs_.end() && (cut == runs_.begin() ? 0 : std::prev(cut)->end) < n) (cut++)->end = n;
    runs_.erase(cut, runs_.end());
  }
  void assign(size_t count, FootprintRow row) {
    runs_.clear();
    append(std::move(row), count);
  }

  bool operator==(const Footprint &o) const {
    return runs_.size() == o.runs_.size() &&
           std::equal(runs_.begin(), runs_.end(), o.runs_.begin(),
                      [](const Run &a, const Run &b) { return a.end == b.end && a.row == b.row; });
  }
  bool operator!=(const Footprint &o) const { return !(*this == o); }

private:
  std::vector<Run> runs_;
};

}  // namespace tilesched
