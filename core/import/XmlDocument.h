// An XML document read into a small element tree that remembers where each element and
// attribute is written, so import errors are located diagnostics. The reader is our own and
// does not recurse: it keeps the open elements on an explicit stack, and the depth limit is
// checked where an element is pushed on it, so no input can get past the limit or overflow the
// stack (docs/decisions.md, "HatScheT import").
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
  std::string value;  // references expanded
  size_t begin = 0;   // offset of the name
  size_t end = 0;     // offset just past the closing quote
};

struct XmlElement {
  std::string name;
  std::vector<XmlAttribute> attributes;  // in document order
  // Its character data and CDATA sections, concatenated; each run of character data is trimmed
  // and its whitespace runs collapsed to one space (CDATA is kept as written).
  std::string text;
  std::vector<XmlElement> children;  // child elements in document order
  size_t begin = 0;                  // offset of '<'
  size_t nameEnd = 0;                // offset just past the name
};

class XmlDocument {
public:
  // The element tree and its readers recurse once per level (its destructor, the resource
  // model's walk); an element nested deeper is a located error.
  static constexpr int kMaxDepth = 256;

  // Parses `text`; malformed XML becomes one diagnostic at the offending character, and nullopt.
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

  // Value of attribute `name`, or nullopt when absent.
  static std::optional<std::string> attribute(const XmlElement &element, std::string_view name);

private:
  XmlDocument() = default;

  LineIndex lines_{std::string_view()};
  XmlElement root_;
};

}  // namespace tilesched
