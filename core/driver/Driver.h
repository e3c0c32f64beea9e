// The whole pipeline behind one call (SPEC §4-§5), shared by the native CLI, the WebAssembly
// module and the npm bin so that all three print the same bytes.
//   text -> IR -> per block: resources, dependence graph, constraints -> ScheduleAnalysis
//        -> checker -> materialized IR / JSON / table
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contract/ScheduleAnalysis.h"

namespace tilesched {

enum class EmitKind { Json, IR, Table, Triton, Perfetto };

struct DriverOptions {
  EmitKind emit = EmitKind::Table;
  ScheduleOptions schedule;
  // --model: a built-in name, used when no modelJson is given. Neither: each chunk's model follows
  // the IR's target, else the default (docs/decisions.md, "The target from the IR").
  std::optional<std::string> modelName;
  std::optional<std::string> modelJson;  // a user model (--model=PATH contents, even empty)
  std::string modelPath;                 // for diagnostics about the model file
  bool check = options::kDefaultCheck;   // --check: verify pinned nv_tile.aws.stage/order
  // --unlimited-smem: buffers are sized, but no SMEM budget refuses them
  bool unlimitedSmem = options::kDefaultUnlimitedSmem;
  std::string fileName = "<stdin>";
  bool operator==(const DriverOptions &) const = default;
};

struct DriverResult {
  int exitCode = 0;  // 0 ok, 1 some block failed / violations, 2 unusable input or options
  std::string out;   // stdout
  std::string err;   // stderr
};

DriverResult runDriver(std::string_view source, const DriverOptions &opts);

// Reads at most `maxBytes` bytes of a file by path; nullopt when it cannot be read. "-" means
// standard input. The command line asks for one byte more than each limit (support/Limits.h),
// so a larger file is named without being read whole.
using FileReader = std::function<std::optional<std::string>(const std::string &path, size_t maxBytes)>;

// The options and inputs of a command line, read with the one option table
// (core/contract/options.json); `error` names the first unusable option.
struct CommandLine {
  enum class Action { Run, Help, Version } action = Action::Run;
  DriverOptions options;
  std::vector<std::string> files;
  std::optional<std::string> error;
};
CommandLine parseCommandLine(const std::vector<std::string> &args, const FileReader &readFile);

// A command besides scheduling, given the whole argv.
using CommandRunner = DriverResult (*)(const std::vector<std::string> &args, const FileReader &readFile);

// `import-hatschet GRAPH RM [--emit=json]`: HatScheT's GraphML and resource model as an MLIR
// snippet (driver/ImportCommand.cpp). Native only: the caller that links it passes it below.
DriverResult runImportCommand(const std::vector<std::string> &args, const FileReader &readFile);

// Parses the SPEC §5 command line (argv without the program name) and runs it. Without
// `importHatschet`, import-hatschet is an error naming the native tool.
DriverResult runCommandLine(const std::vector<std::string> &args, const FileReader &readFile,
                            CommandRunner importHatschet = nullptr);

std::string versionString();

}  // namespace tilesched
