#include "target/EmbeddedModels.h"
#include "target/TargetModel.h"

namespace tilesched {

std::optional<TargetModel> builtinTargetModel(std::string_view name) {
  for (const EmbeddedModel &m : embeddedModels()) {
    if (m.name != name) continue;
    // The files are checked by the unit tests; a broken one simply is not offered.
    DiagnosticEngine diags;
    return parseTargetModel(m.json, diags);
  }
  return std::nullopt;
}

std::vector<std::string> builtinTargetModelNames() {
  std::vector<std::string> names;
  for (const EmbeddedModel &m : embeddedModels()) names.emplace_back(m.name);
  return names;
}

}  // namespace tilesched
