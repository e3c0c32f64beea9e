#include "target/TargetModel.h"

#include <cstdint>
#include <unordered_map>

namespace tilesched {

bool OpEffects::any() const {
  for (MemAccess a : access)
    if (a != MemAccess::None) return true;
  return false;
}

// Resource names -> index; op patterns: exact names in a hash map, prefix patterns in a trie, so
// a lookup costs O(length of the op name) whatever the size of the table.
struct TargetModel::NameIndex {
  std::unordered_map<std::string, int> resources;
  size_t resourcesIndexed = 0;
  std::unordered_map<std::string, int> exact;  // first op entry of each exact name
  struct Node {
    int op = -1;  // first prefix pattern that ends here
  };
  std::vector<Node> trie{Node{}};
  std::unordered_map<uint64_t, int> edges;  // (node << 8 | byte) -> child node
  size_t opsIndexed = 0;

  void indexResources(const std::vector<Resource> &rs) {
    if (rs.size() < resourcesIndexed) {
      resources.clear();
      resourcesIndexed = 0;
    }
    for (; resourcesIndexed < rs.size(); ++resourcesIndexed)
      resources.emplace(rs[resourcesIndexed].name, static_cast<int>(resourcesIndexed));
  }

  void indexOps(const std::vector<OpModel> &ops) {
    if (ops.size() < opsIndexed) {
      exact.clear();
      trie.assign(1, Node{});
      edges.clear();
      opsIndexed = 0;
    }
    for (; opsIndexed < ops.size(); ++opsIndexed) {
      std::string_view p = ops[opsIndexed].pattern;
      const int op = static_cast<int>(opsIndexed);
      if (p.empty() || p.back() != '*') {
        exact.emplace(std::string(p), op);
        continue;
      }
      p.remove_suffix(1);
      int node = 0;
      for (unsigned char c : p) {
        auto [it, added] = edges.emplace((uint64_t(node) << 8) | c, static_cast<int>(trie.size()));
        if (added) trie.push_back({});
        node = it->second;
      }
      if (trie[node].op < 0) trie[node].op = op;
    }
  }

  int longestPrefix(std::string_view name) const {
    int node = 0, best = trie[0].op;
    for (unsigned char c : name) {
      auto it = edges.find((uint64_t(node) << 8) | c);
      if (it == edges.end()) break;
      node = it->second;
      if (trie[node].op >= 0) best = trie[node].op;
    }
    return best;
  }
};

namespace {

TargetModel::NameIndex &indexOf(const TargetModel &m) {
  if (!m.cache.index) m.cache.index = std::make_shared<TargetModel::NameIndex>();
  return *m.cache.index;
}

}  // namespace

int TargetModel::resourceIndex(std::string_view name) const {
  NameIndex &index = indexOf(*this);
  index.indexResources(resources);
  auto it = index.resources.find(std::string(name));
  return it == index.resources.end() ? -1 : it->second;
}

int MachineModel::mmaRate(std::string_view element) const {
  for (const auto &[type, rate] : mmaFlopsPerCyclePerSm)
    if (type == element) return rate;
  return 0;
}

const OpModel *TargetModel::lookup(std::string_view opName) const {
  NameIndex &index = indexOf(*this);
  index.indexOps(ops);
  auto it = index.exact.find(std::string(opName));
  if (it != index.exact.end()) return &ops[it->second];
  const int best = index.longestPrefix(opName);
  return best >= 0 ? &ops[best] : nullptr;
}

}  // namespace tilesched
