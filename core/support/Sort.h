// Sorting through one instantiation of the standard library's sort machinery. std::stable_sort
// and std::sort instantiate ~3.5 KB of code per comparator type, and every lambda is its own
// type: two dozen of them were a tenth of the WebAssembly module's code. Here every
// sort is a stable sort of int indices under an opaque comparator, compiled once in Sort.cpp;
// vectors of other types sort their positions, then move the elements into that order.
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace tilesched {

// A non-owning reference to a callable (C++26's std::function_ref): two words, no allocation,
// one indirect call. The callable must outlive the reference, as a lambda argument does.
template <typename Signature>
class FunctionRef;

template <typename R, typename... Args>
class FunctionRef<R(Args...)> {
public:
  template <typename F, typename = std::enable_if_t<!std::is_same_v<std::decay_t<F>, FunctionRef>>>
  FunctionRef(F &&f)
      : callable_(const_cast<void *>(static_cast<const void *>(std::addressof(f)))),
        call_([](void *callable, Args... args) -> R {
          return (*static_cast<std::remove_reference_t<F> *>(callable))(std::forward<Args>(args)...);
        }) {}

  R operator()(Args... args) const { return call_(callable_, std::forward<Args>(args)...); }

private:
  void *callable_;
  R (*call_)(void *, Args...);
};

using IndexLess = FunctionRef<bool(int, int)>;

// std::stable_sort(indices, less): equal indices keep their relative order.
void stableSortIndices(std::vector<int> &indices, IndexLess less);

// 0, 1, ..., n - 1 stably sorted under `less`.
std::vector<int> stableOrder(size_t n, IndexLess less);

// std::stable_sort(items, less) for any element type.
template <typename T, typename Less>
void stableSortBy(std::vector<T> &items, Less less) {
  const std::vector<int> order = stableOrder(items.size(), [&](int a, int b) { return less(items[a], items[b]); });
  std::vector<T> sorted;
  sorted.reserve(items.size());
  for (int i : order) sorted.push_back(std::move(items[i]));
  items = std::move(sorted);
}

}  // namespace tilesched
