#include "import/XmlDocument.h"

#include <algorithm>
#include <sstream>

#include <boost/property_tree/xml_parser.hpp>

#include "support/LineEnds.h"
#include "support/Limits.h"

namespace tilesched {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool isPropertyTreeEntry(const std::string &key) {
  return key == "<xmlattr>" || key == "<xmlcomment>" || key == "<xmltext>";
}

}  // namespace

std::optional<XmlDocument> XmlDocument::parse(std::string_view text, DiagnosticEngine &diags) {
  namespace xp = boost::property_tree::xml_parser;
  if (text.size() > kMaxInputBytes) {
    diags.error(SourceRange::at({1, 1}),
                "the XML file is larger than " + std::to_string(kMaxInputBytes) + " bytes, the input size limit");
    return std::nullopt;
  }
  XmlDocument doc;
  doc.text_.assign(text);
  doc.tree_ = std::make_unique<XmlTree>();
  doc.lineStarts_ = lineStarts(doc.text_);
  if (const size_t deep = doc.scanTags(); deep != std::string::npos) {
    diags.error(SourceRange::at(doc.locate(deep)),
                "XML elements nest deeper than " + std::to_string(kMaxDepth) + " levels");
    return std::nullopt;
  }
  // PropertyTree reports problems by throwing; nothing may escape the core (SPEC §2).
  try {
    std::istringstream in(doc.text_);
    xp::read_xml(in, *doc.tree_, xp::no_comments | xp::trim_whitespace);
  } catch (const xp::xml_parser_error &e) {
    const int line = std::max(1, (int)e.line());
    diags.error(SourceRange::at({line, 1}), "malformed XML: " + e.message());
    return std::nullopt;
  } catch (const std::exception &e) {
    diags.error(SourceRange::at({1, 1}), std::string("cannot read XML: ") + e.what());
    return std::nullopt;
  }
  size_t next = 0;
  doc.bindTags(*doc.tree_, next);
  return doc;
}

// Start tags in document order, skipping what rapidxml does not turn into elements:
// comments, CDATA, processing instructions, declarations/DOCTYPE and end tags. Each construct is
// skipped exactly as rapidxml (boost/property_tree/detail/rapidxml.hpp, parse_node) skips it, so
// the depth seen here is the depth rapidxml recurses to.
size_t XmlDocument::scanTags() {
  const std::string &t = text_;
  int depth = 0;
  auto skipPast = [&](size_t from, std::string_view close) {
    size_t p = t.find(close, from);
    return p == std::string::npos ? t.size() : p + close.size();
  };
  size_t i = 0;
  while ((i = t.find('<', i)) != std::string::npos) {
    std::string_view rest(t.data() + i, t.size() - i);
    if (rest.rfind("<!--", 0) == 0) {
      i = skipPast(i + 4, "-->");
    } else if (rest.rfind("<![CDATA[", 0) == 0) {
      i = skipPast(i + 9, "]]>");
    } else if (rest.rfind("<?", 0) == 0) {
      i = skipPast(i + 2, "?>");
    } else if (rest.rfind("<!DOCTYPE", 0) == 0 && rest.size() > 9 && isSpace(rest[9])) {
      int depth = 0;  // a DOCTYPE internal subset [...] may hold '>'
      for (i += 9; i < t.size(); ++i) {
        if (t[i] == '[') ++depth;
        else if (t[i] == ']') --depth;
        else if (t[i] == '>' && depth <= 0) break;
      }
      ++i;
    } else if (rest.rfind("<!", 0) == 0) {
      // Any other <! node: rapidxml skips to the next '>', brackets or not (`<![>` once hid
      // 30 000 levels of nesting from this scan, and rapidxml's recursion overflowed the stack).
      i = skipPast(i + 2, ">");
    } else if (rest.rfind("</", 0) == 0) {
      i = skipPast(i + 2, ">");
      --depth;
    } else {
      Tag tag;
      tag.begin = i;
      size_t p = i + 1;
      while (p < t.size() && !isSpace(t[p]) && t[p] != '/' && t[p] != '>') ++p;
      tag.nameEnd = p;
      char quote = 0;
      for (; p < t.size(); ++p) {
        if (quote) {
          if (t[p] == quote) quote = 0;
        } else if (t[p] == '"' || t[p] == '\'') {
          quote = t[p];
        } else if (t[p] == '>') {
          break;
        }
      }
      tag.end = std::min(p + 1, t.size());
      tags_.push_back(tag);
      i = tag.end;
      const bool selfClosing = p < t.size() && p > tag.nameEnd && t[p - 1] == '/';
      if (!selfClosing && ++depth > kMaxDepth) return tag.begin;
    }
  }
  return std::string::npos;
}

// Element i of the tree is normally start tag i of the text. Where the scan and rapidxml
// disagree (a construct one of them reads differently), each element takes the next start tag of
// its name within a short window, and one with no such tag takes the last tag bound before it: its
// diagnostics then point near it rather than nowhere (every error has a line and column).
void XmlDocument::bindTags(const XmlTree &parent, size_t &next) {
  constexpr size_t kWindow = 64;  // bounds the search: a mismatch is local, and the cost stays linear
  for (const auto &child : parent) {
    if (isPropertyTreeEntry(child.first)) continue;
    size_t found = std::string::npos;
    for (size_t i = next; i < tags_.size() && i < next + kWindow; ++i) {
      const Tag &tag = tags_[i];
      if (std::string_view(text_).substr(tag.begin + 1, tag.nameEnd - tag.begin - 1) == child.first) {
        found = i;
        break;
      }
    }
    if (found != std::string::npos) {
      tagOf_[&child.second] = found;
      next = found + 1;
    } else if (next > 0) {
      tagOf_[&child.second] = next - 1;
    }
    bindTags(child.second, next);
  }
}

SourceLoc XmlDocument::locate(size_t offset) const {
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  const size_t line = (size_t)(it - lineStarts_.begin());
  return {(int)line, (int)(offset - lineStarts_[line - 1]) + 1};
}

SourceRange XmlDocument::elementRange(const XmlTree &element) const {
  auto it = tagOf_.find(&element);
  if (it == tagOf_.end()) return SourceRange::at({1, 1});
  const Tag &tag = tags_[it->second];
  return {locate(tag.begin), locate(tag.nameEnd)};
}

SourceRange XmlDocument::attributeRange(const XmlTree &element, std::string_view name) const {
  auto it = tagOf_.find(&element);
  if (it == tagOf_.end()) return elementRange(element);
  const Tag &tag = tags_[it->second];
  const std::string &t = text_;
  size_t p = tag.nameEnd;
  while (p < tag.end) {
    while (p < tag.end && isSpace(t[p])) ++p;
    const size_t nameBegin = p;
    while (p < tag.end && !isSpace(t[p]) && t[p] != '=' && t[p] != '>' && t[p] != '/') ++p;
    if (p == nameBegin) break;
    const std::string_view attrName(t.data() + nameBegin, p - nameBegin);
    while (p < tag.end && (isSpace(t[p]) || t[p] == '=')) ++p;
    if (p < tag.end && (t[p] == '"' || t[p] == '\'')) {
      const size_t close = t.find(t[p], p + 1);
      p = close == std::string::npos || close >= tag.end ? tag.end : close + 1;
    }
    if (attrName == name) return {locate(nameBegin), locate(p)};
  }
  return elementRange(element);
}

std::optional<std::string> XmlDocument::attribute(const XmlTree &element, std::string_view name) {
  auto attrs = element.get_child_optional("<xmlattr>");
  if (!attrs) return std::nullopt;
  for (const auto &a : *attrs)
    if (a.first == name) return a.second.data();
  return std::nullopt;
}

std::vector<std::pair<std::string, const XmlTree *>> XmlDocument::elements(const XmlTree &parent) {
  std::vector<std::pair<std::string, const XmlTree *>> out;
  for (const auto &child : parent)
    if (!isPropertyTreeEntry(child.first)) out.emplace_back(child.first, &child.second);
  return out;
}

}  // namespace tilesched
