#include "ir/TypeAliases.h"

#include <algorithm>
#include <string_view>

#include "ir/Lexer.h"

namespace tilesched {

namespace {

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// Expanding nested aliases can grow exponentially (`#a = [#b, #b]`, `#b = [#c, #c]`, ...); past
// this many bytes a type is not compared.
constexpr size_t kMaxExpandedType = 1 << 16;
constexpr int kMaxAliasDepth = 16;

// Triton's 2024 dialect names (before `triton_gpu` / `triton_nvidia_gpu` became `ttg` / `ttng`):
// one type whichever prefix spells it, `!triton_gpu.async.token` is `!ttg.async.token`.
void appendRenamed(std::string_view spelling, std::string &out) {
  constexpr std::pair<std::string_view, std::string_view> kRenamed[] = {{"triton_gpu.", "ttg."},
                                                                        {"triton_nvidia_gpu.", "ttng."}};
  if (!spelling.empty() && (spelling[0] == '!' || spelling[0] == '#'))
    for (const auto &[old, now] : kRenamed)
      if (spelling.substr(1, old.size()) == old) {
        out += spelling[0];
        out.append(now);
        out.append(spelling.substr(1 + old.size()));
        return;
      }
  out.append(spelling);
}

}  // namespace

TypeAliases::TypeAliases(const Module &module) {
  for (const AliasDef &def : module.aliases)
    if (size_t eq = def.text.find('=');
        eq != std::string::npos && !def.text.empty() && (def.text[0] == '!' || def.text[0] == '#'))
      aliases_[trim(def.text.substr(0, eq))] = trim(def.text.substr(eq + 1));
}

// `text` with every alias replaced by its definition, tokens one space apart, dialects by their
// current names.
bool TypeAliases::expand(std::string_view text, int depth, std::string &out) const {
  Lexer lexer(text);
  for (Token t = lexer.lex(); !t.is(Tok::Eof); t = lexer.lex()) {
    std::string_view spelling = lexer.spelling(t);
    if ((t.is(Tok::HashId) || t.is(Tok::BangId)) && depth < kMaxAliasDepth) {
      if (auto it = aliases_.find(std::string(spelling)); it != aliases_.end()) {
        if (!expand(it->second, depth + 1, out)) return false;
        continue;
      }
    }
    if (!out.empty()) out += ' ';
    appendRenamed(spelling, out);
    if (out.size() > kMaxExpandedType) return false;
  }
  return true;
}

bool TypeAliases::sameType(const std::string &a, const std::string &b) const {
  if (a == b || resolve(a) == resolve(b)) return true;
  std::string ea, eb;
  if (!expand(a, 0, ea) || !expand(b, 0, eb)) return true;
  return ea == eb;
}

std::string TypeAliases::resolve(const std::string &type) const {
  std::string t = type;
  for (int hops = 0; hops < 16; ++hops) {
    auto it = aliases_.find(t);
    if (it == aliases_.end()) break;
    t = it->second;
  }
  return t;
}

// "token" in any case, without a lowered copy: the graph and the materializer ask for every value.
bool isTokenType(const std::string &resolvedType) {
  constexpr std::string_view kToken = "token";
  auto sameLetter = [](char c, char lower) { return (c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c) == lower; };
  return std::search(resolvedType.begin(), resolvedType.end(), kToken.begin(), kToken.end(), sameLetter) !=
         resolvedType.end();
}

}  // namespace tilesched
