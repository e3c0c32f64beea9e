#include "ir/TypeAliases.h"

#include <algorithm>

namespace tilesched {

namespace {

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

}  // namespace

TypeAliases::TypeAliases(const Module &module) {
  for (const AliasDef &def : module.aliases)
    if (size_t eq = def.text.find('='); eq != std::string::npos && !def.text.empty() && def.text[0] == '!')
      aliases_[trim(def.text.substr(0, eq))] = trim(def.text.substr(eq + 1));
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

bool isTokenType(const std::string &resolvedType) {
  std::string t = resolvedType;
  std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
  return t.find("token") != std::string::npos;
}

}  // namespace tilesched
