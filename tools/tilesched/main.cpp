// Native command-line tool: reads files, runs the shared command line, writes the bytes.
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <new>
#include <string>

#include "driver/Driver.h"

namespace {

// At most `maxBytes` bytes: a 2 GiB file or /dev/zero is never read whole (support/Limits.h).
std::optional<std::string> readFile(const std::string &path, size_t maxBytes) {
  std::error_code ec;
  if (path != "-" && std::filesystem::is_directory(path, ec)) return std::nullopt;  // would read as empty
  FILE *f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) return std::nullopt;
  std::string text;
  char buffer[1 << 16];
  while (text.size() < maxBytes) {
    const size_t n = std::fread(buffer, 1, std::min(sizeof buffer, maxBytes - text.size()), f);
    if (n == 0) break;
    text.append(buffer, n);
  }
  const bool failed = std::ferror(f);
  if (f != stdin) std::fclose(f);
  if (failed) return std::nullopt;
  return text;
}

// False with errno set when the bytes did not all reach the stream.
bool writeAll(FILE *stream, const std::string &bytes) {
  return std::fwrite(bytes.data(), 1, bytes.size(), stream) == bytes.size() && std::fflush(stream) == 0;
}

// "ENOSPC": the symbolic name, which the npm bin prints too (Node's error.code), so both tools
// print the same bytes.
std::string errnoName(int e) {
  const char *name = strerrorname_np(e);
  return name ? name : "errno " + std::to_string(e);
}

}  // namespace

// Exit 2 with a message when stdout or stderr cannot be written (a full disk, /dev/full); a
// reader that closed the pipe (`| head`) ends the run quietly, as with other Unix tools, but
// through EPIPE rather than SIGPIPE so that the npm bin (Node ignores SIGPIPE) behaves the same.
int main(int argc, char **argv) {
  std::signal(SIGPIPE, SIG_IGN);
  std::vector<std::string> args(argv + 1, argv + argc);
  tilesched::DriverResult r;
  try {
    r = tilesched::runCommandLine(args, readFile, tilesched::runImportCommand);
  } catch (const std::bad_alloc &) {
    r = {2, "", "tilesched: error: out of memory (the process's memory limit)\n"};
  } catch (const std::exception &e) {
    r = {2, "", std::string("tilesched: internal error: ") + e.what() + "\n"};
  }
  if (!writeAll(stdout, r.out)) {
    if (errno != EPIPE)
      writeAll(stderr, std::string("tilesched: error: cannot write the output (") + errnoName(errno) + ")\n");
    return 2;
  }
  if (!writeAll(stderr, r.err)) return 2;
  return r.exitCode;
}
