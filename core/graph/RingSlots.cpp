// The slot an index names, iteration by iteration (docs/decisions.md, "Ring buffers"). Each
// value of the index's expression is one of: a constant; a value that grows with the iteration
// (base + a*i + b: the induction variable, a counter advanced by a constant); a periodic value,
// given by its table over one turn of a rotation (a counter that wraps, the remainder of a
// growing value). A carried counter is classified by evaluating the value its iteration passes on
// with the counter itself as the unknown: `x + c` makes it grow; a function that maps 0, 1, ...,
// N-1 to 1, 2, ..., 0 (checked value by value: addi + cmpi + select, remsi / remui of an
// increment, xori for two slots all pass) makes it rotate through N slots.
#include "graph/RingSlots.h"

#include "graph/Agents.h"

#include <cctype>
#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tilesched {
namespace {

constexpr int64_t kBound = int64_t(1) << 40;  // larger values are not slot arithmetic
constexpr int kMaxExpressionDepth = 64;
constexpr size_t kMaxCounterNesting = 8;

struct Sym {
  enum class Kind { Unknown, Affine, Phase } kind = Kind::Unknown;
  int clock = 0;                 // Affine, Phase: 0 counts iterations; k > 0: base(k) unknown
  int64_t a = 0, b = 0;          // Affine: base(clock) + a*i + b (a constant: clock 0, a 0)
  std::vector<int64_t> table;    // Phase: value = table[(base(clock) + i) mod table.size()]
  std::optional<int64_t> first;  // Phase, clock 0: the value in iteration 0 when it is not table[0]
  std::string why;               // Unknown: in plain words
  std::string cause;             // Unknown: the first value of the chain that is not slot arithmetic

  static Sym constant(int64_t c) {
    Sym s;
    s.kind = Kind::Affine;
    s.b = c;
    return s;
  }
  static Sym unknown(std::string why) {
    Sym s;
    s.cause = why;
    s.why = std::move(why);
    return s;
  }
  bool isConst() const { return kind == Kind::Affine && clock == 0 && a == 0; }
  int64_t at0() const { return first ? *first : table[0]; }
};

enum class IntOp { Add, Sub, Mul, DivS, DivU, RemS, RemU, And, Or, Xor, MaxS, MinS, MaxU, MinU, Cmp, Select, Cast };

std::optional<IntOp> intOpOf(const std::string &name) {
  static const std::unordered_map<std::string, IntOp> ops = {
      {"arith.addi", IntOp::Add},      {"arith.subi", IntOp::Sub},        {"arith.muli", IntOp::Mul},
      {"arith.divsi", IntOp::DivS},    {"arith.divui", IntOp::DivU},      {"arith.remsi", IntOp::RemS},
      {"arith.remui", IntOp::RemU},    {"arith.andi", IntOp::And},        {"arith.ori", IntOp::Or},
      {"arith.xori", IntOp::Xor},      {"arith.maxsi", IntOp::MaxS},      {"arith.minsi", IntOp::MinS},
      {"arith.maxui", IntOp::MaxU},    {"arith.minui", IntOp::MinU},      {"arith.cmpi", IntOp::Cmp},
      {"arith.select", IntOp::Select}, {"arith.index_cast", IntOp::Cast}, {"arith.index_castui", IntOp::Cast},
      {"arith.extsi", IntOp::Cast},    {"arith.extui", IntOp::Cast},      {"arith.trunci", IntOp::Cast},
  };
  auto it = ops.find(name);
  if (it == ops.end()) return std::nullopt;
  return it->second;
}

size_t arityOf(IntOp op) { return op == IntOp::Select ? 3 : op == IntOp::Cast ? 1 : 2; }

// One integer op on concrete values; nullopt where the result is not slot arithmetic (a division
// by zero, an unsigned op on a negative value, a value out of bounds).
std::optional<int64_t> applyConcrete(IntOp op, int predicate, const std::vector<int64_t> &v) {
  const int64_t x = v[0], y = v.size() > 1 ? v[1] : 0;
  const bool isUnsigned = op == IntOp::DivU || op == IntOp::RemU || op == IntOp::MaxU || op == IntOp::MinU ||
                          (op == IntOp::Cmp && predicate >= 6);
  if (isUnsigned && (x < 0 || y < 0)) return std::nullopt;
  int64_t r = 0;
  switch (op) {
  case IntOp::Add: r = x + y; break;
  case IntOp::Sub: r = x - y; break;
  case IntOp::Mul:
    if (__builtin_mul_overflow(x, y, &r)) return std::nullopt;
    break;
  case IntOp::DivS:
  case IntOp::DivU:
    if (y == 0) return std::nullopt;
    r = x / y;
    break;
  case IntOp::RemS:
  case IntOp::RemU:
    if (y == 0) return std::nullopt;
    r = x % y;
    break;
  case IntOp::And: r = x & y; break;
  case IntOp::Or: r = x | y; break;
  case IntOp::Xor: r = x ^ y; break;
  case IntOp::MaxS:
  case IntOp::MaxU: r = std::max(x, y); break;
  case IntOp::MinS:
  case IntOp::MinU: r = std::min(x, y); break;
  case IntOp::Cmp: {
    const bool results[] = {x == y, x != y, x<y, x <= y, x> y, x >= y, x<y, x <= y, x> y, x >= y};
    r = results[predicate] ? 1 : 0;
    break;
  }
  case IntOp::Select: r = x != 0 ? y : v[2]; break;
  case IntOp::Cast: r = x; break;
  }
  if (r <= -kBound || r >= kBound) return std::nullopt;
  return r;
}

}  // namespace

// arith.cmpi's predicate: the keyword of the custom form or the generic form's integer.
std::optional<int> cmpiPredicate(const Operation &op) {
  static const char *names[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
  if (const Attribute *p = op.lookupAttr("predicate"); p && p->asInt() && *p->asInt() >= 0 && *p->asInt() < 10)
    return static_cast<int>(*p->asInt());
  size_t end = 0;
  while (end < op.operandText.size() && std::isalpha(static_cast<unsigned char>(op.operandText[end]))) ++end;
  const std::string word = op.operandText.substr(0, end);
  for (int k = 0; k < 10; ++k)
    if (word == names[k]) return k;
  return std::nullopt;
}

struct SlotAnalysis::Impl {
  const ScheduledBlock &block;
  std::unordered_map<const Value *, Sym> argSyms;
  std::unordered_set<const Value *> inProgress;

  explicit Impl(const ScheduledBlock &b) : block(b) {}

  // Evaluates values under one assumption about the carried counter being classified (`env`),
  // memoising what it computed.
  struct Evaluator {
    Impl &impl;
    std::unordered_map<const Value *, Sym> env;
    std::unordered_map<const Value *, Sym> memo;

    Sym eval(const Value *v, int depth) {
      if (auto it = env.find(v); it != env.end()) return it->second;
      if (auto it = memo.find(v); it != memo.end()) return it->second;
      Sym s = depth > kMaxExpressionDepth ? Sym::unknown(v->name + " is computed by too long a chain of ops")
                                          : compute(v, depth);
      memo.emplace(v, s);
      return s;
    }

    Sym compute(const Value *v, int depth) {
      const Operation *op = v->definingOp;
      if (!op) return impl.argument(v);
      if (op->name == "arith.constant") {
        const Attribute *value = op->syntax == OpSyntax::Constant ? &op->constantValue : op->lookupAttr("value");
        if (value && value->asInt()) return Sym::constant(*value->asInt());
        return Sym::unknown(v->name + " is not an integer constant");
      }
      for (const Operation *p = op->parentOp(); p; p = p->parentOp())
        if (p == impl.block.loop.op && op->parentBlock != impl.block.body)
          return Sym::unknown(v->name + " is computed inside a region of the loop body");
      const std::optional<IntOp> kind = intOpOf(op->name);
      if (!kind || op->operands.size() != arityOf(*kind) || op->results.size() != 1)
        return Sym::unknown(v->name + " comes from " + op->name + ", which tilesched does not evaluate");
      std::optional<int> predicate;
      if (*kind == IntOp::Cmp && !(predicate = cmpiPredicate(*op)))
        return Sym::unknown(v->name + ": unknown comparison predicate");
      std::vector<Sym> args;
      for (const Value *operand : op->operands) {
        args.push_back(eval(operand, depth + 1));
        if (args.back().kind == Sym::Kind::Unknown) return args.back();
      }
      return combine(*kind, predicate.value_or(0), args, v->name);
    }

    static Sym combine(IntOp op, int predicate, const std::vector<Sym> &args, const std::string &name) {
      bool phase = false;
      for (const Sym &s : args) phase |= s.kind == Sym::Kind::Phase;
      if (phase) return elementwise(op, predicate, args, name);
      bool allConst = true;
      for (const Sym &s : args) allConst &= s.isConst();
      if (allConst) {
        std::vector<int64_t> v;
        for (const Sym &s : args) v.push_back(s.b);
        if (std::optional<int64_t> r = applyConcrete(op, predicate, v)) return Sym::constant(*r);
        return Sym::unknown(name + " overflows or divides by zero");
      }
      return affine(op, args, name);
    }

    // Periodic operands of one rotation (and constants): the op on each entry of the table.
    static Sym elementwise(IntOp op, int predicate, const std::vector<Sym> &args, const std::string &name) {
      const Sym *shape = nullptr;
      for (const Sym &s : args) {
        if (s.kind == Sym::Kind::Affine && !s.isConst())
          return Sym::unknown(name + " mixes a rotating slot with a value that grows with the iteration");
        if (s.kind != Sym::Kind::Phase) continue;
        if (shape && (shape->clock != s.clock || shape->table.size() != s.table.size()))
          return Sym::unknown(name + " mixes two rotations whose relative position tilesched cannot tell");
        shape = &s;
      }
      Sym out;
      out.kind = Sym::Kind::Phase;
      out.clock = shape->clock;
      bool hasFirst = false;
      for (const Sym &s : args) hasFirst |= s.kind == Sym::Kind::Phase && s.first.has_value();
      auto entry = [&](const Sym &s, size_t k) { return s.kind == Sym::Kind::Phase ? s.table[k] : s.b; };
      for (size_t k = 0; k <= shape->table.size(); ++k) {
        const bool atFirst = k == shape->table.size();
        if (atFirst && !hasFirst) break;
        std::vector<int64_t> v;
        for (const Sym &s : args) v.push_back(atFirst ? (s.kind == Sym::Kind::Phase ? s.at0() : s.b) : entry(s, k));
        std::optional<int64_t> r = applyConcrete(op, predicate, v);
        if (!r) return Sym::unknown(name + " overflows, divides by zero or compares unsigned a negative value");
        if (atFirst) out.first = *r;
        else out.table.push_back(*r);
      }
      return out;
    }

    // Growing values: sums, constant multiples, exact quotients; a remainder wraps them.
    static Sym affine(IntOp op, const std::vector<Sym> &args, const std::string &name) {
      const Sym &x = args[0];
      const Sym &y = args.size() > 1 ? args[1] : args[0];
      Sym out = x;
      const std::string grows = name + " grows with the iteration and never wraps round";
      switch (op) {
      case IntOp::Cast: return x;
      case IntOp::Add:
        if (x.clock != 0 && y.clock != 0) return Sym::unknown(name + " adds two counters of unknown start");
        out.clock = x.clock != 0 ? x.clock : y.clock;
        out.a = x.a + y.a;
        out.b = x.b + y.b;
        return bounded(out, name);
      case IntOp::Sub:
        if (y.clock != 0 && y.clock != x.clock) return Sym::unknown(name + " subtracts a counter of unknown start");
        out.clock = x.clock == y.clock ? 0 : x.clock;
        out.a = x.a - y.a;
        out.b = x.b - y.b;
        return bounded(out, name);
      case IntOp::Mul: {
        const Sym &grow = x.isConst() ? y : x;
        const int64_t c = x.isConst() ? x.b : y.b;
        if (!x.isConst() && !y.isConst()) return Sym::unknown(name + " multiplies two growing values");
        if (grow.clock != 0 && c != 1) return Sym::unknown(name + " scales a counter of unknown start");
        out = grow;
        if (__builtin_mul_overflow(grow.a, c, &out.a) || __builtin_mul_overflow(grow.b, c, &out.b))
          return Sym::unknown(name + " overflows");
        return bounded(out, name);
      }
      case IntOp::DivS:
      case IntOp::DivU:
        // Exact for every i >= 0 when the divisor divides the step and nothing is negative.
        if (!y.isConst() || y.b <= 0 || x.clock != 0 || x.a < 0 || x.b < 0 || x.a % y.b != 0)
          return Sym::unknown(name + " divides a growing value inexactly");
        out.a = x.a / y.b;
        out.b = x.b / y.b;
        return out;
      case IntOp::RemS:
      case IntOp::RemU: return wrap(x, y, name);
      case IntOp::And:
        // x & (2^k - 1) is x mod 2^k for x >= 0.
        if (y.isConst() && y.b >= 0 && ((y.b + 1) & y.b) == 0) return wrap(x, Sym::constant(y.b + 1), name);
        return Sym::unknown(grows);
      default: return Sym::unknown(grows);
      }
    }

    static Sym bounded(Sym s, const std::string &name) {
      if (s.a <= -kBound || s.a >= kBound || s.b <= -kBound || s.b >= kBound) return Sym::unknown(name + " overflows");
      if (s.clock == 0 && s.a == 0) return Sym::constant(s.b);
      return s;
    }

    // (base + a*i + b) mod n. From iteration 0 (clock 0) its table is (a*k + b) mod n over
    // k = i mod n, when nothing is negative; a counter of unknown start rotates only when it
    // advances by one slot (a = 1 mod n), its base being a slot (any other start is out of range).
    static Sym wrap(const Sym &x, const Sym &n, const std::string &name) {
      if (!n.isConst() || n.b <= 0)
        return Sym::unknown(name + " is a remainder by a value that is not a positive constant");
      if (n.b > kMaxRingSlots)
        return Sym::unknown(name + " wraps at " + std::to_string(n.b) + ", more than " + std::to_string(kMaxRingSlots) +
                            " slots");
      Sym out;
      out.kind = Sym::Kind::Phase;
      out.clock = x.clock;
      if (x.clock == 0) {
        if (x.a < 0 || x.b < 0) return Sym::unknown(name + " is a remainder of a value that may be negative");
        for (int64_t k = 0; k < n.b; ++k) out.table.push_back((x.a % n.b * k + x.b) % n.b);
        return out;
      }
      if (((x.a % n.b) + n.b) % n.b != 1 % n.b)
        return Sym::unknown(name + " is a remainder of a counter of unknown start that does not advance by one");
      for (int64_t k = 0; k < n.b; ++k) out.table.push_back(((k + x.b) % n.b + n.b) % n.b);
      return out;
    }
  };

  // A block argument: the induction variable, a carried counter, or an argument of something else.
  Sym argument(const Value *v) {
    const LoopView &loop = block.loop;
    if (!block.isLoop || !loop.op || v->ownerBlock != block.body)
      return Sym::unknown(v->name + " is not a constant (an argument from outside the loop)");
    if (auto it = argSyms.find(v); it != argSyms.end()) return it->second;
    if (!inProgress.insert(v).second) return Sym::unknown(v->name + " is carried in a cycle with another counter");
    // Counters defined through other counters nest evaluations; a bound keeps the stack small.
    Sym s = inProgress.size() > kMaxCounterNesting
                ? Sym::unknown(v->name + " depends on too many other carried counters")
            : v->index < loop.kind->inductionVars ? inductionVariable(v)
                                                  : counter(v);
    inProgress.erase(v);
    argSyms.emplace(v, s);
    return s;
  }

  Sym outside(const Value *v) { return Evaluator{*this, {}, {}}.eval(v, 0); }

  // scf.for / cuda_tile.for: (lb, ub, step) are the loop's first operands.
  Sym inductionVariable(const Value *iv) {
    const LoopView &loop = block.loop;
    if (loop.kind->inductionVars != 1 || loop.kind->firstInit != 3 || loop.op->operands.size() < 3)
      return Sym::unknown(iv->name + " is not the induction variable of a counted loop");
    const Sym lb = outside(loop.op->operands[0]), step = outside(loop.op->operands[2]);
    if (!step.isConst() || step.b == 0)
      return Sym::unknown("the loop's step " + loop.op->operands[2]->name + " is not a constant");
    Sym s;
    s.kind = Sym::Kind::Affine;
    s.a = step.b;
    if (lb.isConst()) s.b = lb.b;
    else s.clock = 1 + iv->index;
    return s;
  }

  Sym counter(const Value *x) {
    const LoopView &loop = block.loop;
    const Value *next = loop.nextIterationValue(x);
    const size_t initAt = size_t(loop.kind->firstInit + x->index - loop.kind->inductionVars);
    if (!next || initAt >= loop.op->operands.size()) return Sym::unknown(x->name + " is not a carried value");
    const Sym init = outside(loop.op->operands[initAt]);
    const int clock = 1 + x->index;
    const std::string from = x->name + " is carried from " + next->name;

    // x + c: a growing counter.
    Sym unknownStart;
    unknownStart.kind = Sym::Kind::Affine;
    unknownStart.clock = clock;
    const Sym stepped = Evaluator{*this, {{x, unknownStart}}, {}}.eval(next, 0);
    if (stepped.kind == Sym::Kind::Affine && stepped.clock == clock && stepped.a == 0) {
      Sym s;
      s.kind = Sym::Kind::Affine;
      s.a = stepped.b;
      if (init.isConst()) s.b = init.b;
      else s.clock = clock;
      return s;
    }
    // 0 -> 1 -> ... -> N-1 -> 0: a rotation through N slots.
    auto step = [&](int64_t value) -> std::optional<int64_t> {
      const Sym r = Evaluator{*this, {{x, Sym::constant(value)}}, {}}.eval(next, 0);
      if (!r.isConst()) return std::nullopt;
      return r.b;
    };
    int period = 0;
    for (int64_t k = 0; k < kMaxRingSlots; ++k) {
      const std::optional<int64_t> n = step(k);
      if (!n || (*n != k + 1 && *n != 0)) break;
      if (*n == 0) {
        period = static_cast<int>(k + 1);
        break;
      }
    }
    if (period == 0) {
      const Sym first = Evaluator{*this, {{x, Sym::constant(0)}}, {}}.eval(next, 0);
      if (first.kind == Sym::Kind::Unknown) {  // one hop and the cause, however long the chain
        Sym u = Sym::unknown(from + ", and " + first.cause);
        u.cause = first.cause;
        return u;
      }
      return Sym::unknown(from + ", which neither adds a constant nor wraps round at most " +
                          std::to_string(kMaxRingSlots) + " slots");
    }
    Sym s;
    s.kind = Sym::Kind::Phase;
    if (!init.isConst()) {
      s.clock = clock;
      for (int k = 0; k < period; ++k) s.table.push_back(k);
      return s;
    }
    int64_t second = init.b;  // the slot of iteration 1 once the counter is on its rotation
    if (init.b < 0 || init.b >= period) {
      const std::optional<int64_t> n = step(init.b);
      if (!n || *n < 0 || *n >= period)
        return Sym::unknown(x->name + " starts at " + std::to_string(init.b) + ", off its rotation through " +
                            std::to_string(period) + " slots");
      second = *n - 1;
      s.first = init.b;
    }
    for (int k = 0; k < period; ++k) s.table.push_back(((k + second) % period + period) % period);
    return s;
  }
};

SlotAnalysis::SlotAnalysis(const ScheduledBlock &block) : impl_(std::make_unique<Impl>(block)) {}
SlotAnalysis::~SlotAnalysis() = default;

SlotOrReason SlotAnalysis::slotOf(const Value *index) {
  const Sym s = Impl::Evaluator{*impl_, {}, {}}.eval(index, 0);
  const std::string &name = index->name;
  if (s.kind == Sym::Kind::Unknown) return {std::nullopt, s.why};
  if (s.isConst()) return {std::nullopt, "its slot " + name + " is " + std::to_string(s.b) + " in every iteration"};
  if (s.kind == Sym::Kind::Affine)
    return {std::nullopt, "its slot " + name + " grows with the iteration and never wraps round"};
  const int period = static_cast<int>(s.table.size());
  const int64_t offset = s.table[0];
  for (int k = 0; k < period; ++k)
    if (s.table[size_t(k)] != (k + offset) % period || offset < 0 || offset >= period)
      return {std::nullopt, "its slot " + name + " does not advance by one slot per iteration"};
  if (s.first && *s.first != offset)
    return {std::nullopt,
            "its slot " + name + " is " + std::to_string(*s.first) + " in the first iteration, off its rotation"};
  return {RingSlot{s.clock, period, static_cast<int>(offset)}, ""};
}

namespace {

// The dimensions of `memdesc<3x128x64xf16, ...>`: the integers before the element type.
std::optional<std::vector<int64_t>> memdescShape(const std::string &type) {
  const size_t at = type.find("memdesc<");
  if (at == std::string::npos) return std::nullopt;
  std::vector<int64_t> dims;
  size_t i = at + 8;
  while (i < type.size() && std::isdigit(static_cast<unsigned char>(type[i]))) {
    int64_t d = 0;
    while (i < type.size() && std::isdigit(static_cast<unsigned char>(type[i])) && d < kBound)
      d = d * 10 + (type[i++] - '0');
    if (i >= type.size() || type[i] != 'x') return std::nullopt;
    dims.push_back(d);
    ++i;
  }
  return dims;
}

// An op on an aref other than its creation: Triton's nvws.aref.* ops take the aref first.
bool usesAref(const Operation &op) {
  return op.name.rfind("nvws.aref.", 0) == 0 && op.name != "nvws.aref.create" && !op.operands.empty() &&
         op.operands[0]->definingOp && op.operands[0]->definingOp->name == "nvws.aref.create";
}

}  // namespace

ArefBuffer arefBufferOf(const Value &v) {
  const Operation *def = v.definingOp;
  if (!def) return {};
  if (def->name == "nvws.aref.create") return {&v, &v};
  const bool buffers =
      def->name == "nvws.aref.put.enter" || def->name == "nvws.aref.get.enter" || def->name == "nvws.aref.buffer";
  if (!buffers || !usesAref(*def)) return {};
  const Operation *create = def->operands[0]->definingOp;
  if (v.index < 0 || size_t(v.index) >= create->operands.size()) return {};  // the token
  return {def->operands[0], create->operands[size_t(v.index)]};
}

std::unordered_map<const Value *, Aref> loopArefs(const ScheduledBlock &block,
                                                  const std::function<std::optional<int>(const Value &)> &leading) {
  std::unordered_map<const Value *, Aref> out;
  if (!block.isLoop) return out;
  std::vector<const Value *> order;  // first use first
  // Puts and gets per iteration, per partition: each consumer partition gets every slot once.
  std::map<std::tuple<const Value *, bool, std::vector<int>>, int> enters;
  for (Operation *node : block.ops)
    walkOps(*node, [&](Operation &op) {
      if (!usesAref(op)) return;
      const Value *aref = op.operands[0];
      if (out.emplace(aref, Aref{}).second) order.push_back(aref);
      const bool put = op.name == "nvws.aref.put.enter";
      if (!put && op.name != "nvws.aref.get.enter") return;
      std::string &why = out[aref].slot.reason;
      int &count = enters[{aref, put, partitionIdsOf(op)}];
      if (why.empty() && op.parentBlock != block.body)
        why = op.name + " is inside a region of the loop body, which may not run in every iteration";
      if (why.empty() && ++count > 1)
        why = std::string(put ? "it is put" : "its buffers are got") + " twice per iteration by one partition";
    });
  for (size_t k = 0; k < order.size(); ++k) {
    Aref &a = out[order[k]];
    const Operation *create = order[k]->definingOp;
    std::optional<int> n;
    bool agree = !create->operands.empty();
    for (const Value *b : create->operands) {
      const std::optional<int> d = leading(*b);
      agree &= d.has_value() && (!n || *n == *d);
      n = d;
    }
    a.buffers = agree && n ? *n : 0;
    std::string &why = a.slot.reason;
    for (const Operation *p = create; p && why.empty(); p = p->parentOp())
      if (p == block.loop.op) why = "it is created inside the loop, a new one in every iteration";
    if (why.empty() && a.buffers < 1) why = "its buffers' types do not show one number of slots";
    if (why.empty() && a.buffers > kMaxRingSlots)
      why = "it has " + std::to_string(a.buffers) + " buffers, more than " + std::to_string(kMaxRingSlots);
    if (why.empty()) a.slot.slot = RingSlot{-1 - static_cast<int>(k), a.buffers, 0};
  }
  return out;
}

std::optional<int> leadingDimension(const std::string &type) {
  std::optional<std::vector<int64_t>> dims = memdescShape(type);
  if (!dims || dims->empty() || dims->front() > INT32_MAX) return std::nullopt;
  return static_cast<int>(dims->front());
}

std::optional<int> memdescRank(const std::string &type) {
  std::optional<std::vector<int64_t>> dims = memdescShape(type);
  if (!dims) return std::nullopt;
  return static_cast<int>(dims->size());
}

}  // namespace tilesched
