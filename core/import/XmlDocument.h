// An XML document read with Boost.PropertyTree, plus what PropertyTree forgets: where each
// element and attribute sits in the text, so import errors are located diagnostics.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <boost/property_tree/ptree.hpp>

#include "support/Diagnostics.h"

namespace tilesched {

using XmlTree = boost::property_tree::ptree;

class XmlDocument {
public:
  // rapidxml and PropertyTree recurse once per nesting level; deeper input is rejected before
  // it reaches them instead of overflowing the stack.
  static constexpr int kMaxDepth = 256;

  // Parses `text`; a parse error becomes one diagnostic at the parser's line and nullopt.
  static std::optional<XmlDocument> parse(std::string_view text, DiagnosticEngine &diags);

  XmlDocument(const XmlDocument &) = delete;
  XmlDocument(XmlDocument &&) = default;

  const XmlTree &root() const { return *tree_; }

  // Where `element` starts (its `<`), covering the tag name; unknown (line 0) only when the
  // text could not be matched to the tree.
  SourceRange elementRange(const XmlTree &element) const;
  // Where attribute `name` of `element` is written (`name="value"`); the element's range when
  // the attribute is absent.
  SourceRange attributeRange(const XmlTree &element, std::string_view name) const;

  // Attribute value, or nullopt when absent.
  static std::optional<std::string> attribute(const XmlTree &element, std::string_view name);
  // Child elements in document order: every child except the <xmlattr>/<xmlcomment>/<xmltext>
  // entries PropertyTree adds.
  static std::vector<std::pair<std::string, const XmlTree *>> elements(const XmlTree &parent);

private:
  XmlDocument() = default;
  struct Tag {
    size_t begin = 0;    // offset of '<'
    size_t nameEnd = 0;  // offset just past the element name
    size_t end = 0;      // offset just past '>'
  };
  SourceLoc locate(size_t offset) const;
  // Fills tags_; returns the offset of the first start tag nested deeper than kMaxDepth, or
  // npos.
  size_t scanTags();
  void bindTags(const XmlTree &parent, size_t &next);

  std::string text_;
  std::vector<size_t> lineStarts_;
  std::vector<Tag> tags_;                              // start tags in document order
  std::unique_ptr<XmlTree> tree_;                      // on the heap: tagOf_ keys stay valid when moved
  std::unordered_map<const XmlTree *, size_t> tagOf_;  // element -> index into tags_
};

}  // namespace tilesched
