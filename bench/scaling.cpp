// Scaling of the cost-based generator: per-block wall time on random loops of 50 to 5,000 ops
// and the growth exponent of a least-squares fit of log(time) against log(ops).
// The loops have local dependences (each op reaches the next 16), carried edges of distance
// 1-2, and a machine of three pools that widen with the loop (capacity ops/25), so the resource
// bound stays in the same range and the exponent measures the scheduler, not a growing II.
//   bench_scaling [--repeat N] [--sizes 50,500,5000]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../tests/support/RandomModuloLoop.h"  // the property tests' loop generator
#include "generate/GenerateSchedule.h"

using namespace tilesched;

namespace {

test::RandomLoop benchLoop(int ops, uint64_t seed) {
  test::RandomLoopSpec spec;
  spec.ops = ops;
  spec.slots = 0;
  const int width = std::max(2, ops / 25);
  spec.poolCaps = {width, width, 2 * width};
  spec.maxFootprintRows = 3;
  spec.maxLatency = 6;
  spec.forwardEdge = 0.12;
  spec.carriedEdge = 0.01;
  spec.window = 16;
  return test::makeRandomLoop(spec, seed);
}

}  // namespace

int main(int argc, char **argv) {
  int repeat = 3;
  std::vector<int> sizes{50, 500, 5000};
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) {
      repeat = std::max(1, std::atoi(argv[++i]));
    } else if (!std::strcmp(argv[i], "--sizes") && i + 1 < argc) {
      sizes.clear();
      for (char *tok = std::strtok(argv[++i], ","); tok; tok = std::strtok(nullptr, ","))
        sizes.push_back(std::atoi(tok));
    } else {
      std::fprintf(stderr, "usage: bench_scaling [--repeat N] [--sizes 50,500,5000]\n");
      return 2;
    }
  }

  std::printf("%8s %8s %6s %6s %12s %12s\n", "ops", "edges", "MII", "II", "median ms", "min ms");
  std::vector<double> logN, logT;
  for (int n : sizes) {
    const test::RandomLoop loop = benchLoop(n, static_cast<uint64_t>(n));
    std::vector<double> ms;
    ScheduleAnalysis a;
    for (int r = 0; r < repeat; ++r) {
      DiagnosticEngine diags;
      const auto t0 = std::chrono::steady_clock::now();
      a = generateCostBasedSchedule(loop.input(), ScheduleOptions{}, diags);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    const double median = ms[ms.size() / 2];
    std::printf("%8d %8zu %6d %6d %12.2f %12.2f%s\n", n, loop.graph.edges.size(), a.mii ? a.mii->lower() : 0, a.ii,
                median, ms.front(), a.valid ? "" : "  (not scheduled)");
    logN.push_back(std::log(static_cast<double>(n)));
    logT.push_back(std::log(std::max(median, 1e-3)));
  }
  if (logN.size() >= 2) {
    double mx = 0, my = 0;
    for (size_t i = 0; i < logN.size(); ++i) {
      mx += logN[i];
      my += logT[i];
    }
    mx /= static_cast<double>(logN.size());
    my /= static_cast<double>(logN.size());
    double sxy = 0, sxx = 0;
    for (size_t i = 0; i < logN.size(); ++i) {
      sxy += (logN[i] - mx) * (logT[i] - my);
      sxx += (logN[i] - mx) * (logN[i] - mx);
    }
    std::printf("fitted growth: time ~ ops^%.2f\n", sxx > 0 ? sxy / sxx : 0.0);
  }
  return 0;
}
