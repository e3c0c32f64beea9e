// A streaming writer for the SPEC §5.1 document: the bytes the emitter printed when it built a
// JSON tree and dumped it with two-space indentation (json_writer_test compares the two on random
// documents), without building the tree: the emitter was spending most of a small loop's run
// allocating and freeing JSON nodes (natively, and more so in WebAssembly). Strings that need
// escaping are quoted by appendJsonString (support/Json.h).
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tilesched {

class JsonWriter {
public:
  JsonWriter &beginObject() { return open('{'); }
  JsonWriter &endObject() { return close('}'); }
  JsonWriter &beginArray() { return open('['); }
  JsonWriter &endArray() { return close(']'); }
  // The next value is this member's.
  JsonWriter &key(std::string_view name);

  JsonWriter &value(std::string_view s);
  JsonWriter &value(const char *s) { return value(std::string_view(s)); }
  JsonWriter &value(const std::string &s) { return value(std::string_view(s)); }
  JsonWriter &value(bool b);
  JsonWriter &null() { return literal("null"); }
  // A number already spelt as JSON ("8.110").
  JsonWriter &number(std::string_view text) { return literal(text); }
  template <std::integral Int>
  requires(!std::same_as<Int, bool>) JsonWriter &value(Int n) {
    static_assert(sizeof(Int) <= 8, "kMaxDigits holds a 64-bit integer");
    if constexpr (std::is_signed_v<Int>) return integer(static_cast<int64_t>(n));
    else return integer(static_cast<uint64_t>(n));
  }
  template <class T>
  JsonWriter &array(const std::vector<T> &items) {
    beginArray();
    for (const T &x : items) value(x);
    return endArray();
  }
  // key(name).value(v) in one call.
  template <class T>
  JsonWriter &member(std::string_view name, const T &v) {
    return key(name).value(v);
  }

  // Room for `bytes` of document: growing the buffer copies it each time (in the module
  // ~3 % of a small example's run went to those copies).
  void reserve(size_t bytes) { out_.reserve(bytes); }

  // The document so far; every container must be closed.
  std::string take();

private:
  struct Level {
    char close;
    bool empty = true;
  };
  JsonWriter &open(char bracket);
  JsonWriter &close(char bracket);
  // std::to_string's text, written in place: no temporary string, no copy. One instance per
  // signedness (int64_t, uint64_t), in JsonWriter.cpp.
  template <class Int>
  JsonWriter &integer(Int n);
  // A value written as `text` (a number, true, false).
  JsonWriter &literal(std::string_view text);
  // Separator, line break and indentation before a value, unless it follows its key.
  void item();
  // `,` when `comma`, a line break and the indentation of `depth`.
  void newline(size_t depth, bool comma = false);
  void quoted(std::string_view s);
  // Output goes through buffer_ to out_: a document is thousands of short pieces, and each
  // std::string append is a call with its own capacity check and copy (not inlined at the
  // module's -Os), so out_ gets one append per buffer_ full.
  void put(std::string_view s);
  void put(char c);
  void flush();

  static constexpr size_t kMaxDigits = 20;  // an int64_t or uint64_t in decimal, with a sign

  std::string out_;
  char buffer_[512];
  size_t buffered_ = 0;
  std::vector<Level> levels_;
  bool afterKey_ = false;
};

}  // namespace tilesched
