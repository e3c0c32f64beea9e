// GroupDSU (seed 004, state+112): directional union, no rank, path compression in find.
#include <catch2/catch.hpp>

#include <cstddef>

#include "constraints/Constraints.h"

using namespace tilesched;

TEST_CASE("group DSU: the slot is the seed's 28-byte word layout") {
  CHECK(sizeof(ConstraintSlot) == 28);
  CHECK(offsetof(ConstraintSlot, gid) == 0x00);
  CHECK(offsetof(ConstraintSlot, leader_gid) == 0x04);
  CHECK(offsetof(ConstraintSlot, max_depth) == 0x08);
  CHECK(offsetof(ConstraintSlot, flags) == 0x0C);
  CHECK(offsetof(ConstraintSlot, preferred_atom_size) == 0x10);
  CHECK(offsetof(ConstraintSlot, max_num_slices_for_non_reduce_axis) == 0x14);
  CHECK(offsetof(ConstraintSlot, max_num_of_recomputations) == 0x18);
  CHECK(FlagForceSerial == 1u);
  CHECK(FlagRecomputable == 2u);
  CHECK(FlagEnableDefusion == 4u);
}

TEST_CASE("group DSU: union grafts the child's root under the parent's root") {
  GroupDSU dsu;
  dsu.unite(3, 7);
  CHECK(dsu.find(3) == 7);
  CHECK(dsu.find(7) == 7);
  GroupDSU reversed;
  reversed.unite(7, 3);
  CHECK(reversed.find(7) == 3);
  CHECK(reversed.find(3) == 3);
  CHECK(dsu.find(42) == 42);  // a gid never united is its own root
}

TEST_CASE("group DSU: no rank, so a large tree goes under a singleton parent") {
  GroupDSU dsu;
  dsu.unite(1, 2);
  dsu.unite(3, 2);
  dsu.unite(4, 2);
  dsu.unite(2, 9);  // union by rank would keep 2 as the root
  for (uint32_t g : {1u, 2u, 3u, 4u, 9u}) CHECK(dsu.find(g) == 9);
  dsu.unite(5, 1);  // the child's root goes under the root of 1, not under 1 itself
  CHECK(dsu.parents().at(5) == 9);
}

TEST_CASE("group DSU: find compresses the path, findNoCompress leaves it") {
  GroupDSU dsu;
  dsu.unite(1, 2);
  dsu.unite(2, 3);
  dsu.unite(3, 4);
  CHECK(dsu.parents().at(1) == 2);
  CHECK(dsu.findNoCompress(1) == 4);
  CHECK(dsu.parents().at(1) == 2);
  CHECK(dsu.parents().at(2) == 3);
  CHECK(dsu.find(1) == 4);
  CHECK(dsu.parents().at(1) == 4);
  CHECK(dsu.parents().at(2) == 4);
  CHECK(dsu.parents().at(3) == 4);
}

TEST_CASE("group DSU: uniting two members of one group changes nothing") {
  GroupDSU dsu;
  dsu.unite(3, 7);
  dsu.unite(7, 3);  // the reverse pair of the seed's QUIRK: already one group, root stays 7
  CHECK(dsu.find(3) == 7);
  CHECK(dsu.find(7) == 7);
}
