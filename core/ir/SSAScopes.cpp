#include "ir/SSAScopes.h"

#include <algorithm>
#include <cstdlib>

namespace tilesched {

namespace {

std::string where(SourceRange r) { return std::to_string(r.begin.line) + ":" + std::to_string(r.begin.col); }

}  // namespace

void SSAScopes::push(bool isolated) { scopes_.push_back({nextScopeId_++, isolated, {}}); }

void SSAScopes::pop() {
  if (!scopes_.empty()) scopes_.pop_back();
}

const SSAScopes::Group *SSAScopes::lookup(const std::string &base) const {
  for (size_t i = scopes_.size(); i-- > 0;) {
    auto it = scopes_[i].names.find(base);
    if (it != scopes_[i].names.end()) return &it->second;
    if (scopes_[i].isolated) break;
  }
  return nullptr;
}

void SSAScopes::define(const std::string &base, const std::vector<Value *> &group, SourceRange r, bool quiet) {
  if (scopes_.empty()) push(false);
  if (quiet) {
    if (!lookup(base)) scopes_.back().names.emplace(base, Group{group, r});
    return;
  }
  if (const Group *prev = lookup(base)) {
    onError_(r, "redefinition of '" + base + "' (first defined at " + where(prev->range) +
                    "); give this value a different name");
    return;
  }
  Scope &scope = scopes_.back();
  // A use of this name earlier in a scope that sees this definition is a use before definition.
  if (auto byBase = liveInsByBase_.find(base); byBase != liveInsByBase_.end()) {
    for (size_t i : byBase->second) {
      LiveIn &li = liveIns_[i];
      if (li.definedLater || !std::binary_search(li.useScopes.begin(), li.useScopes.end(), scope.id)) continue;
      li.definedLater = true;
      onError_(li.value->range, "'" + li.value->name + "' is used here before its definition at " + where(r) +
                                    "; SSA values must be defined before they are used");
    }
  }
  scope.names.emplace(base, Group{group, r});
}

Value *SSAScopes::use(std::string_view spelling, SourceRange r) {
  std::string base(spelling);
  int index = 0;
  size_t hash = spelling.find('#');
  if (hash != std::string_view::npos) {
    base = std::string(spelling.substr(0, hash));
    std::string_view digits = spelling.substr(hash + 1);
    index = digits.size() > 9 ? -1 : std::atoi(std::string(digits).c_str());
  }
  if (const Group *g = lookup(base)) {
    if (index >= 0 && static_cast<size_t>(index) < g->values.size()) return g->values[index];
    onError_(r, std::string("'").append(spelling) + "' refers to a result that does not exist: '" + base + "' has " +
                    std::to_string(g->values.size()) + " result(s), numbered from #0");
    Value *bad = module_.newValue();
    bad->name = std::string(spelling);
    bad->range = r;
    return bad;
  }
  std::string key(spelling);
  auto it = liveInIndex_.find(key);
  LiveIn *li;
  if (it == liveInIndex_.end()) {
    Value *v = module_.newValue();
    v->name = key;
    v->liveIn = true;
    v->range = r;
    liveInIndex_.emplace(key, liveIns_.size());
    liveInsByBase_[base].push_back(liveIns_.size());
    liveIns_.push_back({base, v, {}, false});
    li = &liveIns_.back();
  } else {
    li = &liveIns_[it->second];
  }
  for (size_t i = scopes_.size(); i-- > 0;) {
    auto at = std::lower_bound(li->useScopes.begin(), li->useScopes.end(), scopes_[i].id);
    if (at == li->useScopes.end() || *at != scopes_[i].id) li->useScopes.insert(at, scopes_[i].id);
    if (scopes_[i].isolated) break;
  }
  return li->value;
}

void SSAScopes::finish() {
  for (const LiveIn &li : liveIns_) {
    if (li.definedLater) continue;
    diags_.warning(li.value->range,
                   "use of undefined value '" + li.value->name + "'; treated as a value from outside the snippet");
  }
}

}  // namespace tilesched
