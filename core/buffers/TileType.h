// What a value's type says about the memory it needs: its shape, element width and, for the
// memory types, the space. Buffer assignment sizes buffers with it and the throughput estimate
// reads MMA shapes with it. A size is known only when every extent and the element width are:
// a dynamic extent (`?`) or an element type of no fixed width (`index`, pointers) is unknown,
// never guessed (docs/decisions.md, "Buffer assignment").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tilesched {

struct TileType {
  enum class Kind {
    None,        // not data: tokens, barriers, pipeline handles, types of unknown form
    Scalar,      // i32, f16, index: one element
    Tensor,      // tensor<>, vector<>, CUDA Tile's tile<>: a value the compiler places
    MemDesc,     // Triton's !ttg.memdesc<>: a view of shared or tensor memory
    Tmem,        // !nv_tileas.tmem<>: a tile in tensor memory
    Smem,        // !nv_tileas.smem<>: a tile in shared memory
    Descriptor,  // a TMA descriptor (!nv_tileas.tma_desc<>, !tt.tensordesc<>): its box
  };
  Kind kind = Kind::None;
  std::vector<int64_t> shape;  // -1: dynamic extent
  std::string element;         // "f16", "i32", ...
  int elementBits = 0;         // 0: no fixed width
  bool encoded = false;        // a tensor with a layout attribute (Triton's distributed tensors)
  bool tensorMemory = false;   // MemDesc: in tensor memory (#ttng.tensor_memory) rather than shared

  int rank() const { return static_cast<int>(shape.size()); }
  // Bytes of the elements from dimension `from` on (from = 1: one slot of a multi-buffered
  // allocation); nullopt when unknown or beyond 2^62.
  std::optional<int64_t> bytes(int from = 0) const;
  // Bytes a tensor takes in registers: bytes(), and for a tensor of Triton pointers one 64-bit
  // address per 8 contiguous elements (Triton's lowering derives the others from it: one 128-bit
  // access of 16-bit elements); nullopt when unknown.
  std::optional<int64_t> registerBytes() const;
  // Bytes of one element in registers, as a scalar takes them (a Triton pointer: one 64-bit
  // address); nullopt when unknown. A tensor of one value in every element (tt.splat) takes this.
  std::optional<int64_t> elementRegisterBytes() const;
};

// `type` with its aliases already expanded (TypeAliases::resolve).
TileType parseTileType(std::string_view type);

// The tile a TMA op moves: the box of its descriptor operand, else the first tile it loads
// (a result) or stores (an operand); none when its types name no tile.
std::optional<TileType> movedTile(const std::vector<TileType> &operands, const std::vector<TileType> &results);

// Bits of an element type ("bf16" 16, "f8E4M3FN" 8, "i1" 1); 0 when it has no fixed width.
int elementBits(std::string_view element);

}  // namespace tilesched
