// The SPEC §5 command line, shared by build/bin/tilesched, the wasm module and the npm bin. The
// options, their usage and --help come from the one option table (core/contract/options.json).
#include <algorithm>
#include <charconv>
#include <limits>

#include "contract/Options.generated.h"
#include "driver/CommandLineText.h"
#include "driver/Driver.h"
#include "driver/Emitters.h"
#include "driver/JsonWriter.h"
#include "support/Limits.h"

namespace tilesched {

namespace {

#include "driver/OptionFields.generated.inc"

using options::kOptionSpecs;
using options::OptionKind;
using options::OptionSpec;

// "[--emit=json|ir|table|triton|perfetto]", "[--check]".
std::string synopsisOf(const OptionSpec &o) {
  return std::string("[") + o.flag + (o.kind == OptionKind::Flag ? "" : std::string("=") + o.valueText) + "]";
}

// The usage lines, the options wrapped under the first one.
std::string usageText() {
  const std::string lead = "usage: tilesched ", indent(lead.size(), ' ');
  std::string out = lead + "[FILE... | -]", line = out;
  for (const OptionSpec &o : kOptionSpecs) {
    const std::string item = synopsisOf(o);
    if (line.size() + 1 + item.size() > 100) {
      out += "\n" + indent;
      line = indent;
    } else {
      out += " ";
      line += " ";
    }
    out += item;
    line += item;
  }
  return out +
         "\n       tilesched import-hatschet GRAPH.graphml RM.xml [--emit=json]\n       tilesched --help | --version "
         "[--emit=json]\n";
}

// --help: the usage and one line per option with its default.
std::string helpText() {
  std::string out = usageText() + "\noptions:\n";
  for (const OptionSpec &o : kOptionSpecs) {
    std::string head = "  " + std::string(o.flag) + (o.kind == OptionKind::Flag ? "" : std::string("=") + o.valueText);
    head.resize(std::max<size_t>(head.size() + 2, 40), ' ');
    out += head + o.help;
    if (o.kind == OptionKind::Int) out += " [" + std::to_string(o.min) + ", " + std::to_string(o.max) + "]";
    if (o.kind != OptionKind::Flag) out += std::string(" (default ") + o.defaultText + ")";
    out += "\n";
  }
  return out;
}

std::optional<int64_t> parseInteger(const std::string &text, int64_t min, int64_t max) {
  int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < min || v > max) return std::nullopt;
  return v;
}

// "auto|serial|cost-based" -> "auto, serial or cost-based".
std::string choiceWords(const std::string &choices) {
  std::vector<std::string> words;
  for (size_t begin = 0, bar; begin <= choices.size(); begin = bar + 1) {
    bar = std::min(choices.find('|', begin), choices.size());
    words.push_back(choices.substr(begin, bar - begin));
  }
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return out;
}

bool isChoice(const std::string &choices, const std::string &value) {
  return value.find('|') == std::string::npos && ("|" + choices + "|").find("|" + value + "|") != std::string::npos;
}

// The option `arg` spells (`--check`, or `--ii-cap=4` with `value` = "4"); null when none does.
const OptionSpec *optionOf(const std::string &arg, std::string &value, bool &hasValue) {
  for (const OptionSpec &o : kOptionSpecs) {
    const size_t n = std::char_traits<char>::length(o.flag);
    if (arg.compare(0, n, o.flag) != 0 || (arg.size() > n && arg[n] != '=')) continue;
    hasValue = arg.size() > n;
    value = hasValue ? arg.substr(n + 1) : "";
    return &o;
  }
  return nullptr;
}

// {"version": 1, "tool": ..., [key: text]}: --version and --help in the document's first keys.
std::string infoDocument(const char *key, const std::string &text) {
  JsonWriter w;
  w.beginObject().member("version", 1).member("tool", versionString());
  if (key) w.member(key, text);
  return w.endObject().take() + "\n";
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
  Diagnostic d{Severity::Error, source ? SourceRange::at({1, 1}) : SourceRange{}, problem, "", {}};
  if (opts.emit == EmitKind::Json) r.out = emitJson(DriverRun::unusableInput(), {d}, opts, "");
  else r.err = source ? formatDiagnostic(opts.fileName, d) + "\n" : "tilesched: error: " + terminalSafe(problem) + "\n";
  return r;
}

}  // namespace

DriverResult commandError(const std::string &message, bool json) {
  DriverResult r;
  r.exitCode = 2;
  if (json) {
    Diagnostic d{Severity::Error, {}, message, "", {}};
    r.out = emitJson(DriverRun::unusableInput(), {d}, DriverOptions{}, "");
  } else {
    r.err = "tilesched: error: " + terminalSafe(message) + "\n" + usageText();
  }
  return r;
}

std::string tooLarge(size_t limit, const char *what) {
  return "is larger than " + std::to_string(limit >> 20) + " MiB (" + std::to_string(limit) + " bytes, the " + what +
         " size limit); only the first " + std::to_string(limit + 1) + " bytes were read";
}

bool jsonRequested(const std::vector<std::string> &args) {
  bool json = false;
  for (const std::string &arg : args)
    if (arg.rfind("--emit=", 0) == 0) json = arg == "--emit=json";
  return json;
}

CommandLine parseCommandLine(const std::vector<std::string> &args, const FileReader &readFile) {
  CommandLine c;
  DriverOptions &opts = c.options;
  auto fail = [&](std::string message) {
    c.error = std::move(message);
    return c;
  };
  for (const std::string &arg : args) {
    if (arg == "--help" || arg == "-h") return c.action = CommandLine::Action::Help, c;
    if (arg == "--version") return c.action = CommandLine::Action::Version, c;
    std::string value;
    bool hasValue = false;
    const OptionSpec *o = optionOf(arg, value, hasValue);
    if (!o) {
      if (arg.size() > 1 && arg[0] == '-' && arg != "-") return fail("unknown option '" + arg + "'");
      c.files.push_back(arg);
      continue;
    }
    const size_t index = static_cast<size_t>(o - kOptionSpecs);
    switch (o->kind) {
    case OptionKind::Flag:
      if (hasValue) return fail(std::string(o->flag) + " takes no value (got '" + value + "')");
      assignOption(opts, index, "", 1);
      break;
    case OptionKind::Int: {
      std::optional<int64_t> n = parseInteger(value, o->min, o->max);
      if (!n)
        return fail(std::string(o->flag) + " takes an integer in [" + std::to_string(o->min) + ", " +
                    std::to_string(o->max) + "] (got '" + value + "')");
      assignOption(opts, index, value, *n);
      break;
    }
    case OptionKind::Choice:
      if (!isChoice(o->choices, value))
        return fail(std::string(o->flag) + " takes " + choiceWords(o->choices) + " (got '" + value + "')");
      assignOption(opts, index, value, 0);
      break;
    case OptionKind::Model: {
      // A built-in name, or a model file: a value with '/' or ending in .json.
      bool isPath =
          value.find('/') != std::string::npos || (value.size() > 5 && value.substr(value.size() - 5) == ".json");
      if (!isPath) {
        opts.modelName = value;
      } else {
        // Read to one byte past the limit: the model reader names a larger file (never read whole).
        std::optional<std::string> text = readFile(value, kMaxModelBytes + 1);
        if (!text) return fail("cannot read model file '" + value + "'");
        opts.modelJson = *text;
        opts.modelPath = value;
      }
      break;
    }
    }
  }
  return c;
}

DriverResult runCommandLine(const std::vector<std::string> &args, const FileReader &readFile,
                            CommandRunner importHatschet) {
  if (!args.empty() && args[0] == "import-hatschet") {
    if (importHatschet) return importHatschet(args, readFile);
    return commandError(
        "import-hatschet is a command of the native tool (build/bin/tilesched import-hatschet); "
        "this build leaves the HatScheT importer out",
        jsonRequested(args));
  }

  const bool json = jsonRequested(args);
  CommandLine c = parseCommandLine(args, readFile);
  if (c.action == CommandLine::Action::Help) return {0, json ? infoDocument("usage", helpText()) : helpText(), ""};
  if (c.action == CommandLine::Action::Version)
    return {0, json ? infoDocument(nullptr, "") : versionString() + "\n", ""};
  if (c.error) return commandError(*c.error, json);
  const DriverOptions &opts = c.options;
  std::vector<std::string> &files = c.files;
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
      total.out += r.out;
      total.out += i + 1 < files.size() ? ",\n" : "\n]\n";
    } else if (total.out.empty()) {
      total.out = std::move(r.out);  // one input: no copy of a document that may be megabytes
    } else {
      total.out += r.out;
    }
    if (total.err.empty()) total.err = std::move(r.err);
    else total.err += r.err;
    total.exitCode = std::max(total.exitCode, r.exitCode);
  }
  return total;
}

}  // namespace tilesched
