// Reads HatScheT's interchange files (SPEC §3.1) into plain structs: the resource-model XML
// (`<Resource name= limit= latency= blockingTime=>`) and the GraphML dependence graph (nodes with
// `uses_resource`, edges with `delay`/`latency` and `distance`/`backward`). Every problem is a
// diagnostic located in the file it comes from.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/Diagnostics.h"

namespace tilesched {

struct HatschetResource {
  std::string name;
  int limit = -1;  // -1: unlimited
  int latency = 0;
  int blockingTime = 0;
  SourceRange range;
  // A limited resource holds one of `limit` units for `blockingTime` modulo slots; unlimited
  // resources and blockingTime 0 occupy nothing (SPEC §3.1).
  bool occupies() const { return limit >= 1 && blockingTime >= 1; }
};

struct HatschetNode {
  std::string id;     // GraphML node id, verbatim
  std::string name;   // `name` data, or the id when absent
  int resource = -1;  // index into the resource list
  SourceRange range;
};

// HatScheT: S[dst] + distance * II >= S[src] + latency(resource(src)) + delay.
struct HatschetEdge {
  int src = 0;  // node indices, document order
  int dst = 0;
  int delay = 0;
  int distance = 0;
  SourceRange range;
};

struct HatschetGraph {
  std::vector<HatschetNode> nodes;  // document order
  std::vector<HatschetEdge> edges;  // document order
};

std::optional<std::vector<HatschetResource>> readHatschetResources(std::string_view xml, DiagnosticEngine &diags);

// `resources` resolves `uses_resource`; null when the model could not be read (the graph is
// then still checked, without resolving resources).
std::optional<HatschetGraph> readHatschetGraph(std::string_view graphml, const std::vector<HatschetResource> *resources,
                                               DiagnosticEngine &diags);

}  // namespace tilesched
