#include "target/CostFormula.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <optional>

#include "support/Decimal.h"

namespace tilesched {

// Recursive descent over  expr := term (('+'|'-') term)*,  term := unary (('*'|'/') unary)*,
// unary := '-' unary | primary,  primary := number | name | name '(' expr ',' expr ')' | '(' expr ')'.
// Nesting is bounded so that a pasted formula cannot exhaust the stack.
class FormulaParser {
public:
  FormulaParser(std::string_view text, CostFormula &out, CostFormula::Error &error)
      : text_(text), out_(out), error_(error) {}

  bool parse() {
    if (!expr(0)) return false;
    skip();
    if (pos_ < text_.size()) return fail("unexpected '" + std::string(1, text_[pos_]) + "'");
    return true;
  }

private:
  static constexpr int kMaxNesting = 32;
  using Kind = CostFormula::Step::Kind;

  void skip() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  bool fail(std::string message) {
    if (error_.message.empty()) error_ = {pos_, std::move(message)};
    return false;
  }
  bool accept(char c) {
    skip();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void emit(Kind kind) { out_.code_.push_back({kind, 0, FormulaVar::Bytes}); }

  bool expr(int depth) {
    if (depth > kMaxNesting) return fail("the formula nests more than " + std::to_string(kMaxNesting) + " levels");
    if (!term(depth)) return false;
    for (;;) {
      if (accept('+')) {
        if (!term(depth)) return false;
        emit(Kind::Add);
      } else if (accept('-')) {
        if (!term(depth)) return false;
        emit(Kind::Sub);
      } else return true;
    }
  }
  bool term(int depth) {
    if (!unary(depth)) return false;
    for (;;) {
      if (accept('*')) {
        if (!unary(depth)) return false;
        emit(Kind::Mul);
      } else if (accept('/')) {
        if (!unary(depth)) return false;
        emit(Kind::Div);
      } else return true;
    }
  }
  bool unary(int depth) {
    if (accept('-')) {
      if (depth > kMaxNesting) return fail("the formula nests more than " + std::to_string(kMaxNesting) + " levels");
      if (!unary(depth + 1)) return false;
      emit(Kind::Neg);
      return true;
    }
    return primary(depth);
  }
  bool primary(int depth) {
    skip();
    if (pos_ >= text_.size()) return fail("the formula ends where a number, a name or '(' is expected");
    const char c = text_[pos_];
    if (c == '(') {
      ++pos_;
      if (!expr(depth + 1)) return false;
      return accept(')') || fail("expected ')'");
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return number();
    if (std::isalpha(static_cast<unsigned char>(c))) return name(depth);
    return fail("unexpected '" + std::string(1, c) + "'; expected a number, a name or '('");
  }
  bool number() {
    const size_t begin = pos_;
    while (pos_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.')) ++pos_;
    const std::string_view digits = text_.substr(begin, pos_ - begin);
    const std::optional<double> value = parseDecimal(digits);
    if (!value) {
      pos_ = begin;
      return fail("'" + std::string(digits) + "' is not a number");
    }
    out_.code_.push_back({Kind::Number, *value, FormulaVar::Bytes});
    return true;
  }
  bool name(int depth) {
    const size_t begin = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
    const std::string_view word = text_.substr(begin, pos_ - begin);
    if (word == "max" || word == "min") {
      if (!accept('(')) return fail("expected '(' after " + std::string(word));
      if (!expr(depth + 1)) return false;
      if (!accept(',')) return fail("expected ',' between the two arguments of " + std::string(word));
      if (!expr(depth + 1)) return false;
      if (!accept(')')) return fail("expected ')' after the arguments of " + std::string(word));
      emit(word == "max" ? Kind::Max : Kind::Min);
      return true;
    }
    for (size_t v = 0; v < std::size(kFormulaVarNames); ++v)
      if (word == kFormulaVarNames[v]) {
        out_.code_.push_back({Kind::Var, 0, FormulaVar(v)});
        return true;
      }
    pos_ = begin;
    return fail("unknown name '" + std::string(word) +
                "' (expected bytes, m, n, k, flops, rate, max(a, b) or min(a, b))");
  }

  std::string_view text_;
  CostFormula &out_;
  CostFormula::Error &error_;
  size_t pos_ = 0;
};

std::optional<CostFormula> CostFormula::parse(std::string_view text, Error &error) {
  CostFormula f;
  f.text_ = std::string(text);
  error = {};
  if (!FormulaParser(text, f, error).parse()) return std::nullopt;
  return f;
}

std::optional<double> CostFormula::evaluate(const OpShape &shape, double rate) const {
  std::vector<double> stack;
  for (const Step &s : code_) {
    if (s.kind == Step::Kind::Number) {
      stack.push_back(s.number);
      continue;
    }
    if (s.kind == Step::Kind::Var) {
      std::optional<double> v;
      switch (s.var) {
      case FormulaVar::Bytes: v = shape.bytes; break;
      case FormulaVar::M: v = shape.m; break;
      case FormulaVar::N: v = shape.n; break;
      case FormulaVar::K: v = shape.k; break;
      case FormulaVar::Flops: v = shape.flops; break;
      case FormulaVar::Rate:
        if (rate > 0) v = rate;
        break;
      }
      if (!v) return std::nullopt;
      stack.push_back(*v);
      continue;
    }
    if (s.kind == Step::Kind::Neg) {
      stack.back() = -stack.back();
      continue;
    }
    const double b = stack.back();
    stack.pop_back();
    double &a = stack.back();
    switch (s.kind) {
    case Step::Kind::Add: a += b; break;
    case Step::Kind::Sub: a -= b; break;
    case Step::Kind::Mul: a *= b; break;
    case Step::Kind::Div:
      if (b == 0) return std::nullopt;
      a /= b;
      break;
    case Step::Kind::Max: a = std::max(a, b); break;
    case Step::Kind::Min: a = std::min(a, b); break;
    default: break;
    }
  }
  if (stack.size() != 1 || !std::isfinite(stack[0])) return std::nullopt;
  return stack[0];
}

}  // namespace tilesched
