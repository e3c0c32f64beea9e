// The SPEC §5 command line, shared by build/bin/tilesched, the wasm module and the npm bin.
#include <algorithm>
#include <charconv>
#include <limits>

#include "driver/Driver.h"
#include "driver/Emitters.h"
#include "import/HatschetImport.h"

namespace tilesched {

namespace {

const char *kUsage =
    "usage: tilesched [FILE... | -] [--emit=json|ir|table] [--generator=auto|serial|cost-based]\n"
    "                 [--model=blackwell|hopper|PATH.json] [--max-constraint-iterations=N] [--ii-cap=N]\n"
    "                 [--ii-search=linear|galloping] [--serial-threshold=N] [--work-budget=N]\n"
    "                 [--proof-budget=N] [--check] [--trace] [--triton-latency]\n"
    "       tilesched import-hatschet GRAPH.graphml RM.xml\n"
    "       tilesched --help | --version\n";

std::optional<int> parseCount(const std::string &text, int min, int max) {
  int v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < min || v > max) return std::nullopt;
  return v;
}

DriverResult usageError(const std::string &message, bool json) {
  DriverResult r;
  r.exitCode = 2;
  if (json) {
    Diagnostic d{Severity::Error, {}, message, ""};
    r.out = emitJson(DriverRun::unusableInput(), nullptr, {d}, DriverOptions{}, "");
  } else {
    r.err = "tilesched: error: " + message + "\n" + kUsage;
  }
  return r;
}

DriverResult runImport(const std::vector<std::string> &args, const FileReader &readFile) {
  DriverResult r;
  if (args.size() != 3) {
    r.exitCode = 2;
    r.err = std::string("tilesched: error: import-hatschet takes GRAPH.graphml and RM.xml\n") + kUsage;
    return r;
  }
  std::optional<std::string> graph = readFile(args[1]), model = readFile(args[2]);
  for (size_t i = 1; i <= 2; ++i)
    if (!(i == 1 ? graph : model)) {
      r.exitCode = 2;
      r.err += "tilesched: error: cannot read '" + args[i] + "'\n";
    }
  if (r.exitCode) return r;
  DiagnosticEngine graphDiags, modelDiags;
  std::optional<std::string> snippet = importHatschet(*graph, *model, args[1], args[2], graphDiags, modelDiags);
  for (const Diagnostic &d : graphDiags.sorted()) r.err += formatDiagnostic(args[1], d) + "\n";
  for (const Diagnostic &d : modelDiags.sorted()) r.err += formatDiagnostic(args[2], d) + "\n";
  if (!snippet) {
    r.exitCode = 2;
    return r;
  }
  r.out = *snippet;
  return r;
}

}  // namespace

DriverResult runCommandLine(const std::vector<std::string> &args, const FileReader &readFile) {
  if (!args.empty() && args[0] == "import-hatschet") return runImport(args, readFile);

  DriverOptions opts;
  std::vector<std::string> files;
  std::string error;
  bool json = std::find(args.begin(), args.end(), "--emit=json") != args.end();
  for (const std::string &arg : args) {
    auto value = [&](const char *prefix) -> std::optional<std::string> {
      size_t n = std::char_traits<char>::length(prefix);
      if (arg.compare(0, n, prefix) == 0) return arg.substr(n);
      return std::nullopt;
    };
    if (arg == "--help" || arg == "-h") return {0, kUsage, ""};
    if (arg == "--version") return {0, versionString() + "\n", ""};
    if (arg == "--check") opts.check = true;
    else if (arg == "--trace") opts.schedule.trace = true;
    else if (arg == "--triton-latency") opts.schedule.tritonLatency = true;
    else if (auto v = value("--emit=")) {
      if (*v == "json") opts.emit = EmitKind::Json;
      else if (*v == "ir") opts.emit = EmitKind::IR;
      else if (*v == "table") opts.emit = EmitKind::Table;
      else return usageError("--emit takes json, ir or table (got '" + *v + "')", json);
    } else if (auto v = value("--generator=")) {
      if (*v == "auto") opts.schedule.generator = ScheduleOptions::Generator::Auto;
      else if (*v == "serial") opts.schedule.generator = ScheduleOptions::Generator::Serial;
      else if (*v == "cost-based") opts.schedule.generator = ScheduleOptions::Generator::CostBased;
      else return usageError("--generator takes auto, serial or cost-based (got '" + *v + "')", json);
    } else if (auto v = value("--ii-search=")) {
      if (*v == "linear") opts.schedule.iiSearch = IISearch::Linear;
      else if (*v == "galloping") opts.schedule.iiSearch = IISearch::Galloping;
      else return usageError("--ii-search takes linear or galloping (got '" + *v + "')", json);
    } else if (auto v = value("--model=")) {
      bool isPath = v->find('/') != std::string::npos || (v->size() > 5 && v->substr(v->size() - 5) == ".json");
      if (!isPath) {
        opts.modelName = *v;
      } else {
        std::optional<std::string> text = readFile(*v);
        if (!text) return usageError("cannot read model file '" + *v + "'", json);
        opts.modelJson = *text;
        opts.modelPath = *v;
      }
    } else if (auto v = value("--max-constraint-iterations=")) {
      auto n = parseCount(*v, 1, 1000000);
      if (!n) return usageError("--max-constraint-iterations takes an integer in [1, 1000000]", json);
      opts.schedule.maxConstraintIterations = *n;
    } else if (auto v = value("--ii-cap=")) {
      auto n = parseCount(*v, 1, 1 << 30);
      if (!n) return usageError("--ii-cap takes a positive integer", json);
      opts.schedule.iiCap = *n;
    } else if (auto v = value("--work-budget=")) {
      auto n = parseCount(*v, 0, std::numeric_limits<int>::max());
      if (!n) return usageError("--work-budget takes a non-negative integer (seat probes per block; 0 = unlimited)", json);
      opts.schedule.workBudget = *n;
    } else if (auto v = value("--proof-budget=")) {
      auto n = parseCount(*v, 0, std::numeric_limits<int>::max());
      if (!n) return usageError("--proof-budget takes a non-negative integer (exact-search nodes per block; 0 = no proof)", json);
      opts.schedule.proofBudget = *n;
    } else if (auto v = value("--serial-threshold=")) {
      auto n = parseCount(*v, 0, 1 << 30);
      if (!n) return usageError("--serial-threshold takes a non-negative integer", json);
      opts.schedule.serialThreshold = *n;
    } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
      return usageError("unknown option '" + arg + "'", json);
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty()) files.push_back("-");

  DriverResult total;
  for (const std::string &file : files) {
    std::optional<std::string> source = readFile(file);
    if (!source) {
      DriverResult r = usageError("cannot read '" + file + "'", json);
      total.out += r.out;
      total.err += "tilesched: error: cannot read '" + file + "'\n";
      total.exitCode = std::max(total.exitCode, 2);
      continue;
    }
    opts.fileName = file == "-" ? "<stdin>" : file;
    DriverResult r = runDriver(*source, opts);
    total.out += r.out;
    total.err += r.err;
    total.exitCode = std::max(total.exitCode, r.exitCode);
  }
  return total;
}

}  // namespace tilesched
