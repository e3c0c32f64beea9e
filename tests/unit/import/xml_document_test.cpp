// The XML reader under the HatScheT import (core/import/XmlDocument.h): what it accepts, the
// located error for each malformed shape, and the depth limit, which holds whatever an element's
// attributes look like (a quote in an attribute name once hid 10^5 levels of nesting from a
// depth pre-scan that the parser then recursed through).
#include <catch2/catch.hpp>

#include "import/HatschetImport.h"
#include "import/XmlDocument.h"

using namespace tilesched;

namespace {

struct Parsed {
  DiagnosticEngine diags;  // before doc: parse() reports into it
  std::optional<XmlDocument> doc;
  explicit Parsed(const std::string &text) : doc(XmlDocument::parse(text, diags)) {}
};

std::unique_ptr<Parsed> parse(const std::string &text) { return std::make_unique<Parsed>(text); }

// The one error of a document that does not parse, as "L:C: message".
std::string errorOf(const std::string &text) {
  auto r = parse(text);
  if (r->doc) return "parsed";
  REQUIRE(r->diags.errorCount() == 1);
  const Diagnostic &d = r->diags.all()[0];
  return std::to_string(d.range.begin.line) + ":" + std::to_string(d.range.begin.col) + ": " + d.message;
}

std::string repeat(const std::string &s, int n) {
  std::string out;
  out.reserve(s.size() * n);
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

const char *kModel = "<M><Resource name=\"add\" limit=\"-1\" latency=\"1\" blockingTime=\"1\"/></M>\n";
const char *kGraph = "<graphml><graph><node id=\"1\"><data key=\"uses_resource\">add</data></node></graph></graphml>\n";

}  // namespace

TEST_CASE("the reader skips the prolog, comments, PIs and DOCTYPEs and expands references", "[import][xml]") {
  const std::string text =
      "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<!DOCTYPE r [ <!ELEMENT r ANY> <!-- > --> ]>\n"
      "<!-- a comment with <r> inside -->\n"
      "<r a='single \"quoted\"' b = \"&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#xe9;&#x1F600;\">\n"
      "  <?pi <r> ?>\n"
      "  <t>  two\n\t words  </t>\n"
      "  <c><![CDATA[ <kept> & as is ]]>  and &amp; text <!-- between --> again </c>\n"
      "  <e/><e />\n"
      "</r >\n"
      "<!-- after the root -->\n";
  auto r = parse(text);
  REQUIRE(r->doc);
  CHECK(r->diags.errorCount() == 0);
  const XmlElement &root = r->doc->root();
  REQUIRE(root.children.size() == 1);
  const XmlElement &e = root.children[0];
  CHECK(e.name == "r");
  REQUIRE(e.attributes.size() == 2);
  CHECK(e.attributes[0].value == "single \"quoted\"");
  CHECK(e.attributes[1].name == "b");
  CHECK(e.attributes[1].value == "<>&\"'AB\xC3\xA9\xF0\x9F\x98\x80");
  REQUIRE(e.children.size() == 4);
  // Character data: trimmed, whitespace runs collapsed; CDATA as written; runs concatenated.
  CHECK(e.children[0].text == "two words");
  CHECK(e.children[1].text == " <kept> & as is and & textagain");
  CHECK(e.children[2].name == "e");
  CHECK(e.children[3].name == "e");
  // Positions: the element's '<' and the attribute from its name to its closing quote.
  const SourceRange attr = r->doc->attributeRange(e, "b");
  CHECK(attr.begin.line == 4);
  CHECK(attr.begin.col == 24);
  CHECK(r->doc->elementRange(e.children[0]).begin.line == 6);
  CHECK(r->doc->elementRange(e.children[0]).begin.col == 3);
}

TEST_CASE("a NUL byte ends the document", "[import][xml]") {
  CHECK(errorOf(std::string("<r/>\0<unclosed>", 15)) == "parsed");
  CHECK(errorOf(std::string("<r>\0</r>", 8)) ==
        "1:4: malformed XML: the document ends inside <r> (opened at line 1, column 1)");
}

TEST_CASE("every malformed shape is an error at the character that makes it, naming the cause", "[import][xml]") {
  struct Case {
    const char *text;
    const char *error;
  };
  const Case cases[] = {
      {"<r b\"=\"x\"/>", "1:5: malformed XML: expected '=' after the attribute name 'b', found '\"'"},
      {"<r b'='x'/>", "1:5: malformed XML: expected '=' after the attribute name 'b', found \"'\""},
      {"<r \"b\"=\"x\"/>", "1:4: malformed XML: unexpected '\"' in the start tag of <r>"},
      {"<r a=\"1\"b=\"2\"/>", "1:9: malformed XML: expected whitespace between attributes in <r>"},
      {"<r a=\"1\" a='2'/>", "1:10: malformed XML: attribute 'a' is given twice in <r>"},
      {"<r a=1/>", "1:6: malformed XML: expected ' or \""},
      {"<r a=\"1/>", "1:6: malformed XML: the value of attribute 'a' is not closed"},
      {"<r a=\"<\"/>", "1:7: malformed XML: '<' in the value of attribute 'a' (write &lt;)"},
      {"<r a=\"&nbsp;\"/>",
       "1:7: malformed XML: unknown entity '&nbsp;' (XML predefines &amp; &lt; &gt; &quot; &apos;)"},
      {"<r>a & b</r>", "1:6: malformed XML: '&' starts no reference (a literal '&' is written &amp;)"},
      {"<r>&#;</r>", "1:4: malformed XML: a character reference needs decimal digits and a ';' (&#65; or &#x41;)"},
      {"<r>&#x41</r>",
       "1:4: malformed XML: a character reference needs hexadecimal digits and a ';' (&#65; or &#x41;)"},
      {"<r>&#0;</r>", "1:4: malformed XML: a character reference to a character XML does not allow"},
      {"<r>&#x110000;</r>", "1:4: malformed XML: a character reference to a character XML does not allow"},
      {"<r>&#99999999999999999999;</r>", "1:4: malformed XML: a character reference to a character XML does not allow"},
      {"<r>\n<a>\n</b>\n</r>", "3:1: malformed XML: </b> does not close <a> (opened at line 2, column 1)"},
      {"<r/></r>", "1:5: malformed XML: </r> closes no open element"},
      {"<r></r extra>", "1:8: malformed XML: expected '>' to end </r>"},
      {"<r>\n<a>", "2:4: malformed XML: the document ends inside <a> (opened at line 2, column 1)"},
      {"<r", "1:3: malformed XML: the document ends inside the start tag of <r>"},
      {"<r/ >", "1:4: malformed XML: expected '>' after '/' in <r>"},
      {"<1r/>", "1:2: malformed XML: expected an element name after '<', found '1'"},
      {"< r/>", "1:2: malformed XML: expected an element name after '<', found ' '"},
      {"</>", "1:3: malformed XML: expected an element name after '</', found '>'"},
      {"text<r/>", "1:1: malformed XML: text outside the root element"},
      {"<r/>\ntail", "2:1: malformed XML: text outside the root element"},
      {"<![CDATA[x]]><r/>", "1:1: malformed XML: a CDATA section outside the root element"},
      {"<r><![CDATA[x</r>", "1:4: malformed XML: a CDATA section is not closed: no ']]>' follows"},
      {"<r><!-- x</r>", "1:4: malformed XML: a comment is not closed: no '-->' follows"},
      {"<?xml version='1.0'<r/>", "1:1: malformed XML: a processing instruction is not closed: no '?>' follows"},
      {"<!DOCTYPE r [ <!ELEMENT r> <r/>", "1:1: malformed XML: the DOCTYPE is not closed"},
      {"<!ELEMENT r", "1:1: malformed XML: a declaration is not closed: no '>' follows"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    CHECK(errorOf(c.text) == c.error);
  }
}

TEST_CASE("names in messages are cut at 64 bytes", "[import][xml]") {
  const std::string name(100, 'n');
  CHECK(errorOf("<r a=\"&" + name + ";\"/>") == "1:7: malformed XML: unknown entity '&" + name.substr(0, 64) +
                                                    "...;' (XML predefines &amp; &lt; &gt; &quot; &apos;)");
}

TEST_CASE("the depth limit holds at the element that passes it, self-closing or not", "[import][xml]") {
  const int limit = XmlDocument::kMaxDepth;
  CHECK(errorOf(repeat("<a>", limit) + repeat("</a>", limit)) == "parsed");
  CHECK(errorOf(repeat("<a>", limit - 1) + "<b/>" + repeat("</a>", limit - 1)) == "parsed");
  const std::string deeper = "1:" + std::to_string(3 * limit + 1) + ": XML elements nest deeper than 256 levels";
  CHECK(errorOf(repeat("<a>", limit) + "<b/>" + repeat("</a>", limit)) == deeper);
  CHECK(errorOf(repeat("<a>", limit + 1)) == deeper);
  // Half a million attributes on one element: the duplicate check sorts, it does not search per attribute.
  std::string wide = "<r";
  for (int i = 0; i < 500000; ++i) wide += " a" + std::to_string(i) + "=''";
  CHECK(errorOf(wide + "/>") == "parsed");
  CHECK(errorOf(wide + " a7=''/>") ==
        "1:" + std::to_string(wide.size() + 2) + ": malformed XML: attribute 'a7' is given twice in <r>");
}

// The shapes that crashed the import (SIGSEGV natively, RangeError in the npm bin) at 10^5
// levels, in the GraphML file and in the resource model: a quote inside an attribute name, once
// per element or once before plain nesting. tests/hostile/reproducers.mjs runs them natively
// and through the npm bin.
TEST_CASE("quotes in attribute names at 10^5 levels are a located error in either file", "[import][xml]") {
  const int n = 100000;
  const std::string each = repeat("<a b\"=\"x\">", n) + repeat("</a>", n);
  const std::string once = "<a b\"=\"x\">" + repeat("<a>", n) + repeat("</a>", n + 1);
  const std::string plain = repeat("<a b=\"x\">", n) + repeat("</a>", n);
  for (const std::string *body : {&each, &once}) {
    DiagnosticEngine graphDiags, modelDiags;
    CHECK_FALSE(
        importHatschet("<graphml>" + *body + "</graphml>", kModel, "g.graphml", "rm.xml", graphDiags, modelDiags));
    REQUIRE(graphDiags.errorCount() == 1);
    CHECK(formatDiagnostic("g.graphml", graphDiags.all()[0]) ==
          "g.graphml:1:14: error: malformed XML: expected '=' after the attribute name 'b', found '\"'");
    DiagnosticEngine graphDiags2, modelDiags2;
    CHECK_FALSE(importHatschet(kGraph, "<M>" + *body + "</M>", "g.graphml", "rm.xml", graphDiags2, modelDiags2));
    REQUIRE(modelDiags2.errorCount() == 1);
    CHECK(formatDiagnostic("rm.xml", modelDiags2.all()[0]) ==
          "rm.xml:1:8: error: malformed XML: expected '=' after the attribute name 'b', found '\"'");
  }
  DiagnosticEngine graphDiags, modelDiags;
  CHECK_FALSE(
      importHatschet("<graphml>" + plain + "</graphml>", kModel, "g.graphml", "rm.xml", graphDiags, modelDiags));
  REQUIRE(graphDiags.errorCount() == 1);
  CHECK(formatDiagnostic("g.graphml", graphDiags.all()[0]) ==
        "g.graphml:1:" + std::to_string(10 + 9 * 255) + ": error: XML elements nest deeper than 256 levels");
}
