#include "import/XmlDocument.h"

#include <algorithm>
#include <memory>

#include <boost/property_tree/detail/rapidxml.hpp>

#include "support/LineEnds.h"
#include "support/Limits.h"

namespace tilesched {

namespace {

namespace rx = boost::property_tree::detail::rapidxml;

// The flags PropertyTree's read_xml passed for no_comments | trim_whitespace, which the importer
// used before it called rapidxml itself: comments, declarations and DOCTYPEs are skipped, text
// is trimmed and its whitespace runs collapsed.
constexpr int kParseFlags = rx::parse_normalize_whitespace | rx::parse_trim_whitespace;

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Offset of the first start tag nested deeper than XmlDocument::kMaxDepth, or npos. Skips what
// rapidxml does not turn into elements: comments, CDATA, processing instructions,
// declarations/DOCTYPE and end tags, each exactly as rapidxml (boost/property_tree/detail/
// rapidxml.hpp, parse_node) skips it, so the depth seen here is the depth rapidxml recurses to.
size_t tooDeep(std::string_view t) {
  int depth = 0;
  auto skipPast = [&](size_t from, std::string_view close) {
    size_t p = t.find(close, from);
    return p == std::string::npos ? t.size() : p + close.size();
  };
  size_t i = 0;
  while ((i = t.find('<', i)) != std::string::npos) {
    std::string_view rest = t.substr(i);
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
      const size_t begin = i;
      size_t p = i + 1;
      while (p < t.size() && !isSpace(t[p]) && t[p] != '/' && t[p] != '>') ++p;
      const size_t nameEnd = p;
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
      i = std::min(p + 1, t.size());
      const bool selfClosing = p < t.size() && p > nameEnd && t[p - 1] == '/';
      if (!selfClosing && ++depth > XmlDocument::kMaxDepth) return begin;
    }
  }
  return std::string::npos;
}

// PropertyTree's read_xml_node (xml_parser_read_rapidxml.hpp) into our tree: elements with
// their attributes in order, an element's text the concatenation of its data and CDATA
// children, every other node dropped. rapidxml parses `buffer` in place, so each name and value
// points at its offset in the text (expanding a reference only moves characters leftwards
// inside that value); `text` is the original, as rapidxml overwrites closing quotes with NULs.
void readChildren(const rx::xml_node<char> &node, const char *buffer, std::string_view text, XmlElement &out) {
  for (const rx::xml_node<char> *child = node.first_node(); child; child = child->next_sibling()) {
    if (child->type() == rx::node_data || child->type() == rx::node_cdata) {
      out.text.append(child->value(), child->value_size());
      continue;
    }
    if (child->type() != rx::node_element) continue;
    XmlElement &e = out.children.emplace_back();
    e.name.assign(child->name(), child->name_size());
    e.begin = (size_t)(child->name() - buffer) - 1;
    e.nameEnd = e.begin + 1 + child->name_size();
    for (const rx::xml_attribute<char> *a = child->first_attribute(); a; a = a->next_attribute()) {
      // The value ends at the next quote like the one before it: a value holds no such quote.
      const size_t valueBegin = (size_t)(a->value() - buffer);
      const size_t close = text.find(text[valueBegin - 1], valueBegin);
      e.attributes.push_back({std::string(a->name(), a->name_size()), std::string(a->value(), a->value_size()),
                              (size_t)(a->name() - buffer), close + 1});
    }
    readChildren(*child, buffer, text, e);
  }
}

}  // namespace

std::optional<XmlDocument> XmlDocument::parse(std::string_view text, DiagnosticEngine &diags) {
  if (text.size() > kMaxInputBytes) {
    diags.error(SourceRange::at({1, 1}),
                "the XML file is larger than " + std::to_string(kMaxInputBytes) + " bytes, the input size limit");
    return std::nullopt;
  }
  XmlDocument doc;
  doc.lines_ = LineIndex(text);
  if (const size_t deep = tooDeep(text); deep != std::string::npos) {
    diags.error(SourceRange::at(doc.lines_.loc(deep)),
                "XML elements nest deeper than " + std::to_string(kMaxDepth) + " levels");
    return std::nullopt;
  }
  // rapidxml reads a NUL-terminated copy (a NUL byte ends the document, as it did through
  // PropertyTree) and reports problems by throwing; nothing may escape the core (SPEC §2).
  std::vector<char> buffer(text.begin(), text.end());
  buffer.push_back('\0');
  try {
    auto parsed = std::make_unique<rx::xml_document<char>>();  // its 64 KB memory pool: not on the stack
    parsed->parse<kParseFlags>(buffer.data());
    readChildren(*parsed, buffer.data(), text, doc.root_);
  } catch (const rx::parse_error &e) {
    diags.error(SourceRange::at(doc.lines_.loc((size_t)(e.where<char>() - buffer.data()))),
                std::string("malformed XML: ") + e.what());
    return std::nullopt;
  } catch (const std::exception &e) {
    diags.error(SourceRange::at({1, 1}), std::string("cannot read XML: ") + e.what());
    return std::nullopt;
  }
  return doc;
}

SourceRange XmlDocument::elementRange(const XmlElement &element) const {
  return {lines_.loc(element.begin), lines_.loc(element.nameEnd)};
}

SourceRange XmlDocument::attributeRange(const XmlElement &element, std::string_view name) const {
  for (const XmlAttribute &a : element.attributes)
    if (a.name == name) return {lines_.loc(a.begin), lines_.loc(a.end)};
  return elementRange(element);
}

std::optional<std::string> XmlDocument::attribute(const XmlElement &element, std::string_view name) {
  for (const XmlAttribute &a : element.attributes)
    if (a.name == name) return a.value;
  return std::nullopt;
}

}  // namespace tilesched
