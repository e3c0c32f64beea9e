// Research interchange (SPEC §3.1): HatScheT GraphML + resource-model XML -> an equivalent
// tilesched snippet (sched.footprint over pools sized from the model, sched.latency, sched.deps).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "support/Diagnostics.h"

namespace tilesched {

// Diagnostics carry the XML line/column; `graphName` / `modelName` name the files in messages.
// Returns the snippet text, or nullopt on error.
std::optional<std::string> importHatschet(std::string_view graphml, std::string_view resourceXml,
                                          const std::string &graphName, const std::string &modelName,
                                          DiagnosticEngine &graphDiags, DiagnosticEngine &modelDiags);

}  // namespace tilesched
