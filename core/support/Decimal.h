// Decimal text to double without the C library's strtod. musl's strtod scans through 128-bit
// long double, which WebAssembly has only in software: the scanner and that arithmetic were
// 6 KB gzip of the module for one caller, the cost formulas' numbers (docs/decisions.md).
#pragma once

#include <optional>
#include <string_view>

namespace tilesched {

// `text` is digits with at most one '.' and at least one digit ("12", "0.5", ".5", "5.").
// Returns the double nearest its value, ties to even (what strtod returns), or nullopt when
// `text` is not of that form or its value is past the largest double.
std::optional<double> parseDecimal(std::string_view text);

}  // namespace tilesched
