#include "buffers/OpShape.h"

#include "buffers/Figures.h"
#include "buffers/TileType.h"

namespace tilesched {

namespace {

bool isData(const TileType &t) {
  using K = TileType::Kind;
  return t.kind == K::Tensor || t.kind == K::MemDesc || t.kind == K::Smem || t.kind == K::Tmem;
}

}  // namespace

OpShape opShape(const Operation &op, const TypeAliases &aliases) {
  OpShape shape;
  std::vector<TileType> operands, results;
  for (const Value *v : op.operands) operands.push_back(parseTileType(aliases.resolve(v->type)));
  for (const Value *v : op.results) results.push_back(parseTileType(aliases.resolve(v->type)));
  // The tile moved: a TMA descriptor's box, else the first result (a load, a read) and then the
  // first operand (a store, a write) whose size is known — a tensor of pointers is not the data.
  std::optional<int64_t> bytes;
  for (const TileType &t : operands)
    if (!bytes && t.kind == TileType::Kind::Descriptor) bytes = t.bytes();
  for (const auto *list : {&results, &operands})
    for (const TileType &t : *list)
      if (!bytes && isData(t)) bytes = t.bytes();
  if (bytes) shape.bytes = double(*bytes);
  // An MMA's dimensions: A is M×K, B is K×N (Figures.h's mmaFlops).
  if (std::optional<int64_t> flops = mmaFlops(op, aliases, &shape.element)) {
    const TileType &a = operands[0], &b = operands[1];
    shape.flops = double(*flops);
    shape.m = double(a.shape[size_t(a.rank() - 2)]);
    shape.k = double(a.shape[size_t(a.rank() - 1)]);
    shape.n = double(b.shape[size_t(b.rank() - 1)]);
  }
  return shape;
}

}  // namespace tilesched
