// Embind surface of the WebAssembly module. Marshalling only: every entry point forwards to
// tilesched::runCommandLine (core/driver/Driver.h), the same call the native CLI makes, so the
// module prints the native tool's bytes. No scheduling logic lives here (SPEC §1).
//
// Emscripten 3.1.6 turns a C++ exception that escapes into JS into a bare number (a pointer,
// with no helper to read its message), so each entry point catches everything and answers with
// exit code 2 / a JSON error document instead.
#include <emscripten/bind.h>
#include <emscripten/em_js.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "allocator.h"
#include "driver/Driver.h"
#include "driver/Emitters.h"
#include "support/Json.h"
#include "support/LineEnds.h"
#include "support/Limits.h"

using emscripten::EM_VAL;

// The JS half of the marshalling. Each embind `val` operation is one call into JS (a global
// lookup, a typeof string, a property read, a byte-by-byte string copy), ~0.5-1 us each, which
// made up ~20 % of a small example's run (docs/decisions.md, "Bindings: one JS call per conversion");
// each function below does a whole conversion in one call and copies bytes with HEAPU8.set/slice.
// clang-format reads their JS as C++ and would split `!==` into `!= =`: they compare with `!=`.

// A malloc'd copy of at most `maxBytes` bytes of a string (as UTF-8), Uint8Array or ArrayBuffer,
// sliced in JS first so a 2 GB buffer is never copied into the module's memory; its length in
// *length. Any other value (null, undefined, a number...): 0 and *length = -1; malloc failing:
// 0 and *length = -2. A string of more than `maxBytes` UTF-16 units has more than `maxBytes`
// UTF-8 bytes, so slicing it keeps "too large" visible to the caller.
EM_JS(char *, tsBytesFromJs, (EM_VAL handle, double maxBytes, int *length), {
  var v = Emval.toValue(handle);
  var isString = typeof v == 'string';
  var bytes = null;
  if (isString) v = v.length > maxBytes ? v.slice(0, maxBytes) : v;
  else if (v instanceof Uint8Array) bytes = v.length > maxBytes ? v.subarray(0, maxBytes) : v;
  else if (v instanceof ArrayBuffer) bytes = new Uint8Array(v, 0, Math.min(v.byteLength, maxBytes));
  else {
    HEAP32[length >> 2] = -1;
    return 0;
  }
  var n = isString ? lengthBytesUTF8(v) : bytes.length;
  var ptr = _malloc(n + 1);
  if (!ptr) {
    HEAP32[length >> 2] = -2;
    return 0;
  }
  if (isString) stringToUTF8(v, ptr, n + 1);
  else HEAPU8.set(bytes, ptr);
  HEAP32[length >> 2] = Math.min(n, maxBytes);
  return ptr;
});

// The value `files` serves for `path`: `stdinText` for `-` when given; else files(path,
// maxBytes) when `files` is a function, files[path] when it is an object holding `path`;
// undefined otherwise.
EM_JS(EM_VAL, tsLookupFile, (EM_VAL filesHandle, EM_VAL stdinHandle, const char *path, double maxBytes), {
  var name = UTF8ToString(path);
  var files = Emval.toValue(filesHandle);
  var stdinText = Emval.toValue(stdinHandle);
  var v;
  if (name == '-' && stdinText != null) v = stdinText;
  else if (typeof files == 'function') v = files(name, maxBytes);
  else if (typeof files == 'object' && files != null && Object.prototype.hasOwnProperty.call(files, name))
    v = files[name];
  return Emval.toHandle(v);
});

// The arguments packed as (4-byte length, UTF-8 bytes, padding to 4 bytes)*, malloc'd, their
// byte count in *length; 0 and *length = -1 when `args` is not an array of strings, -2 when
// malloc fails.
EM_JS(char *, tsArgsFromJs, (EM_VAL handle, int *length), {
  var args = Emval.toValue(handle);
  if (!Array.isArray(args)) {
    HEAP32[length >> 2] = -1;
    return 0;
  }
  var total = 1;
  for (var i = 0; i < args.length; ++i) {
    if (typeof args[i] != 'string') {
      HEAP32[length >> 2] = -1;
      return 0;
    }
    total += (4 + lengthBytesUTF8(args[i]) + 3) & ~3;
  }
  var ptr = _malloc(total);
  if (!ptr) {
    HEAP32[length >> 2] = -2;
    return 0;
  }
  var at = ptr;
  for (var i = 0; i < args.length; ++i) {
    var n = lengthBytesUTF8(args[i]);
    HEAP32[at >> 2] = n;
    stringToUTF8(args[i], at + 4, n + 1);
    at += (4 + n + 3) & ~3;
  }
  HEAP32[length >> 2] = total - 1;
  return ptr;
});

// {exitCode, stdout, stderr}, the streams as Uint8Arrays: non-UTF-8 bytes stay intact.
EM_JS(EM_VAL, tsCliResult, (int exitCode, const char *out, size_t outLength, const char *err, size_t errLength), {
  return Emval.toHandle(
      {exitCode : exitCode, stdout : HEAPU8.slice(out, out + outLength), stderr : HEAPU8.slice(err, err + errLength)});
});

// A JS string of UTF-8 bytes, decoded in one call (embind's std::string return value scans every
// byte in JS first, for NULs a JSON document never holds).
EM_JS(EM_VAL, tsStringToJs, (const char *data, size_t length), {
  var bytes = HEAPU8.subarray(data, data + length);
  return Emval.toHandle(UTF8Decoder ? UTF8Decoder.decode(bytes) : UTF8ArrayToString(bytes, 0, length));
});

namespace {

using emscripten::val;
using tilesched::JsonValue;

// The user's model text, when schedule() gets one inline, is served under this name.
constexpr const char *kInlineModelPath = "model.json";

// Takes ownership of what a ts*FromJs function returned: nullopt for "not bytes", bad_alloc for a
// failed malloc (named as the module's memory limit by guarded()).
std::optional<std::string> takeBytes(char *data, int length) {
  const std::unique_ptr<char, void (*)(void *)> owned(data, &std::free);
  if (length == -1) return std::nullopt;
  if (!owned) throw std::bad_alloc();
  return std::string(owned.get(), static_cast<size_t>(length));
}

std::optional<std::string> bytesFromJs(const val &v, size_t maxBytes) {
  int length = 0;
  char *data = tsBytesFromJs(v.as_handle(), static_cast<double>(maxBytes), &length);
  return takeBytes(data, length);
}

// `files` is either a function (path, maxBytes) -> string|Uint8Array|null (the npm bin reads the
// disk with it, at most maxBytes bytes) or a plain object {path: contents}; `-` is `stdinText`
// when given.
tilesched::FileReader jsFileReader(val files, val stdinText) {
  return [files, stdinText](const std::string &path, size_t maxBytes) -> std::optional<std::string> {
    const val served = val::take_ownership(
        tsLookupFile(files.as_handle(), stdinText.as_handle(), path.c_str(), static_cast<double>(maxBytes)));
    return bytesFromJs(served, maxBytes);
  };
}

tilesched::DriverResult internalFailure(const std::string &message) {
  tilesched::DriverResult r;
  r.exitCode = 2;
  r.err = "tilesched: " + message + "\n";
  return r;
}

// Between calls the module keeps at most this much in freed small blocks (allocator.cpp).
constexpr size_t kKeptBytesBetweenCalls = 1 << 20;

// Runs `body`; a C++ exception becomes `onError(message)`. Running out of the module's memory
// (its 1 GB maximum) is a resource limit, not a bug, and is named as such. Every call into the
// module ends here, so this is also where the kept blocks are trimmed.
template <typename Body, typename OnError>
auto guarded(Body body, OnError onError) -> decltype(body()) {
  struct Trim {
    ~Trim() { tilesched::wasm::trimKeptBlocks(kKeptBytesBetweenCalls); }
  } trim;
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
  return val::take_ownership(tsCliResult(r.exitCode, r.out.data(), r.out.size(), r.err.data(), r.err.size()));
}

val guardedCli(const std::function<tilesched::DriverResult()> &body) {
  return cliResultToJs(guarded(body, internalFailure));
}

// The SPEC §5.1 document for a failure outside the driver, from the driver's own emitter (the
// shape of its usage-error documents): one whole-document error, no blocks.
std::string errorDocument(const std::string &message) {
  tilesched::Diagnostic d{tilesched::Severity::Error, {}, message, "", {}};
  return tilesched::emitJson(tilesched::DriverRun::unusableInput(), {d}, tilesched::DriverOptions{}, "");
}

std::string guardedDocument(const std::function<std::string()> &body) { return guarded(body, errorDocument); }

std::vector<std::string> argsFromJs(const val &args) {
  int length = 0;
  char *packed = tsArgsFromJs(args.as_handle(), &length);
  const std::optional<std::string> bytes = takeBytes(packed, length);
  if (!bytes) throw std::invalid_argument("runCli: args must be an array of strings");
  std::vector<std::string> out;
  for (size_t at = 0; at + 4 <= bytes->size();) {
    uint32_t n = 0;
    std::memcpy(&n, bytes->data() + at, 4);
    out.emplace_back(*bytes, at + 4, n);
    at += (4 + n + 3) & ~3;
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

// A model text rather than a name or path: an object after what a JSON reader skips (a UTF-8
// byte order mark, then spaces, tabs and line ends), as an editor or a share link may keep it.
bool isModelDocument(const std::string &text) {
  size_t at = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
  at = text.find_first_not_of(" \t\r\n", at);
  return at != std::string::npos && text[at] == '{';
}

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
        (value.is(JsonValue::Kind::Object) || (value.is(JsonValue::Kind::String) && isModelDocument(value.text)))) {
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
std::string scheduleDocument(const val &sourceJs, const val &optionsJs) {
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

val schedule(val sourceJs, val optionsJs) {
  const std::string document = scheduleDocument(sourceJs, optionsJs);
  return val::take_ownership(tsStringToJs(document.data(), document.size()));
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
