// Pipe placeholders: the consumer worklist Schedule::solve runs over (seed 002, "Pipe and Mutex
// Emission": preliminary pipe placeholders, seeded after the mutex ones).
#include <set>
#include <utility>

#include "materialize/Skeletons.h"

namespace tilesched {

// A consumer needs a Pipe_ for a raw value when the value it reads crosses a stage boundary
// (stage(C) + d - stage(P) >= 1) or comes from an earlier iteration (d >= 1), or when it is an
// async handle that no op of the block produces (solve then falls back to a consumer-only
// Pipe_). Values read in the stage and iteration that produced them stay plain SSA.
std::vector<PipePlaceholder> seedPipePlaceholders(const ScheduleView &view) {
  std::vector<PipePlaceholder> out;
  std::set<std::pair<const Value *, int>> seen;
  for (int consumer : view.stageOrder()) {
    if (view.outsideLoop(consumer)) continue;
    for (const Value *u : view.uses(consumer)) {
      const Value *raw = view.origin(u);
      UseSource src = view.trace(u);
      if (view.outsideLoop(src.producer)) continue;
      bool needed = src.producer >= 0
                        ? src.distance >= 1 || view.stagesCrossed(src.producer, consumer, src.distance) >= 1
                        : isTokenType(view.typeOf(u)) || isTokenType(view.typeOf(src.value));
      if (needed && seen.insert({raw, consumer}).second) out.push_back({raw, consumer});
    }
  }
  return out;
}

}  // namespace tilesched
