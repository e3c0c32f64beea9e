// The serial-execution schedule of the scheduling graph: ops issue one after another in a
// program-order Kahn walk of the distance-0 edges, each after its predecessors' latencies and
// after the previous op's footprint, so no two footprints overlap and every op sits in stage 0.
// Its II — the iteration length, stretched until every carried edge holds — is the automatic
// II cap (docs/decisions.md, "II cap"): at that II (and any larger one) this schedule is valid
// and honours every constraint (one stage: same depth and max_depth hold; the serialization
// edges of force_serial_execution are graph edges). It is also the fallback when the
// refinement budget runs out ("may fall back to serial execution", facts §7.5), and the serial
// generator's schedule (seed 000).
#pragma once

#include <cstdint>
#include <vector>

#include "contract/ModuloProblem.h"

namespace tilesched {

struct SerialFallback {
  bool available = false;  // false when zero-latency distance-0 cycles defeat the walk, or
                           // one iteration lasts longer than the cycle limit (support/Limits.h)
  int ii = 1;
  int64_t length = 0;  // the iteration length in 64 bits, past the limit too
  std::vector<int> start;
  std::vector<int> issueOrder;  // the nodes in walk order; short of all of them on a cycle
};

SerialFallback buildSerialFallback(const ModuloProblem &p);

}  // namespace tilesched
