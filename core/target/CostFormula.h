// Shape-aware op costs (docs/target-model.md, "Shape-aware costs"): a model entry's `shape_cost`
// gives its latency and footprint rows as formulas over what the op's types say about its work —
// the bytes of the tile it moves, an MMA's M, N, K and FLOPs, and the tensor cores' rate for its
// element type — so a measured model follows the op's shape instead of one reference tile.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tilesched {

// What an op's types say about its work; each unknown when the types do not give it.
struct OpShape {
  std::optional<double> bytes;    // the tile it moves (a TMA's box, a load's result, ...)
  std::optional<double> m, n, k;  // an MMA's dimensions
  std::optional<double> flops;    // an MMA's 2·M·N·K (times its batch)
  std::string element;            // an MMA's operand element type, for `rate`
};

// The variables a formula may name, in the order diagnostics list them.
enum class FormulaVar { Bytes, M, N, K, Flops, Rate };
inline constexpr const char *kFormulaVarNames[] = {"bytes", "m", "n", "k", "flops", "rate"};

// An arithmetic formula over the variables: numbers (decimals allowed), + - * /, parentheses,
// unary minus, max(a, b) and min(a, b). Kept as written, for printing, and as postfix code.
class CostFormula {
public:
  struct Error {
    size_t offset = 0;  // into the text
    std::string message;
  };
  // The formula, or the first error with its offset.
  static std::optional<CostFormula> parse(std::string_view text, Error &error);

  const std::string &text() const { return text_; }
  // The value for one op's shape and the tensor cores' rate for its element type (0: none);
  // nullopt when a variable it names is unknown, or it divides by zero or is not finite.
  std::optional<double> evaluate(const OpShape &shape, double rate) const;

  bool operator==(const CostFormula &o) const { return text_ == o.text_; }

private:
  struct Step {
    enum class Kind { Number, Var, Add, Sub, Mul, Div, Neg, Max, Min } kind = Kind::Number;
    double number = 0;
    FormulaVar var = FormulaVar::Bytes;
  };
  friend class FormulaParser;
  std::string text_;
  std::vector<Step> code_;
};

// `shape_cost` of an op entry: its latency and the number of cycles its footprint's row is held.
struct ShapeCost {
  std::optional<CostFormula> latency;
  std::optional<CostFormula> rows;
  bool operator==(const ShapeCost &o) const { return latency == o.latency && rows == o.rows; }
};

}  // namespace tilesched
