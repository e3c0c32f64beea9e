#include "target/JsonLocator.h"

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "support/LineEnds.h"

namespace tilesched {

LineIndex::LineIndex(std::string_view text) : lineStarts_(lineStarts(text)) {}

SourceLoc LineIndex::loc(size_t offset) const {
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  size_t line = static_cast<size_t>(it - lineStarts_.begin());
  return {static_cast<int>(line), static_cast<int>(offset - lineStarts_[line - 1]) + 1};
}

SourceRange LineIndex::range(size_t begin, size_t end) const { return {loc(begin), loc(std::max(end, begin + 1))}; }

JsonShapeProblem checkJsonShape(std::string_view text) {
  std::vector<size_t> members;  // commas seen in each open container
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\') ++i;
      else if (c == '"') inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (members.size() == static_cast<size_t>(kMaxJsonNesting))
        return {i, "JSON nesting deeper than " + std::to_string(kMaxJsonNesting) + " levels"};
      members.push_back(0);
    } else if (c == ']' || c == '}') {
      if (!members.empty()) members.pop_back();
    } else if (c == ',' && !members.empty() && ++members.back() == kMaxJsonMembers) {
      return {i, "a JSON object or array with more than " + std::to_string(kMaxJsonMembers) + " members"};
    }
  }
  return {};
}

JsonLocator::JsonLocator(std::string_view text) : text_(text), lines_(text) {}

void JsonLocator::scanOnce() const {
  if (scanned_) return;
  scanned_ = true;
  scanValue(0, "");
}

const std::vector<JsonLocator::Member> &JsonLocator::duplicates() const {
  scanOnce();
  return duplicates_;
}

SourceRange JsonLocator::value(const std::string &pointer) const {
  scanOnce();
  auto it = values_.find(pointer);
  return it == values_.end() ? lines_.range(0, 0) : it->second;
}

SourceRange JsonLocator::key(const std::string &pointer) const {
  scanOnce();
  auto it = keys_.find(pointer);
  return it == keys_.end() ? value(pointer) : it->second;
}

std::string JsonLocator::child(const std::string &pointer, std::string_view key) {
  std::string out = pointer + "/";
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

std::string JsonLocator::child(const std::string &pointer, size_t index) {
  return pointer + "/" + std::to_string(index);
}

size_t JsonLocator::skipSpace(size_t i) const {
  while (i < text_.size() && (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\n' || text_[i] == '\r')) ++i;
  return i;
}

size_t JsonLocator::scanString(size_t i) const {
  for (++i; i < text_.size() && text_[i] != '"'; ++i)
    if (text_[i] == '\\') ++i;
  return std::min(i + 1, text_.size());
}

size_t JsonLocator::scanValue(size_t i, const std::string &pointer) const {
  i = skipSpace(i);
  size_t begin = i;
  if (i >= text_.size()) return i;
  char c = text_[i];
  if (c == '{') {
    std::set<std::string> seen;
    i = skipSpace(i + 1);
    while (i < text_.size() && text_[i] != '}') {
      size_t keyEnd = scanString(i);
      std::string_view raw = text_.substr(i, keyEnd - i);
      std::string key(raw.substr(1, raw.size() - 2));
      if (key.find('\\') != std::string::npos) {
        // Escaped key: let nlohmann decode it (the text is known to be valid).
        auto decoded = nlohmann::ordered_json::parse(raw, nullptr, false);
        if (decoded.is_string()) key = decoded.get<std::string>();
      }
      std::string member = child(pointer, key);
      SourceRange keyRange = lines_.range(i, keyEnd);
      if (!seen.insert(key).second) duplicates_.push_back({member, keyRange});
      else keys_[member] = keyRange;
      i = skipSpace(keyEnd) + 1;  // ':'
      i = skipSpace(scanValue(i, member));
      if (i < text_.size() && text_[i] == ',') i = skipSpace(i + 1);
    }
    ++i;
  } else if (c == '[') {
    size_t index = 0;
    i = skipSpace(i + 1);
    while (i < text_.size() && text_[i] != ']') {
      i = skipSpace(scanValue(i, child(pointer, index++)));
      if (i < text_.size() && text_[i] == ',') i = skipSpace(i + 1);
    }
    ++i;
  } else if (c == '"') {
    i = scanString(i);
  } else {
    while (i < text_.size() && std::string_view(",]} \t\r\n").find(text_[i]) == std::string_view::npos) ++i;
  }
  // A duplicate member re-scans under the first one's pointer; keep the first span.
  values_.emplace(pointer, lines_.range(begin, i));
  return i;
}

}  // namespace tilesched
