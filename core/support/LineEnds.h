// CR, LF and CRLF all end a line, in every file tilesched reads (MLIR, target-model JSON,
// HatScheT XML), so a file saved with classic Mac or Windows line ends gets the same line
// numbers as its Unix copy (a CR-only file once read as one line, its first `//` comment
// swallowing the rest).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

#include "support/Diagnostics.h"

namespace tilesched {

// Length of the line end at text[i]: 2 for CRLF, 1 for a lone CR or LF, 0 for anything else.
inline size_t lineEndAt(std::string_view text, size_t i) {
  if (text[i] == '\n') return 1;
  if (text[i] != '\r') return 0;
  return i + 1 < text.size() && text[i + 1] == '\n' ? 2 : 1;
}

// Offset of the first byte of the line after the one holding text[pos] (text.size() on the last).
// A byte compare per character and lineEndAt only at a line end: in the WebAssembly module
// lineEndAt is a call (-Oz), which made splitting the input a call per character.
inline size_t nextLineStart(std::string_view text, size_t pos) {
  for (; pos < text.size(); ++pos)
    if (text[pos] == '\n' || text[pos] == '\r') return pos + lineEndAt(text, pos);
  return text.size();
}

// Offsets of the first byte of each line; [0] is 0.
inline std::vector<size_t> lineStarts(std::string_view text) {
  std::vector<size_t> starts{0};
  for (size_t i = 0; i < text.size();) {
    const size_t n = lineEndAt(text, i);
    i += n ? n : 1;
    if (n) starts.push_back(i);
  }
  return starts;
}

// 1-based line/column of byte offsets in one text.
class LineIndex {
public:
  explicit LineIndex(std::string_view text) : lineStarts_(lineStarts(text)) {}
  SourceLoc loc(size_t offset) const {
    auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
    size_t line = static_cast<size_t>(it - lineStarts_.begin());
    return {static_cast<int>(line), static_cast<int>(offset - lineStarts_[line - 1]) + 1};
  }
  // [begin, end), at least one byte wide.
  SourceRange range(size_t begin, size_t end) const { return {loc(begin), loc(std::max(end, begin + 1))}; }

private:
  std::vector<size_t> lineStarts_;
};

}  // namespace tilesched
