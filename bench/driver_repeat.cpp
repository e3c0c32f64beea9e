// `bench_driver_repeat N ARGS...`: times tilesched::runCommandLine in-process. Files are read
// once (the first of min(N, 5) untimed runs fills the cache), then the command line runs N times
// from memory; the median and every run's time are printed as JSON. bench/wasm_vs_native.mjs
// times the same loop in the WebAssembly module, so the ratio compares the core, not process
// start-up or disk reads.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "driver/Driver.h"

int main(int argc, char **argv) {
  int repeat = argc >= 3 ? std::atoi(argv[1]) : 0;
  if (repeat < 1) {
    std::cerr << "usage: bench_driver_repeat N ARGS...   (ARGS as for tilesched)\n";
    return 2;
  }
  std::vector<std::string> args(argv + 2, argv + argc);
  std::map<std::string, std::optional<std::string>> cache;
  auto readFile = [&cache](const std::string &path, size_t maxBytes) -> std::optional<std::string> {
    auto it = cache.find(path);
    if (it == cache.end()) {
      std::ifstream in(path, std::ios::binary);
      std::ostringstream ss;
      if (in) ss << in.rdbuf();
      it = cache.emplace(path, in ? std::optional<std::string>(ss.str()) : std::nullopt).first;
    }
    if (!it->second) return std::nullopt;
    return it->second->substr(0, maxBytes);
  };

  // Untimed warm-up runs, as many as the module gets in bench/wasm_vs_native.mjs: the first fills
  // the file cache, the others the heap, so a short batch in a fresh process is not timed cold.
  const int exitCode = tilesched::runCommandLine(args, readFile).exitCode;
  for (int i = 1; i < std::min(repeat, 5); ++i) tilesched::runCommandLine(args, readFile);
  std::vector<double> micros;
  for (int i = 0; i < repeat; ++i) {
    auto start = std::chrono::steady_clock::now();
    tilesched::DriverResult r = tilesched::runCommandLine(args, readFile);
    auto stop = std::chrono::steady_clock::now();
    if (r.exitCode != exitCode) {
      std::cerr << "bench_driver_repeat: run " << i << " exited " << r.exitCode << ", the first " << exitCode << "\n";
      return 2;
    }
    micros.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
  }
  std::vector<double> sorted = micros;
  std::sort(sorted.begin(), sorted.end());
  std::printf("{\"median_us\": %.1f, \"runs\": %d, \"exit_code\": %d, \"samples_us\": [", sorted[sorted.size() / 2],
              repeat, exitCode);
  for (size_t i = 0; i < micros.size(); ++i) std::printf("%s%.1f", i ? ", " : "", micros[i]);
  std::printf("]}\n");
  return 0;
}
