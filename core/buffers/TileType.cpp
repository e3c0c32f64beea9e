#include "buffers/TileType.h"

#include <cctype>

namespace tilesched {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The parameters of `ctor<...>` split at top-level commas; empty when the brackets do not close.
std::vector<std::string_view> parameters(std::string_view text, size_t open) {
  std::vector<std::string_view> out;
  int depth = 0;
  size_t start = open + 1;
  for (size_t i = open; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '<' || c == '(' || c == '[' || c == '{') ++depth;
    else if (c == '>' || c == ')' || c == ']' || c == '}') {
      if (--depth == 0) {
        out.push_back(trim(text.substr(start, i - start)));
        return out;
      }
    } else if (c == ',' && depth == 1) {
      out.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  return {};
}

// "3x128x64xf16" -> shape {3, 128, 64}, element "f16"; "?x64xf32" -> {-1, 64}.
void readShape(std::string_view s, TileType &t) {
  for (;;) {
    size_t i = 0;
    if (i < s.size() && s[i] == '?') ++i;
    else
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == 0 || i >= s.size() || s[i] != 'x') break;
    int64_t extent = -1;
    if (s[0] != '?') {
      extent = 0;
      // An extent past 2^50 is unknown (-1) and stays unknown for the digits after it.
      for (size_t k = 0; k < i && extent >= 0; ++k)
        extent = extent > (int64_t{1} << 50) ? -1 : extent * 10 + (s[k] - '0');
    }
    t.shape.push_back(extent);
    s.remove_prefix(i + 1);
  }
  t.element = std::string(trim(s));
  t.elementBits = elementBits(t.element);
}

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

}  // namespace

int elementBits(std::string_view e) {
  if (e == "f16" || e == "bf16") return 16;
  if (e == "f32" || e == "tf32") return 32;
  if (e == "f64") return 64;
  // f8E4M3FN, f8E5M2, f6E2M3FN, f4E2M1FN: the width is the digit after the f.
  if (e.size() > 2 && e[0] == 'f' && (e[1] == '8' || e[1] == '6' || e[1] == '4') && std::isupper((unsigned char)e[2]))
    return e[1] - '0';
  std::string_view digits = startsWith(e, "si") || startsWith(e, "ui") ? e.substr(2)
                            : startsWith(e, "i")                       ? e.substr(1)
                                                                       : "";
  if (digits.empty() || digits.size() > 4) return 0;
  int bits = 0;
  for (char c : digits) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return 0;
    bits = bits * 10 + (c - '0');
  }
  return bits;
}

std::optional<int64_t> TileType::bytes(int from) const {
  if (elementBits == 0 || from > rank()) return std::nullopt;
  int64_t elements = 1;
  for (int d = from; d < rank(); ++d) {
    if (shape[d] < 0 || (shape[d] > 0 && elements > (int64_t{1} << 56) / shape[d])) return std::nullopt;
    elements *= shape[d];
  }
  return (elements * elementBits + 7) / 8;
}

std::optional<int64_t> TileType::registerBytes() const {
  if (elementBits > 0 || kind != Kind::Tensor || !startsWith(element, "!tt.ptr")) return bytes();
  TileType addresses = *this;  // one i64 per 8 elements
  addresses.elementBits = 8;
  return addresses.bytes();
}

std::optional<int64_t> TileType::elementRegisterBytes() const {
  if (elementBits > 0) return (elementBits + 7) / 8;
  if (startsWith(element, "!tt.ptr")) return 8;
  return std::nullopt;
}

std::optional<TileType> movedTile(const std::vector<TileType> &operands, const std::vector<TileType> &results) {
  for (const TileType &t : operands)
    if (t.kind == TileType::Kind::Descriptor) return t;
  for (const auto *list : {&results, &operands})
    for (const TileType &t : *list)
      if (t.kind == TileType::Kind::Tensor && t.rank() >= 1) return t;
  return std::nullopt;
}

TileType parseTileType(std::string_view type) {
  TileType t;
  type = trim(type);
  const size_t open = type.find('<');
  if (open == std::string_view::npos) {
    readShape(type, t);
    if (t.elementBits > 0 || t.element == "index") t.kind = TileType::Kind::Scalar;
    if (!t.shape.empty() || t.kind == TileType::Kind::None) return TileType{};
    return t;
  }
  const std::string_view ctor = type.substr(0, open);
  const std::vector<std::string_view> params = parameters(type, open);
  if (params.empty()) return t;
  if (ctor == "tensor" || ctor == "vector" || ctor == "tile" || ctor == "!cuda_tile.tile") {
    t.kind = TileType::Kind::Tensor;
    t.encoded = params.size() > 1;
  } else if (ctor == "!ttg.memdesc") {
    t.kind = TileType::Kind::MemDesc;
    for (size_t i = 1; i < params.size(); ++i)
      t.tensorMemory |= params[i].find("tensor_memory") != std::string_view::npos;
  } else if (ctor == "!nv_tileas.tmem") {
    t.kind = TileType::Kind::Tmem;
  } else if (ctor == "!nv_tileas.smem") {
    t.kind = TileType::Kind::Smem;
  } else if (ctor == "!nv_tileas.tma_desc" || ctor == "!tt.tensordesc") {
    // Triton spells the box either inline or as a tensor type: !tt.tensordesc<tensor<128x64xf16>>.
    if (startsWith(params[0], "tensor<")) {
      TileType box = parseTileType(params[0]);
      box.kind = TileType::Kind::Descriptor;
      box.encoded = false;
      return box;
    }
    t.kind = TileType::Kind::Descriptor;
  } else {
    return t;
  }
  readShape(params[0], t);
  return t;
}

}  // namespace tilesched
