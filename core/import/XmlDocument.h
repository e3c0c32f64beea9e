// An XML document parsed with rapidxml into a small element tree that remembers where each
// element and attribute is written, so import errors are located diagnostics. rapidxml is the
// parser Boost.PropertyTree wraps, used directly: PropertyTree brought iostreams into the
// WebAssembly module and lost the positions (docs/decisions.md, "HatScheT import").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/Diagnostics.h"
#include "support/LineEnds.h"

namespace tilesched {

struct XmlAttribute {
  std::string name;
  std::string value;  // character references expanded
  size_t begin = 0;   // offset of the name
  size_t end = 0;     // offset just past the closing quote
};

struct XmlElement {
  std::string name;
  std::vector<XmlAttribute> attributes;  // in document order
  // Its character data and CDATA children, concatenated; character data is trimmed and its
  // whitespace runs collapsed to one space, as PropertyTree's trim_whitespace read it.
  std::string text;
  std::vector<XmlElement> children;  // child elements in document order
  size_t begin = 0;                  // offset of '<'
  size_t nameEnd = 0;                // offset just past the name
};

class XmlDocument {
public:
  // rapidxml, and the tree built from it, recurse once per nesting level; deeper input is
  // rejected before it reaches them instead of overflowing the stack.
  static constexpr int kMaxDepth = 256;

  // Parses `text`; a parse error becomes one diagnostic where the parser stopped, and nullopt.
  static std::optional<XmlDocument> parse(std::string_view text, DiagnosticEngine &diags);

  XmlDocument(const XmlDocument &) = delete;
  XmlDocument(XmlDocument &&) = default;

  // The document node: no name, the top-level element(s) as children.
  const XmlElement &root() const { return root_; }

  // Where `element` starts (its `<`), covering the tag name.
  SourceRange elementRange(const XmlElement &element) const;
  // Where attribute `name` of `element` is written (`name="value"`); the element's range when
  // the attribute is absent.
  SourceRange attributeRange(const XmlElement &element, std::string_view name) const;

  // Value of the first attribute `name`, or nullopt when absent.
  static std::optional<std::string> attribute(const XmlElement &element, std::string_view name);

private:
  XmlDocument() = default;

  LineIndex lines_{std::string_view()};
  XmlElement root_;
};

}  // namespace tilesched
