#include "target/EmbeddedModels.h"
#include "target/TargetModel.h"

namespace tilesched {

namespace {

// Parsed once per process: the embedded text never changes, and the driver asks for a model on
// every run (a playground session or a fuzzer runs thousands). The files are checked by the unit
// tests; a broken one simply is not offered.
const std::vector<std::optional<TargetModel>> &parsedModels() {
  static const std::vector<std::optional<TargetModel>> models = [] {
    std::vector<std::optional<TargetModel>> parsed;
    for (const EmbeddedModel &m : embeddedModels()) {
      DiagnosticEngine diags;
      parsed.push_back(parseTargetModel(m.json, diags));
    }
    return parsed;
  }();
  return models;
}

}  // namespace

std::optional<TargetModel> builtinTargetModel(std::string_view name) {
  const std::vector<EmbeddedModel> &embedded = embeddedModels();
  for (size_t i = 0; i < embedded.size(); ++i)
    if (embedded[i].name == name) return parsedModels()[i];
  return std::nullopt;
}

std::vector<std::string> builtinTargetModelNames() {
  std::vector<std::string> names;
  for (const EmbeddedModel &m : embeddedModels()) names.emplace_back(m.name);
  return names;
}

}  // namespace tilesched
