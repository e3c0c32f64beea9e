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
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "driver/Driver.h"
#include "driver/Emitters.h"

namespace {

using emscripten::val;
using Json = nlohmann::ordered_json;  // the core's instantiation: no second parser in the module

// The user's model text, when schedule() gets one inline, is served under this name.
constexpr const char *kInlineModelPath = "model.json";

// A JS copy of the bytes: a Uint8Array keeps non-UTF-8 bytes intact (a JS string would not).
val bytesToJs(const std::string &s) {
  auto view = emscripten::typed_memory_view(s.size(), reinterpret_cast<const uint8_t *>(s.data()));
  return val::global("Uint8Array").new_(view);
}

// A string or byte buffer from JS; nullopt for anything else (null, undefined, a number...).
std::optional<std::string> bytesFromJs(const val &v) {
  if (v.isString() || v.instanceof(val::global("Uint8Array")) ||
      v.instanceof(val::global("ArrayBuffer")))
    return v.as<std::string>();
  return std::nullopt;
}

// `files` is either a function path -> string|Uint8Array|null (the npm bin reads the disk with
// it) or a plain object {path: contents}; `-` is `stdinText` when given.
tilesched::FileReader jsFileReader(val files, val stdinText) {
  return [files, stdinText](const std::string &path) -> std::optional<std::string> {
    if (path == "-" && !stdinText.isUndefined() && !stdinText.isNull())
      return bytesFromJs(stdinText);
    if (files.typeOf().as<std::string>() == "function")
      return bytesFromJs(files(path));
    if (files.typeOf().as<std::string>() == "object" && !files.isNull() &&
        files.hasOwnProperty(path.c_str()))
      return bytesFromJs(files[path]);
    return std::nullopt;
  };
}

tilesched::DriverResult internalFailure(const std::string &what) {
  tilesched::DriverResult r;
  r.exitCode = 2;
  r.err = "tilesched: internal error: " + what + "\n";
  return r;
}

// Runs `body`; a C++ exception becomes `onError(message)`.
template <typename Body, typename OnError>
auto guarded(Body body, OnError onError) -> decltype(body()) {
  try {
    return body();
  } catch (const std::exception &e) {
    return onError(std::string(e.what()));
  } catch (...) {
    return onError(std::string("unknown C++ exception"));
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

std::string guardedDocument(const std::function<std::string()> &body) {
  return guarded(body, [](const std::string &what) { return errorDocument("internal error: " + what); });
}

std::vector<std::string> argsFromJs(const val &args) {
  if (!args.isArray())
    throw std::invalid_argument("runCli: args must be an array of strings");
  std::vector<std::string> out;
  const int n = args["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    if (!args[i].isString())
      throw std::invalid_argument("runCli: args must be an array of strings");
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
// then served as a file.
CommandLine commandLineFor(const std::string &optionsJson) {
  Json options = optionsJson.empty() ? Json::object() : Json::parse(optionsJson);
  if (!options.is_object())
    throw std::invalid_argument("options must be a JSON object");
  CommandLine cl;
  cl.args.push_back("-");
  bool emitGiven = false;
  for (const auto &[key, value] : options.items()) {  // sorted keys: deterministic
    const std::string flag = flagFor(key);
    emitGiven = emitGiven || key == "emit";
    if (key == "model" && (value.is_object() ||
                           (value.is_string() && value.get<std::string>().rfind('{', 0) == 0))) {
      cl.files[kInlineModelPath] = value.is_object() ? value.dump() : value.get<std::string>();
      cl.args.push_back(flag + "=" + kInlineModelPath);
    } else if (value.is_boolean()) {
      if (value.get<bool>())
        cl.args.push_back(flag);
    } else if (value.is_string()) {
      cl.args.push_back(flag + "=" + value.get<std::string>());
    } else if (!value.is_null()) {
      cl.args.push_back(flag + "=" + value.dump());
    }
  }
  if (!emitGiven)
    cl.args.push_back("--emit=json");
  return cl;
}

// runCli(args, files, stdinText) -> {exitCode, stdout: Uint8Array, stderr: Uint8Array}
val runCli(val args, val files, val stdinText) {
  return guardedCli([&] {
    return tilesched::runCommandLine(argsFromJs(args), jsFileReader(files, stdinText));
  });
}

// schedule(source, optionsJson) -> what `tilesched - --emit=json ...` prints on stdout.
std::string schedule(const std::string &source, const std::string &optionsJson) {
  std::optional<CommandLine> cl;
  try {
    cl = commandLineFor(optionsJson);
  } catch (const std::exception &e) {
    return errorDocument(std::string("invalid options: ") + e.what());
  }
  return guardedDocument([&] {
    return tilesched::runCommandLine(cl->args, [&](const std::string &path) -> std::optional<std::string> {
             if (path == "-")
               return source;
             auto it = cl->files.find(path);
             return it == cl->files.end() ? std::nullopt : std::optional<std::string>(it->second);
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
