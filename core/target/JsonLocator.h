// Source positions for a JSON document that nlohmann::json has already accepted. nlohmann 3.11
// keeps no positions, so schema errors in a target model (docs/target-model.md) are located by
// re-scanning the text once and recording the byte span of every value and member key, keyed by
// JSON pointer (RFC 6901). The scan runs on the first query: a valid model (every built-in one,
// parsed at every process start) never pays for it.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "support/Diagnostics.h"

namespace tilesched {

// 1-based line/column of byte offsets in one text.
class LineIndex {
public:
  explicit LineIndex(std::string_view text);
  SourceLoc loc(size_t offset) const;
  SourceRange range(size_t begin, size_t end) const;

private:
  std::vector<size_t> lineStarts_;
};

// Deepest array/object nesting the scanner accepts; deeper documents are rejected before
// scanning so neither nlohmann nor the scanner recurses without bound.
inline constexpr int kMaxJsonNesting = 32;
// Most members of one object or array: nlohmann's ordered_json finds each new key by a linear
// search, so an `ops` object of 100 000 entries would take quadratic time to parse.
inline constexpr size_t kMaxJsonMembers = 4096;

// Where a JSON text breaks a shape limit, found before it is parsed: the bracket that opens
// nesting level kMaxJsonNesting + 1, or the comma before member kMaxJsonMembers + 1 of a
// container. `offset` is npos when the text is within both.
struct JsonShapeProblem {
  size_t offset = std::string_view::npos;
  std::string message;
};
JsonShapeProblem checkJsonShape(std::string_view text);

class JsonLocator {
public:
  struct Member {
    std::string pointer;  // pointer of the member's value
    SourceRange key;      // the quoted key
  };

  // `text` must be valid JSON nested at most kMaxJsonNesting deep.
  explicit JsonLocator(std::string_view text);

  SourceRange value(const std::string &pointer) const;
  SourceRange key(const std::string &pointer) const;  // member key; the value for array elements
  // Members that repeat a key already present in the same object, in text order.
  const std::vector<Member> &duplicates() const;

  static std::string child(const std::string &pointer, std::string_view key);
  static std::string child(const std::string &pointer, size_t index);

private:
  size_t skipSpace(size_t i) const;
  size_t scanString(size_t i) const;  // i at the opening quote; returns one past the closing one
  size_t scanValue(size_t i, const std::string &pointer) const;
  void scanOnce() const;

  std::string_view text_;
  LineIndex lines_;
  mutable bool scanned_ = false;
  mutable std::map<std::string, SourceRange> values_;
  mutable std::map<std::string, SourceRange> keys_;
  mutable std::vector<Member> duplicates_;
};

}  // namespace tilesched
