// Embind surface of the WebAssembly module. Marshalling only: every entry point forwards to
// tilesched::runCommandLine (core/driver/Driver.h), the same call the native CLI makes, so the
// module prints the native tool's bytes. No scheduling logic lives here (SPEC §1).
//
// Emscripten 3.1.6 turns a C++ exception that escapes into JS into a bare number
// (playground-and-toolchain.md §0.6), so each entry point catches everything and answers with
// exit code 2 / a JSON error document instead.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "driver/Driver.h"
#include "driver/Emitters.h"
#include "support/Json.h"
#include "support/LineEnds.h"
#include "support/Limits.h"

namespace {

using emscripten::val;
using tilesched::JsonValue;

// The user's model text, when schedule() gets one inline, is served under this name.
constexpr const char *kInlineModelPath = "model.json";

// A JS copy of the bytes: a Uint8Array keeps non-UTF-8 bytes intact (a JS string would not).
val bytesToJs(const std::string &s) {
  auto view = emscripten::typed_memory_view(s.size(), reinterpret_cast<const uint8_t *>(s.data()));
  return val::global("Uint8Array").new_(view);
}

// At most `maxBytes` bytes of a string or byte buffer from JS (sliced in JS first, so a 2 GB
// buffer is never copied into the module's memory); nullopt for anything else (null, undefined,
// a number...). A string of more than `maxBytes` UTF-16 units has more than `maxBytes` UTF-8
// bytes, so slicing it keeps "too large" visible to the caller.
std::optional<std::string> bytesFromJs(const val &v, size_t maxBytes) {
  const double max = static_cast<double>(maxBytes);
  if (v.isString() || v.instanceof (val::global("Uint8Array"))) {
    const bool longer = v["length"].as<double>() > max;
    std::string bytes = (longer ? v.call<val>(v.isString() ? "slice" : "subarray", 0.0, max) : v).as<std::string>();
    if (bytes.size() > maxBytes) bytes.resize(maxBytes);
    return bytes;
  }
  if (v.instanceof (val::global("ArrayBuffer")))
    return (v["byteLength"].as<double>() > max ? v.call<val>("slice", 0.0, max) : v).as<std::string>();
  return std::nullopt;
}

// `files` is either a function (path, maxBytes) -> string|Uint8Array|null (the npm bin reads the
// disk with it, at most maxBytes bytes) or a plain object {path: contents}; `-` is `stdinText`
// when given.
tilesched::FileReader jsFileReader(val files, val stdinText) {
  return [files, stdinText](const std::string &path, size_t maxBytes) -> std::optional<std::string> {
    if (path == "-" && !stdinText.isUndefined() && !stdinText.isNull()) return bytesFromJs(stdinText, maxBytes);
    if (files.typeOf().as<std::string>() == "function")
      return bytesFromJs(files(path, static_cast<double>(maxBytes)), maxBytes);
    if (files.typeOf().as<std::string>() == "object" && !files.isNull() && files.hasOwnProperty(path.c_str()))
      return bytesFromJs(files[path], maxBytes);
    return std::nullopt;
  };
}

tilesched::DriverResult internalFailure(const std::string &message) {
  tilesched::DriverResult r;
  r.exitCode = 2;
  r.err = "tilesched: " + message + "\n";
  return r;
}

// Runs `body`; a C++ exception becomes `onError(message)`. Running out of the module's memory
// (its 1 GB maximum) is a resource limit, not a bug, and is named as such.
template <typename Body, typename OnError>
auto guarded(Body body, OnError onError) -> decltype(body()) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return onError(
        std::string("out of memory: the input needs more memory than the module may use (its memory limit)"));
  } catch (const std::exception &e) {
    return onError("internal error: " + std::string(e.what()));
  } catch (...) {
    return onError(std::string("internal error: unknown C++ exception"));
  }
}

val cliResultToJs(const tilesched::DriverResult &r) {
  val result = val::object();
  result.set("exitCode", r.exitCode);
  result.set("stdout", bytesToJs(r.out));
  result.set("stderr", bytesToJs(r.err));
  return result;
}

val guardedCli(const std::function<tilesched::DriverResult()> &body) {
  return cliResultToJs(guarded(body, internalFailure));
}

// The SPEC §5.1 document for a failure outside the driver, from the driver's own emitter (the
// shape of its usage-error documents): one whole-document error, no blocks.
std::string errorDocument(const std::string &message) {
  tilesched::Diagnostic d{tilesched::Severity::Error, {}, message, ""};
  return tilesched::emitJson(tilesched::DriverRun::unusableInput(), nullptr, {d}, tilesched::DriverOptions{}, "");
}

std::string guardedDocument(const std::function<std::string()> &body) { return guarded(body, errorDocument); }

std::vector<std::string> argsFromJs(const val &args) {
  if (!args.isArray()) throw std::invalid_argument("runCli: args must be an array of strings");
  std::vector<std::string> out;
  const int n = args["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    if (!args[i].isString()) throw std::invalid_argument("runCli: args must be an array of strings");
    out.push_back(args[i].as<std::string>());
  }
  return out;
}

// camelCase option key -> its command-line flag: iiCap -> --ii-cap.
std::string flagFor(const std::string &key) {
  std::string flag = "--";
  for (char c : key) {
    if (c >= 'A' && c <= 'Z') {
      flag += '-';
      flag += static_cast<char>(c - 'A' + 'a');
    } else {
      flag += c;
    }
  }
  return flag;
}

struct CommandLine {
  std::vector<std::string> args;
  std::map<std::string, std::string> files;
};

// Options JSON -> the native command line: {"iiCap": 4, "trace": true} -> `- --ii-cap=4
// --trace --emit=json`. Unknown keys pass through so the driver names them in its own
// diagnostic. `model` is a built-in name or a model document (object or JSON text), which is
// then served as a file. schedule() returns the JSON document and nothing else, so `emit` may
// only be "json" and the informational flags are refused.
CommandLine commandLineFor(const std::string &optionsJson) {
  const tilesched::JsonDocument doc = tilesched::readJson(optionsJson.empty() ? "{}" : optionsJson);
  if (!doc.error.empty()) {
    const tilesched::SourceLoc at = tilesched::LineIndex(optionsJson).loc(doc.errorAt);
    throw std::invalid_argument(doc.error + " (line " + std::to_string(at.line) + ", column " + std::to_string(at.col) +
                                ")");
  }
  const JsonValue &options = doc.root;
  if (!options.is(JsonValue::Kind::Object)) throw std::invalid_argument("options must be a JSON object");
  CommandLine cl;
  cl.args.push_back("-");
  for (const tilesched::JsonMember &member : options.members) {  // in text order: deterministic
    const std::string &key = member.key;
    const JsonValue &value = member.value;
    const std::string flag = flagFor(key);
    if (key == "emit" && !value.isString("json"))
      throw std::invalid_argument(
          "schedule() returns the JSON document, so 'emit' can only be \"json\" "
          "(runCli() prints the table or the IR)");
    if (key == "help" || key == "h" || key == "version")
      throw std::invalid_argument("'" + key + "' is not an option of schedule() (version() gives the version)");
    if (key == "model" &&
        (value.is(JsonValue::Kind::Object) || (value.is(JsonValue::Kind::String) && value.text.rfind('{', 0) == 0))) {
      cl.files[kInlineModelPath] = value.is(JsonValue::Kind::Object) ? value.dump() : value.text;
      cl.args.push_back(flag + "=" + kInlineModelPath);
    } else if (value.is(JsonValue::Kind::Bool)) {
      if (value.boolean) cl.args.push_back(flag);
    } else if (value.is(JsonValue::Kind::String)) {
      cl.args.push_back(flag + "=" + value.text);
    } else if (!value.is(JsonValue::Kind::Null)) {
      cl.args.push_back(flag + "=" + value.dump());
    }
  }
  cl.args.push_back("--emit=json");
  return cl;
}

// runCli(args, files, stdinText) -> {exitCode, stdout: Uint8Array, stderr: Uint8Array}
val runCli(val args, val files, val stdinText) {
  return guardedCli([&] { return tilesched::runCommandLine(argsFromJs(args), jsFileReader(files, stdinText)); });
}

// schedule(source, optionsJson) -> what `tilesched - --emit=json ...` prints on stdout. Both
// arguments stay JS values until their size is known: the source is read like a file (at most
// one byte past the input limit), the options up to the model limit plus room for the flags.
std::string schedule(val sourceJs, val optionsJs) {
  std::optional<CommandLine> cl;
  try {
    std::optional<std::string> options = bytesFromJs(optionsJs, tilesched::kMaxModelBytes + 65536);
    if (!options) throw std::invalid_argument("optionsJson must be a string");
    if (options->size() > tilesched::kMaxModelBytes + 65535)
      throw std::invalid_argument("the options JSON is larger than the model size limit");
    cl = commandLineFor(*options);
  } catch (const std::exception &e) {
    return errorDocument(std::string("invalid options: ") + e.what());
  }
  return guardedDocument([&] {
    return tilesched::runCommandLine(cl->args,
                                     [&](const std::string &path, size_t maxBytes) -> std::optional<std::string> {
                                       if (path == "-") return bytesFromJs(sourceJs, maxBytes);
                                       auto it = cl->files.find(path);
                                       if (it == cl->files.end()) return std::nullopt;
                                       return it->second.substr(0, maxBytes);
                                     })
        .out;
  });
}

std::string version() {
  return guarded([] { return tilesched::versionString(); }, [](const std::string &) { return std::string(); });
}

// Test hooks: throw inside the same wrappers the real entry points use, so tests/wasm can show
// that a C++ exception reaches JS as an error document / exit code 2.
std::string throwInScheduleForTest(const std::string &what) {
  return guardedDocument([&]() -> std::string { throw std::runtime_error(what); });
}

val throwInCliForTest(const std::string &what) {
  return guardedCli([&]() -> tilesched::DriverResult { throw std::runtime_error(what); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(tilesched) {
  emscripten::function("runCli", &runCli);
  emscripten::function("schedule", &schedule);
  emscripten::function("version", &version);
  emscripten::function("__throwInScheduleForTest", &throwInScheduleForTest);
  emscripten::function("__throwInCliForTest", &throwInCliForTest);
}
