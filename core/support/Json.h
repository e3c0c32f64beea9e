// JSON text (RFC 8259): a reader that keeps the byte span of every value and key, for the target
// model (docs/target-model.md) and the WebAssembly options, and the string quoting every JSON
// writer of the core shares. The project's own, not a library's: the library used before kept
// no positions (a second scan found them) and was a sixth of the WebAssembly module
// (docs/decisions.md, "A JSON reader of our own").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tilesched {

// Deepest array/object nesting the reader accepts: it recurses once per level.
inline constexpr int kMaxJsonNesting = 32;
// Most members of one object or array: a repeated key is found by a linear search of its object.
inline constexpr size_t kMaxJsonMembers = 4096;

// Byte offsets [begin, end) in the text read.
struct JsonSpan {
  size_t begin = 0;
  size_t end = 0;
};

struct JsonMember;

struct JsonValue {
  // Integer: a number without fraction or exponent that fits int64_t. Every other number (2.5,
  // 1e3, 1e400, 2^70) is Number and kept as written: the formats read here hold integers only, so
  // such a number is only ever named in a diagnostic.
  enum class Kind : uint8_t { Null, Bool, Integer, Number, String, Array, Object };

  Kind kind = Kind::Null;
  bool boolean = false;
  int64_t integer = 0;
  std::string text;  // String: the decoded UTF-8; Number: the number as written
  JsonSpan span;
  std::vector<JsonValue> items;     // Array
  std::vector<JsonMember> members;  // Object, in text order, one per key

  bool is(Kind k) const { return kind == k; }
  bool isString(std::string_view s) const { return kind == Kind::String && text == s; }
  // The value of member `key`, or nullptr (also when this is not an object).
  const JsonValue *find(std::string_view key) const;
  // The value on one line with no spaces, e.g. {"a":[1,"x"]}.
  std::string dump() const;

private:
  void dumpTo(std::string &out) const;
};

struct JsonMember {
  std::string key;
  JsonSpan keySpan;  // the quoted key
  JsonValue value;
};

struct JsonDocument {
  // A key given twice in one object. The object keeps one member, at the first key's place,
  // with the last value (what the library used before kept).
  struct Duplicate {
    JsonSpan first;
    JsonSpan repeat;
  };

  JsonValue root;
  std::vector<Duplicate> duplicates;  // in text order
  // The first error, empty when the text was read: "invalid JSON: <cause>", or the nesting or
  // member limit broken; `errorAt` is the offset of the byte it names.
  std::string error;
  size_t errorAt = 0;
};

// Reads one JSON value that must fill `text` (whitespace and a leading UTF-8 byte order mark
// aside). Strict RFC 8259: no comments, no trailing commas, UTF-8 checked in strings, \u escapes
// (surrogate pairs joined). Never throws on bad input; recursion is bounded by kMaxJsonNesting.
JsonDocument readJson(std::string_view text);

// A byte a JSON string holds as it is: printable ASCII other than `"` and `\`. Anything else is
// escaped, or checked as UTF-8, by appendJsonString.
inline bool isPlainJsonByte(unsigned char c) { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\'; }

// Appends `s` as a quoted JSON string: ", \ and the control characters escaped (\b \f \n \r \t,
// else \u00xx), other UTF-8 as is, invalid UTF-8 replaced by U+FFFD. These are the bytes the CLI
// has always printed: json_test compares them, on random byte strings, with the library that
// printed them before (the tests' JSON library, dumping with its "replace" error handler).
void appendJsonString(std::string &out, std::string_view s);

}  // namespace tilesched
