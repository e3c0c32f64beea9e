#include "support/Decimal.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace tilesched {

namespace {

// A natural number in 32-bit limbs, least significant first, no leading zero limb.
struct Natural {
  std::vector<uint32_t> limbs;

  void multiplyAdd(uint32_t factor, uint32_t addend) {
    uint64_t carry = addend;
    for (uint32_t &limb : limbs) {
      carry += uint64_t(limb) * factor;
      limb = uint32_t(carry);
      carry >>= 32;
    }
    if (carry) limbs.push_back(uint32_t(carry));
  }
  Natural shiftedLeft(int bits) const {
    Natural out;
    if (limbs.empty()) return out;
    out.limbs.assign(size_t(bits / 32), 0);
    uint32_t carry = 0;
    for (uint32_t limb : limbs) {
      out.limbs.push_back(bits % 32 ? limb << bits % 32 | carry : limb);
      carry = bits % 32 ? limb >> (32 - bits % 32) : 0;
    }
    if (carry) out.limbs.push_back(carry);
    return out;
  }
  int bitLength() const {
    if (limbs.empty()) return 0;
    int top = 0;
    for (uint32_t v = limbs.back(); v; v >>= 1) ++top;
    return int(limbs.size() - 1) * 32 + top;
  }
  int compare(const Natural &o) const {
    if (limbs.size() != o.limbs.size()) return limbs.size() < o.limbs.size() ? -1 : 1;
    for (size_t i = limbs.size(); i-- > 0;)
      if (limbs[i] != o.limbs[i]) return limbs[i] < o.limbs[i] ? -1 : 1;
    return 0;
  }
  void subtract(const Natural &o) {  // *this >= o
    int64_t borrow = 0;
    for (size_t i = 0; i < limbs.size(); ++i) {
      int64_t v = int64_t(limbs[i]) - borrow - (i < o.limbs.size() ? int64_t(o.limbs[i]) : 0);
      borrow = v < 0;
      limbs[i] = uint32_t(v + (borrow << 32));
    }
    while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
  }
};

// Enough significant digits to round any decimal to a double (at most 767 decide it), the rest
// folded into one nonzero digit after them when any of it is nonzero.
constexpr size_t kKeptDigits = 800;

// num / den (both nonzero) rounded to the nearest double, ties to even: a 53- or 54-bit
// quotient by long division, then the remainder rounds it. Subnormals keep fewer bits.
double roundQuotient(const Natural &num, const Natural &den) {
  int shift = 53 - (num.bitLength() - den.bitLength());  // quotient * 2^-shift, 2^52 < it < 2^54
  if (shift > 1074) shift = 1074;                        // the subnormals' unit, 2^-1074
  Natural rest = shift > 0 ? num.shiftedLeft(shift) : num;
  const Natural divisor = shift < 0 ? den.shiftedLeft(-shift) : den;
  uint64_t quotient = 0;
  for (int bit = 54; bit >= 0; --bit) {
    const Natural step = divisor.shiftedLeft(bit);
    if (rest.compare(step) >= 0) {
      rest.subtract(step);
      quotient |= uint64_t(1) << bit;
    }
  }
  int vsHalf = rest.shiftedLeft(1).compare(divisor);  // the remainder against half a unit
  if (quotient >> 53) {                               // 54 bits: the last one rounds
    vsHalf = quotient & 1 ? (rest.limbs.empty() ? 0 : 1) : -1;
    quotient >>= 1;
    --shift;
  }
  if (vsHalf > 0 || (vsHalf == 0 && quotient & 1)) ++quotient;
  return std::ldexp(double(quotient), -shift);
}

}  // namespace

std::optional<double> parseDecimal(std::string_view text) {
  std::string digits;  // all digits, leading zeros dropped
  int fraction = -1;   // digits after the '.', -1 before one
  bool anyDigit = false;
  for (char c : text) {
    if (c == '.') {
      if (fraction >= 0) return std::nullopt;
      fraction = 0;
      continue;
    }
    if (c < '0' || c > '9') return std::nullopt;
    anyDigit = true;
    if (fraction >= 0) ++fraction;
    if (c != '0' || !digits.empty()) digits.push_back(c);
  }
  if (!anyDigit) return std::nullopt;
  if (digits.empty()) return 0.0;
  const long fractionDigits = fraction < 0 ? 0 : fraction;
  const long wholeDigits = long(digits.size()) - fractionDigits;  // value < 10^wholeDigits
  if (wholeDigits > 309) return std::nullopt;                     // past 1.8e308
  if (wholeDigits < -323) return 0.0;                             // below 1e-324, under half the least subnormal
  long scale = fractionDigits;                                    // value = digits / 10^scale
  if (digits.size() > kKeptDigits) {
    const bool inexact = digits.find_first_not_of('0', kKeptDigits) != std::string::npos;
    scale -= long(digits.size() - kKeptDigits);
    digits.resize(kKeptDigits);
    if (inexact) {
      digits.push_back('1');
      ++scale;
    }
  }
  if (digits.size() <= 15 && scale <= 22) {  // both exact doubles: one rounding, the division's
    double whole = 0, power = 1;
    for (char c : digits) whole = whole * 10 + (c - '0');
    for (long i = 0; i < scale; ++i) power *= 10;
    return whole / power;
  }
  Natural num, den;
  for (char c : digits) num.multiplyAdd(10, uint32_t(c - '0'));
  den.limbs = {1};
  for (long i = 0; i < scale; ++i) den.multiplyAdd(10, 0);
  const double value = roundQuotient(num, den);
  if (std::isinf(value)) return std::nullopt;
  return value;
}

}  // namespace tilesched
