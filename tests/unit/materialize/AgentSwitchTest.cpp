// The two formulas of facts §6.4 and §7.3 that the AWS materialization applies as written.
#include <catch2/catch.hpp>

#include "materialize/AgentSwitch.h"

using namespace tilesched;

TEST_CASE("max_regs is quantised as 8 * ceil_div(max_regs + 7, 8)", "[materialize][agents]") {
  CHECK(quantiseMaxRegs(40) == 48);
  CHECK(quantiseMaxRegs(225) == 232);  // a request 7 below a multiple of 8 quantises to it
  CHECK(quantiseMaxRegs(226) == 240);
  CHECK(quantiseMaxRegs(232) == 240);
  CHECK(quantiseMaxRegs(233) == 240);
  CHECK(quantiseMaxRegs(249) == 256);
}

TEST_CASE("dual SIMT fires when stage_count exceeds 0.6 x total_work / max(iters, 1)", "[materialize][agents]") {
  // 10 / 2 = 5 cycles per iteration: 0.6 x 5 = 3.
  CHECK_FALSE(useDualSimt(3, 10, 2));
  CHECK(useDualSimt(4, 10, 2));
  // Integer division inside: 11 / 2 = 5, still 3.
  CHECK(useDualSimt(4, 11, 2));
  // No iterations: max(iters, 1).
  CHECK_FALSE(useDualSimt(3, 5, 0));
  CHECK(useDualSimt(4, 5, 0));
}
