#include "import/XmlDocument.h"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "support/Limits.h"
#include "support/Sort.h"
#include "support/Utf8.h"

namespace tilesched {

namespace {

// Where the document stops being XML, and why; `message` is the whole diagnostic.
struct Malformed {
  size_t at;
  std::string message;
};

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// XML 1.0 §2.3 Name for ASCII; every byte of a multi-byte UTF-8 character counts as a name
// character. A quote, '<', '&' or '=' is never part of a name.
bool isNameStart(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' || u == ':' || u >= 0x80;
}
bool isNameChar(char c) { return isNameStart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.'; }

// XML 1.0 §2.2 Char: the characters a character reference may name.
bool isXmlChar(uint32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) ||
         (c >= 0x10000 && c <= 0x10FFFF);
}

// A byte as a message shows it: 'c' when printable ASCII, else its value.
std::string shown(char c) {
  if (c == '\'') return "\"'\"";
  if (c >= ' ' && c < 0x7f) return std::string("'") + c + "'";
  return "byte " + hexByte(static_cast<unsigned char>(c));
}

// A name as a message shows it: at most 64 bytes, cut at a UTF-8 character boundary.
std::string shown(std::string_view name) {
  if (name.size() <= 64) return std::string(name);
  size_t cut = 64;
  while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
  return std::string(name.substr(0, cut)) + "...";
}

// The reader: one pass over the text, the open elements on an explicit stack (nothing recurses
// on nesting). What it accepts: a UTF-8 byte order mark; comments, processing instructions and
// the XML declaration, a DOCTYPE (its internal subset skipped to the matching ']') and other
// `<!...>` declarations, all skipped; elements with attributes in either quote; character data
// and CDATA; the five predefined entities and numeric character references. Everything else
// is a located error. A NUL byte ends the document (XML has no character 0).
class Reader {
public:
  Reader(std::string_view text, const LineIndex &lines) : t_(text.substr(0, text.find('\0'))), lines_(lines) {}

  void read(XmlElement &root) {
    if (t_.starts_with("\xEF\xBB\xBF")) p_ = 3;
    std::vector<XmlElement *> open{&root};  // the document node, then the open elements, innermost last
    while (true) {
      if (open.size() == 1) {
        skipSpace();
        if (p_ == t_.size()) return;
        if (t_[p_] != '<') fail(p_, "text outside the root element");
      } else if (p_ == t_.size()) {
        fail(p_, "the document ends inside " + where(*open.back()));
      } else if (t_[p_] != '<') {
        characterData(*open.back());
        continue;
      }
      markup(open);
    }
  }

private:
  [[noreturn]] void fail(size_t at, const std::string &what) const { throw Malformed{at, "malformed XML: " + what}; }

  // `<name>` (opened at line L, column C).
  std::string where(const XmlElement &e) const {
    const SourceLoc loc = lines_.loc(e.begin);
    return "<" + shown(e.name) + "> (opened at line " + std::to_string(loc.line) + ", column " +
           std::to_string(loc.col) + ")";
  }

  bool at(std::string_view s) const { return t_.substr(p_).starts_with(s); }
  bool atEnd() const { return p_ == t_.size(); }

  // Skips whitespace; whether there was any.
  bool skipSpace() {
    const size_t from = p_;
    while (!atEnd() && isSpace(t_[p_])) ++p_;
    return p_ > from;
  }

  // Moves past the next `close`; a document that ends first is an error at `from`.
  void skipPast(std::string_view close, size_t from, const std::string &what) {
    const size_t end = t_.find(close, p_);
    if (end == std::string_view::npos) fail(from, what + " is not closed: no '" + std::string(close) + "' follows");
    p_ = end + close.size();
  }

  // A Name at p_, as a view into the text.
  std::string_view name(const std::string &expected) {
    const size_t begin = p_;
    if (atEnd() || !isNameStart(t_[p_]))
      fail(p_, "expected " + expected + ", found " + (atEnd() ? "the end of the document" : shown(t_[p_])));
    while (!atEnd() && isNameChar(t_[p_])) ++p_;
    return t_.substr(begin, p_ - begin);
  }

  // At '<': a comment, CDATA, a processing instruction, a DOCTYPE or other declaration, an end
  // tag or a start tag.
  void markup(std::vector<XmlElement *> &open) {
    const size_t begin = p_;
    if (at("<!--")) {
      p_ += 4;
      skipPast("-->", begin, "a comment");
    } else if (at("<![CDATA[")) {
      if (open.size() == 1) fail(begin, "a CDATA section outside the root element");
      p_ += 9;
      const size_t end = t_.find("]]>", p_);
      if (end == std::string_view::npos) fail(begin, "a CDATA section is not closed: no ']]>' follows");
      open.back()->text.append(t_.substr(p_, end - p_));
      p_ = end + 3;
    } else if (at("<?")) {
      p_ += 2;
      skipPast("?>", begin, "a processing instruction");
    } else if (at("<!DOCTYPE") && p_ + 9 < t_.size() && isSpace(t_[p_ + 9])) {
      doctype(begin);
    } else if (at("<!")) {
      p_ += 2;
      skipPast(">", begin, "a declaration");
    } else if (at("</")) {
      endTag(open);
    } else {
      startTag(open);
    }
  }

  // Skips `<!DOCTYPE ...>`; a '[' opens the internal subset, which may hold '>', up to its
  // matching ']' (counted, not recursed).
  void doctype(size_t begin) {
    const std::string unclosed = "the DOCTYPE is not closed";
    for (p_ += 10;; ++p_) {
      if (atEnd()) fail(begin, unclosed);
      if (t_[p_] == '>') break;
      if (t_[p_] != '[') continue;
      for (int depth = 1; depth > 0;) {
        if (++p_ == t_.size()) fail(begin, unclosed);
        depth += t_[p_] == '[' ? 1 : t_[p_] == ']' ? -1 : 0;
      }
    }
    ++p_;
  }

  void endTag(std::vector<XmlElement *> &open) {
    const size_t begin = p_;
    p_ += 2;
    const std::string_view n = name("an element name after '</'");
    skipSpace();
    if (atEnd() || t_[p_] != '>') fail(p_, "expected '>' to end </" + shown(n) + ">");
    ++p_;
    if (open.size() == 1) fail(begin, "</" + shown(n) + "> closes no open element");
    if (n != open.back()->name) fail(begin, "</" + shown(n) + "> does not close " + where(*open.back()));
    open.pop_back();
  }

  // The depth limit is checked here, before the element enters the tree: this is the only place
  // an element is made, so nothing nests deeper than XmlDocument::kMaxDepth.
  void startTag(std::vector<XmlElement *> &open) {
    const size_t begin = p_++;
    if (atEnd() || !isNameStart(t_[p_]))
      fail(p_, "expected an element name after '<', found " + (atEnd() ? "the end of the document" : shown(t_[p_])));
    if (open.size() > static_cast<size_t>(XmlDocument::kMaxDepth))
      throw Malformed{begin, "XML elements nest deeper than " + std::to_string(XmlDocument::kMaxDepth) + " levels"};
    XmlElement &e = open.back()->children.emplace_back();
    e.begin = begin;
    e.name = name("an element name");
    e.nameEnd = p_;
    std::vector<std::string_view> names;  // the attributes' names, as written
    while (true) {
      const bool spaced = skipSpace();
      if (atEnd()) fail(p_, "the document ends inside the start tag of <" + shown(e.name) + ">");
      const char c = t_[p_];
      if (c == '>' || c == '/') {
        if (c == '/' && !at("/>")) fail(p_ + 1, "expected '>' after '/' in <" + shown(e.name) + ">");
        p_ += c == '>' ? 1 : 2;
        uniqueAttributes(e, names);
        if (c == '>') open.push_back(&e);
        return;
      }
      if (!isNameStart(c)) fail(p_, "unexpected " + shown(c) + " in the start tag of <" + shown(e.name) + ">");
      if (!spaced) fail(p_, "expected whitespace between attributes in <" + shown(e.name) + ">");
      names.push_back(attribute(e));
    }
  }

  // name = 'value' or "value"; returns the name as written.
  std::string_view attribute(XmlElement &e) {
    XmlAttribute a;
    a.begin = p_;
    const std::string_view n = name("an attribute name");
    a.name = n;
    skipSpace();
    if (atEnd() || t_[p_] != '=')
      fail(p_, "expected '=' after the attribute name '" + shown(n) + "', found " +
                   (atEnd() ? "the end of the document" : shown(t_[p_])));
    ++p_;
    skipSpace();
    if (atEnd() || (t_[p_] != '"' && t_[p_] != '\'')) fail(p_, "expected ' or \"");
    const size_t quoteAt = p_;
    const char quote = t_[p_++];
    while (true) {
      size_t stop = p_;
      while (stop < t_.size() && t_[stop] != quote && t_[stop] != '<' && t_[stop] != '&') ++stop;
      if (stop == t_.size()) fail(quoteAt, "the value of attribute '" + shown(n) + "' is not closed");
      a.value.append(t_.substr(p_, stop - p_));
      p_ = stop;
      if (t_[p_] == quote) break;
      if (t_[p_] == '<') fail(p_, "'<' in the value of attribute '" + shown(n) + "' (write &lt;)");
      reference(a.value);
    }
    a.end = ++p_;
    e.attributes.push_back(std::move(a));
    return n;
  }

  // A name given twice is an error at its second attribute. Sorted, not searched per attribute:
  // one tag may hold a million attributes.
  void uniqueAttributes(const XmlElement &e, const std::vector<std::string_view> &names) const {
    const std::vector<int> order = stableOrder(names.size(), [&](int a, int b) { return names[a] < names[b]; });
    size_t second = names.size();
    for (size_t i = 1; i < order.size(); ++i)
      if (names[order[i]] == names[order[i - 1]]) second = std::min(second, size_t(order[i]));
    if (second < names.size())
      fail(e.attributes[second].begin,
           "attribute '" + shown(names[second]) + "' is given twice in <" + shown(e.name) + ">");
  }

  // At '&': one of the five predefined entities or a character reference, appended to `out`.
  void reference(std::string &out) {
    const size_t begin = p_++;
    if (!atEnd() && t_[p_] == '#') {
      const bool hex = ++p_ < t_.size() && t_[p_] == 'x';
      p_ += hex;
      uint32_t code = 0;
      size_t digits = 0;
      for (; !atEnd(); ++p_, ++digits) {
        const char c = t_[p_];
        int d = c >= '0' && c <= '9' ? c - '0' : -1;
        if (hex && d < 0) d = c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) break;
        code = std::min<uint32_t>(code * (hex ? 16 : 10) + d, 0x110000);  // saturated: past Unicode either way
      }
      if (!digits || atEnd() || t_[p_] != ';')
        fail(begin, std::string("a character reference needs ") + (hex ? "hexadecimal" : "decimal") +
                        " digits and a ';' (&#65; or &#x41;)");
      ++p_;
      if (!isXmlChar(code)) fail(begin, "a character reference to a character XML does not allow");
      appendUtf8(out, code);
      return;
    }
    const size_t nameBegin = p_;
    while (!atEnd() && isNameChar(t_[p_])) ++p_;
    const std::string_view n = t_.substr(nameBegin, p_ - nameBegin);
    if (n.empty() || atEnd() || t_[p_] != ';') fail(begin, "'&' starts no reference (a literal '&' is written &amp;)");
    ++p_;
    static constexpr std::pair<std::string_view, char> kEntities[] = {
        {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
    for (const auto &[entity, c] : kEntities)
      if (n == entity) {
        out += c;
        return;
      }
    fail(begin, "unknown entity '&" + shown(n) + ";' (XML predefines &amp; &lt; &gt; &quot; &apos;)");
  }

  // Character data up to the next '<': leading whitespace dropped, each whitespace run one
  // space, one trailing space dropped, references expanded (a referenced space stays), as
  // Boost.PropertyTree's trim_whitespace reading did, so imported names keep their bytes.
  void characterData(XmlElement &into) {
    skipSpace();
    const size_t before = into.text.size();
    while (!atEnd() && t_[p_] != '<') {
      if (t_[p_] == '&') {
        reference(into.text);
      } else if (skipSpace()) {
        into.text += ' ';
      } else {
        size_t end = p_;
        while (end < t_.size() && !isSpace(t_[end]) && t_[end] != '<' && t_[end] != '&') ++end;
        into.text.append(t_.substr(p_, end - p_));
        p_ = end;
      }
    }
    if (into.text.size() > before && into.text.back() == ' ') into.text.pop_back();
  }

  std::string_view t_;
  const LineIndex &lines_;
  size_t p_ = 0;
};

}  // namespace

std::optional<XmlDocument> XmlDocument::parse(std::string_view text, DiagnosticEngine &diags) {
  if (text.size() > kMaxInputBytes) {
    diags.error(SourceRange::at({1, 1}),
                "the XML file is larger than " + std::to_string(kMaxInputBytes) + " bytes, the input size limit");
    return std::nullopt;
  }
  XmlDocument doc;
  doc.lines_ = LineIndex(text);
  // Nothing may escape the core (SPEC §2): a malformed document is a diagnostic, and so is an
  // allocation the machine refuses.
  try {
    Reader(text, doc.lines_).read(doc.root_);
  } catch (const Malformed &m) {
    diags.error(SourceRange::at(doc.lines_.loc(m.at)), m.message);
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
