// SSA name resolution with MLIR's scoping (SPEC §2): a region opens a scope that sees the names
// of enclosing regions up to the nearest isolated-from-above op (module, func.func); redefining a
// visible name is an error. A name that is never defined becomes one shared live-in value.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ir/IR.h"
#include "support/Diagnostics.h"

namespace tilesched {

class SSAScopes {
public:
  using ErrorFn = std::function<void(SourceRange, std::string)>;
  // Errors go through `onError` so the parser's error cap applies; warnings go to `diags`.
  SSAScopes(Module &m, DiagnosticEngine &diags, ErrorFn onError)
      : module_(m), diags_(diags), onError_(std::move(onError)) {}

  void push(bool isolated);
  void pop();

  // Binds `base` ("%r") to a group of values (one for `%x`, N for `%r:N`) in the innermost scope.
  // `quiet` binds the names of an op that failed to parse: no diagnostics, no rebinding.
  void define(const std::string &base, const std::vector<Value *> &group, SourceRange r, bool quiet = false);
  // Resolves a use spelled "%x" or "%r#1"; never returns null.
  Value *use(std::string_view spelling, SourceRange r);
  // Emits the live-in warnings for names that stayed undefined.
  void finish();

private:
  struct Group {
    std::vector<Value *> values;
    SourceRange range;
  };
  struct Scope {
    int id;
    bool isolated;
    std::unordered_map<std::string, Group> names;
  };
  struct LiveIn {
    std::string base;
    Value *value;
    std::vector<int> useScopes;  // sorted ids of every scope from which a use could see a def
    bool definedLater = false;   // reported as use-before-definition instead
  };

  const Group *lookup(const std::string &base) const;

  Module &module_;
  DiagnosticEngine &diags_;
  ErrorFn onError_;
  std::vector<Scope> scopes_;
  int nextScopeId_ = 0;
  std::vector<LiveIn> liveIns_;                                         // creation order, for stable warnings
  std::unordered_map<std::string, size_t> liveInIndex_;                 // spelling -> index in liveIns_
  std::unordered_map<std::string, std::vector<size_t>> liveInsByBase_;  // "%r" -> indices
};

}  // namespace tilesched
