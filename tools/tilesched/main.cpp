// Native command-line tool: reads files, runs the shared command line, writes the bytes.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "driver/Driver.h"

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto readFile = [](const std::string &path) -> std::optional<std::string> {
    std::ostringstream ss;
    if (path == "-") {
      ss << std::cin.rdbuf();
      return ss.str();
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return std::nullopt;  // would read as empty
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    ss << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return ss.str();
  };
  tilesched::DriverResult r = tilesched::runCommandLine(args, readFile);
  std::cout << r.out << std::flush;
  std::cerr << r.err << std::flush;
  return r.exitCode;
}
