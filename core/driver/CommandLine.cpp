// The SPEC §5 command line, shared by build/bin/tilesched, the wasm module and the npm bin.
#include <algorithm>
#include <charconv>
#include <limits>

#include "driver/Driver.h"
#include "driver/Emitters.h"
#include "driver/JsonWriter.h"
#include "import/HatschetImport.h"
#include "support/Limits.h"

namespace tilesched {

namespace {

const char *kUsage =
    "usage: tilesched [FILE... | -] [--emit=json|ir|table] [--generator=auto|serial|cost-based]\n"
    "                 [--model=blackwell|hopper|PATH.json] [--max-constraint-iterations=N] [--ii-cap=N]\n"
    "                 [--ii-search=linear|galloping] [--serial-threshold=N] [--work-budget=N]\n"
    "                 [--proof-budget=N] [--check] [--trace] [--triton-latency]\n"
    "       tilesched import-hatschet GRAPH.graphml RM.xml [--emit=json]\n"
    "       tilesched --help | --version [--emit=json]\n";

std::optional<int> parseCount(const std::string &text, int min, int max) {
  int v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < min || v > max) return std::nullopt;
  return v;
}

// One error document (--emit=json), or a `tilesched: error:` line and the usage text.
DriverResult commandError(const std::string &message, bool json) {
  DriverResult r;
  r.exitCode = 2;
  if (json) {
    Diagnostic d{Severity::Error, {}, message, ""};
    r.out = emitJson(DriverRun::unusableInput(), nullptr, {d}, DriverOptions{}, "");
  } else {
    r.err = "tilesched: error: " + terminalSafe(message) + "\n" + kUsage;
  }
  return r;
}

// "is larger than 8 MiB (8388608 bytes, the input size limit)".
std::string tooLarge(size_t limit, const char *what) {
  return "is larger than " + std::to_string(limit >> 20) + " MiB (" + std::to_string(limit) + " bytes, the " +
         what + " size limit); only the first " + std::to_string(limit + 1) + " bytes were read";
}

// The last --emit= wins, as when the options are parsed; decided first so that an error in any
// option is reported in the format asked for.
bool jsonRequested(const std::vector<std::string> &args) {
  bool json = false;
  for (const std::string &arg : args)
    if (arg.rfind("--emit=", 0) == 0) json = arg == "--emit=json";
  return json;
}

// {"version": 1, "tool": ..., [key: text]}: --version and --help in the document's first keys.
std::string infoDocument(const char *key, const std::string &text) {
  JsonWriter w;
  w.beginObject().member("version", 1).member("tool", versionString());
  if (key) w.member(key, text);
  return w.endObject().take() + "\n";
}

// import-hatschet GRAPH RM [--emit=json]: the snippet on stdout (or as the document's `ir`),
// diagnostics located in the file they are about.
DriverResult runImport(const std::vector<std::string> &args, const FileReader &readFile) {
  const bool json = jsonRequested(args);
  std::vector<std::string> files;
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--emit=json" || args[i] == "--emit=ir") continue;
    if (args[i].rfind("--emit=", 0) == 0)
      return commandError("import-hatschet prints MLIR text (--emit=ir, the default) or a JSON document "
                          "(--emit=json), not '" + args[i].substr(7) + "'", json);
    if (args[i].size() > 1 && args[i][0] == '-') return commandError("import-hatschet takes no option '" + args[i] + "'", json);
    files.push_back(args[i]);
  }
  if (files.size() != 2) return commandError("import-hatschet takes GRAPH.graphml and RM.xml", json);

  DiagnosticEngine graphDiags, modelDiags;
  graphDiags.setFile(files[0]);
  modelDiags.setFile(files[1]);
  std::optional<std::string> text[2];
  for (int i = 0; i < 2; ++i) {
    DiagnosticEngine &diags = i == 0 ? graphDiags : modelDiags;
    text[i] = readFile(files[i], kMaxInputBytes + 1);
    if (!text[i]) diags.error({}, "cannot read '" + files[i] + "'");
    else if (text[i]->size() > kMaxInputBytes) diags.error(SourceRange::at({1, 1}), "the file " + tooLarge(kMaxInputBytes, "input"));
  }
  std::optional<std::string> snippet;
  if (!graphDiags.hasErrors() && !modelDiags.hasErrors())
    snippet = importHatschet(*text[0], *text[1], files[0], files[1], graphDiags, modelDiags);

  std::vector<Diagnostic> diags = graphDiags.sorted();
  for (const Diagnostic &d : modelDiags.sorted()) diags.push_back(d);
  DriverResult r;
  r.exitCode = snippet ? 0 : 2;
  if (json) {
    r.out = emitJson(snippet ? DriverRun{} : DriverRun::unusableInput(), nullptr, diags, DriverOptions{},
                     snippet.value_or(""));
    return r;
  }
  for (const Diagnostic &d : diags) r.err += formatDiagnostic("", d) + "\n";
  r.out = snippet.value_or("");
  return r;
}

// One input through the pipeline; a file that cannot be read, or is too large, is a diagnostic
// in the requested format.
DriverResult runInput(const std::string &file, const FileReader &readFile, DriverOptions opts) {
  opts.fileName = file == "-" ? "<stdin>" : file;
  std::optional<std::string> source = readFile(file, kMaxInputBytes + 1);
  std::string problem;
  if (!source) problem = "cannot read '" + file + "'";
  else if (source->size() > kMaxInputBytes) problem = "the input " + tooLarge(kMaxInputBytes, "input");
  if (problem.empty()) return runDriver(*source, opts);
  DriverResult r;
  r.exitCode = 2;
  Diagnostic d{Severity::Error, source ? SourceRange::at({1, 1}) : SourceRange{}, problem, ""};
  if (opts.emit == EmitKind::Json) r.out = emitJson(DriverRun::unusableInput(), nullptr, {d}, opts, "");
  else r.err = source ? formatDiagnostic(opts.fileName, d) + "\n" : "tilesched: error: " + terminalSafe(problem) + "\n";
  return r;
}

}  // namespace

DriverResult runCommandLine(const std::vector<std::string> &args, const FileReader &readFile) {
  if (!args.empty() && args[0] == "import-hatschet") return runImport(args, readFile);

  DriverOptions opts;
  std::vector<std::string> files;
  const bool json = jsonRequested(args);
  for (const std::string &arg : args) {
    auto value = [&](const char *prefix) -> std::optional<std::string> {
      size_t n = std::char_traits<char>::length(prefix);
      if (arg.compare(0, n, prefix) == 0) return arg.substr(n);
      return std::nullopt;
    };
    if (arg == "--help" || arg == "-h") return {0, json ? infoDocument("usage", kUsage) : kUsage, ""};
    if (arg == "--version") return {0, json ? infoDocument(nullptr, "") : versionString() + "\n", ""};
    if (arg == "--check") opts.check = true;
    else if (arg == "--trace") opts.schedule.trace = true;
    else if (arg == "--triton-latency") opts.schedule.tritonLatency = true;
    else if (auto v = value("--emit=")) {
      if (*v == "json") opts.emit = EmitKind::Json;
      else if (*v == "ir") opts.emit = EmitKind::IR;
      else if (*v == "table") opts.emit = EmitKind::Table;
      else return commandError("--emit takes json, ir or table (got '" + *v + "')", json);
    } else if (auto v = value("--generator=")) {
      if (*v == "auto") opts.schedule.generator = ScheduleOptions::Generator::Auto;
      else if (*v == "serial") opts.schedule.generator = ScheduleOptions::Generator::Serial;
      else if (*v == "cost-based") opts.schedule.generator = ScheduleOptions::Generator::CostBased;
      else return commandError("--generator takes auto, serial or cost-based (got '" + *v + "')", json);
    } else if (auto v = value("--ii-search=")) {
      if (*v == "linear") opts.schedule.iiSearch = IISearch::Linear;
      else if (*v == "galloping") opts.schedule.iiSearch = IISearch::Galloping;
      else return commandError("--ii-search takes linear or galloping (got '" + *v + "')", json);
    } else if (auto v = value("--model=")) {
      bool isPath = v->find('/') != std::string::npos || (v->size() > 5 && v->substr(v->size() - 5) == ".json");
      if (!isPath) {
        opts.modelName = *v;
      } else {
        // Read to one byte past the limit: the model reader names a larger file (never read whole).
        std::optional<std::string> text = readFile(*v, kMaxModelBytes + 1);
        if (!text) return commandError("cannot read model file '" + *v + "'", json);
        opts.modelJson = *text;
        opts.modelPath = *v;
      }
    } else if (auto v = value("--max-constraint-iterations=")) {
      auto n = parseCount(*v, 1, 1000000);
      if (!n) return commandError("--max-constraint-iterations takes an integer in [1, 1000000]", json);
      opts.schedule.maxConstraintIterations = *n;
    } else if (auto v = value("--ii-cap=")) {
      // 0 is the default: the automatic cap (the serial-execution II), docs/decisions.md.
      auto n = parseCount(*v, 0, static_cast<int>(kMaxCycle));
      if (!n)
        return commandError("--ii-cap takes an integer in [0, " + std::to_string(kMaxCycle) + "] (0: automatic)", json);
      opts.schedule.iiCap = *n;
    } else if (auto v = value("--work-budget=")) {
      auto n = parseCount(*v, 0, std::numeric_limits<int>::max());
      if (!n) return commandError("--work-budget takes a non-negative integer (seat probes per block; 0 = unlimited)", json);
      opts.schedule.workBudget = *n;
    } else if (auto v = value("--proof-budget=")) {
      auto n = parseCount(*v, 0, std::numeric_limits<int>::max());
      if (!n) return commandError("--proof-budget takes a non-negative integer (exact-search nodes per block; 0 = no proof)", json);
      opts.schedule.proofBudget = *n;
    } else if (auto v = value("--serial-threshold=")) {
      auto n = parseCount(*v, 0, 1 << 30);
      if (!n) return commandError("--serial-threshold takes a non-negative integer", json);
      opts.schedule.serialThreshold = *n;
    } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
      return commandError("unknown option '" + arg + "'", json);
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty()) files.push_back("-");

  // Several inputs with --emit=json print one JSON array of their documents, in command-line
  // order (docs/json-document.md); the exit status is the largest of theirs.
  DriverResult total;
  const bool array = opts.emit == EmitKind::Json && files.size() > 1;
  if (array) total.out = "[\n";
  for (size_t i = 0; i < files.size(); ++i) {
    DriverResult r = runInput(files[i], readFile, opts);
    if (array) {
      if (!r.out.empty() && r.out.back() == '\n') r.out.pop_back();
      total.out += r.out + (i + 1 < files.size() ? ",\n" : "\n]\n");
    } else {
      total.out += r.out;
    }
    total.err += r.err;
    total.exitCode = std::max(total.exitCode, r.exitCode);
  }
  return total;
}

}  // namespace tilesched
