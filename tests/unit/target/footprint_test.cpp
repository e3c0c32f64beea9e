// Footprint (target/Footprint.h): rows kept as runs of equal rows, read as the rows they stand for.
#include <catch2/catch.hpp>

#include "target/Footprint.h"

using namespace tilesched;

namespace {

std::vector<FootprintRow> rowsOf(const Footprint &fp) { return {fp.begin(), fp.end()}; }

}  // namespace

TEST_CASE("footprint: equal neighbouring rows are one run, read back row by row") {
  Footprint fp{{1}, {1}, {2, 3}};
  fp.append({2, 3}, 4);
  fp.append({}, 2);
  fp.append({9}, 0);  // no row
  REQUIRE(fp.runs().size() == 3);
  CHECK(fp.size() == 9);
  CHECK(fp.runs()[0].end == 2);
  CHECK(fp.runs()[1].end == 7);
  CHECK(fp.runs()[2].end == 9);
  const std::vector<FootprintRow> rows = rowsOf(fp);
  REQUIRE(rows.size() == 9);
  for (size_t k = 0; k < rows.size(); ++k) CHECK(fp[k] == rows[k]);
  CHECK(rows[1] == FootprintRow{1});
  CHECK(rows[2] == FootprintRow{2, 3});
  CHECK(rows[6] == FootprintRow{2, 3});
  CHECK(rows[7].empty());
  CHECK(fp.front() == FootprintRow{1});
  CHECK(fp.back().empty());
  // Built another way, the same rows are the same footprint.
  Footprint other;
  for (const FootprintRow &row : rows) other.push_back(row);
  CHECK(other == fp);
  other.push_back({});
  CHECK(other != fp);
  CHECK(Footprint{}.empty());
  CHECK(rowsOf(Footprint{}).empty());
}

TEST_CASE("footprint: truncate keeps the first rows, inside a run or at its end") {
  Footprint fp{{1}};
  fp.append({2}, 5);
  fp.push_back({3});
  Footprint mid = fp;
  mid.truncate(4);  // inside the run of {2}
  CHECK(rowsOf(mid) == std::vector<FootprintRow>{{1}, {2}, {2}, {2}});
  REQUIRE(mid.runs().size() == 2);
  Footprint edge = fp;
  edge.truncate(6);  // where the run of {2} ends
  CHECK(edge.runs().size() == 2);
  CHECK(edge.size() == 6);
  Footprint head = fp;
  head.truncate(1);
  CHECK(rowsOf(head) == std::vector<FootprintRow>{{1}});
  Footprint all = fp;
  all.truncate(fp.size());
  CHECK(all == fp);
  fp.truncate(0);
  CHECK(fp.empty());
}
