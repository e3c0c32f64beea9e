// The model files of core/target/models/, compiled in by EmbedModels.cmake, in file-name order.
#pragma once

#include <string_view>
#include <vector>

namespace tilesched {

struct EmbeddedModel {
  std::string_view name;  // file name without ".json"
  std::string_view json;
};

const std::vector<EmbeddedModel> &embeddedModels();

}  // namespace tilesched
