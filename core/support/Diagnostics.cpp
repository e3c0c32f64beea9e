#include "support/Diagnostics.h"

#include <algorithm>
#include <cstdint>

#include "support/Sort.h"

namespace tilesched {

const char *severityName(Severity s) {
  switch (s) {
  case Severity::Error: return "error";
  case Severity::Warning: return "warning";
  case Severity::Note: return "note";
  }
  return "error";
}

void DiagnosticEngine::report(Severity s, SourceRange r, std::string message, MessageData data) {
  if (s == Severity::Error) ++errors_;
  diags_.push_back({s, r, std::move(message), file_, std::move(data)});
}

std::vector<Diagnostic> DiagnosticEngine::sorted() const {
  std::vector<Diagnostic> out = diags_;
  stableSortBy(out, [](const Diagnostic &a, const Diagnostic &b) {
    if (a.range.begin.line != b.range.begin.line) return a.range.begin.line < b.range.begin.line;
    return a.range.begin.col < b.range.begin.col;
  });
  return out;
}

std::string formatDiagnostic(const std::string &inputFile, const Diagnostic &d) {
  const std::string file = terminalSafe(d.file.empty() ? inputFile : d.file);
  if (d.range.begin.line == 0) return file + ": " + severityName(d.severity) + ": " + terminalSafe(d.message);
  return file + ":" + std::to_string(d.range.begin.line) + ":" + std::to_string(d.range.begin.col) + ": " +
         severityName(d.severity) + ": " + terminalSafe(d.message);
}

namespace {

// Bytes of the UTF-8 sequence at text[i] and its code point; 0 when the bytes are not UTF-8
// (a stray continuation byte, a truncated or overlong sequence, a surrogate).
size_t utf8Sequence(std::string_view text, size_t i, uint32_t &cp) {
  const unsigned char lead = static_cast<unsigned char>(text[i]);
  const size_t n = lead >= 0xF0 && lead <= 0xF4   ? 4
                   : lead >= 0xE0 && lead <= 0xEF ? 3
                   : lead >= 0xC2 && lead <= 0xDF ? 2
                                                  : 0;
  if (n == 0 || i + n > text.size()) return 0;
  cp = lead & (0x7F >> n);
  for (size_t k = 1; k < n; ++k) {
    const unsigned char c = static_cast<unsigned char>(text[i + k]);
    if ((c & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (c & 0x3F);
  }
  const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < min[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

}  // namespace

std::string terminalSafe(std::string_view text, bool keepNewlines) {
  static const char *hex = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    if (c == '\n' && keepNewlines) {
      out += '\n';
      ++i;
      continue;
    }
    uint32_t cp = 0;
    const size_t n = c >= 0x80 ? utf8Sequence(text, i, cp) : 0;
    if (n && cp > 0x9F) {
      out.append(text.substr(i, n));
    } else if (n) {
      out += "\\u00";
      out += hex[cp >> 4];
      out += hex[cp & 15];
    } else if (c == '\n' || c == '\r' || c == '\t') {
      out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
    } else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
    i += n ? n : 1;
  }
  return out;
}

}  // namespace tilesched
