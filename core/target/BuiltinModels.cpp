#include <mutex>

#include "target/EmbeddedModels.h"
#include "target/TargetModel.h"

namespace tilesched {

namespace {

// Each model is parsed once per process, on first request: the embedded text never changes, the
// driver asks for a model on every run (a playground session or a fuzzer runs thousands), and a
// one-shot CLI run needs only the model it names. The files are checked by the unit tests; a
// broken one simply is not offered.
const std::shared_ptr<const TargetModel> &parsedModel(size_t index) {
  struct Slot {
    std::once_flag once;
    std::shared_ptr<const TargetModel> model;
  };
  // Never destroyed: a measured model's ops hold footprints of hundreds of rows, and freeing
  // them at exit took a tenth of a small loop's run.
  static std::vector<Slot> &slots = *new std::vector<Slot>(embeddedModels().size());
  Slot &slot = slots[index];
  std::call_once(slot.once, [&] {
    DiagnosticEngine diags;
    if (std::optional<TargetModel> m = parseTargetModel(embeddedModels()[index].json, diags))
      slot.model = std::make_shared<const TargetModel>(std::move(*m));
  });
  return slot.model;
}

}  // namespace

std::shared_ptr<const TargetModel> builtinTargetModel(std::string_view name) {
  const std::vector<EmbeddedModel> &embedded = embeddedModels();
  for (size_t i = 0; i < embedded.size(); ++i)
    if (embedded[i].name == name) return parsedModel(i);
  return nullptr;
}

std::vector<std::string> builtinTargetModelNames() {
  std::vector<std::string> names;
  for (const EmbeddedModel &m : embeddedModels()) names.emplace_back(m.name);
  return names;
}

}  // namespace tilesched
