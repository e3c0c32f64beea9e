#include "driver/InputChunks.h"

#include <algorithm>
#include <memory>

#include "ir/OpKinds.h"
#include "support/LineEnds.h"

namespace tilesched {

const char *chunkStatusName(ChunkResult::Status s) {
  switch (s) {
  case ChunkResult::Status::Ok: return "ok";
  case ChunkResult::Status::Partial: return "partial";
  case ChunkResult::Status::Failed: return "failed";
  }
  return "failed";
}

namespace {

bool before(SourceLoc a, SourceLoc b) { return a.line != b.line ? a.line < b.line : a.col < b.col; }
bool contains(SourceRange r, SourceLoc at) { return !before(at, r.begin) && before(at, r.end); }

// The function whose text holds `at`, or nullptr (functions do not nest).
const Operation *functionAt(Module &module, SourceLoc at) {
  const Operation *found = nullptr;
  walkModule(module, [&](Operation &op) {
    if (!found && isFunctionOpName(op.name) && contains(op.range, at)) found = &op;
  });
  return found;
}

std::string functionName(const Operation &op) { return op.symbol.empty() ? op.spelledName() : op.symbol; }

ChunkResult readChunk(const InputChunk &source, const std::shared_ptr<const TargetModel> &model, bool split,
                      DiagnosticEngine &diags) {
  ChunkResult c;
  c.source = source;
  c.model = model;
  const size_t first = diags.all().size();
  c.module = parseSource(source.text, diags, ParseLimits{}, source.firstLine);
  const size_t parsed = diags.all().size();
  bool outside = false;
  for (size_t i = first; i < parsed; ++i) {
    const Diagnostic &d = diags.all()[i];
    if (d.severity != Severity::Error) continue;
    const Operation *f = functionAt(*c.module, d.range.begin);
    if (!f) outside = true;
    else if (std::find(c.damaged.begin(), c.damaged.end(), f) == c.damaged.end()) c.damaged.push_back(f);
  }
  const int errorsBeforePools = diags.errorCount();
  if (hasModulePools(*c.module)) {
    auto own = std::make_shared<TargetModel>(*model);
    applyModulePools(*c.module, *own, diags);
    c.model = std::move(own);
  }
  outside = outside || diags.errorCount() != errorsBeforePools;  // a malformed sched.pools: the whole chunk
  if (outside) {
    c.status = ChunkResult::Status::Failed;
    c.module.reset();
    c.damaged.clear();
    if (split)
      diags.note(SourceRange::at({source.firstLine, 1}),
                 "nothing in the chunk of lines " + std::to_string(source.firstLine) + "-" +
                     std::to_string(source.lastLine) + " is scheduled: it has an error outside every function");
    return c;
  }
  if (!c.damaged.empty()) c.status = ChunkResult::Status::Partial;
  for (const Operation *f : c.damaged)
    diags.note(f->nameRange, "'" + functionName(*f) +
                                 "' is not scheduled because of the parse error(s) in it; the other functions are");
  return c;
}

}  // namespace

std::vector<ChunkResult> readChunks(std::string_view source, const std::shared_ptr<const TargetModel> &model,
                                    DiagnosticEngine &diags) {
  std::vector<ChunkResult> chunks;
  const std::vector<InputChunk> parts = splitInput(source);
  for (const InputChunk &part : parts) chunks.push_back(readChunk(part, model, parts.size() > 1, diags));
  return chunks;
}

bool isSchedulable(const ChunkResult &chunk, const ScheduledBlock &block) {
  for (const Operation *op = block.owner; op; op = op->parentOp())
    if (std::find(chunk.damaged.begin(), chunk.damaged.end(), op) != chunk.damaged.end()) return false;
  return true;
}

std::string_view sourceText(const InputChunk &chunk, SourceRange range) {
  auto offset = [&](SourceLoc at) {
    size_t pos = 0;
    for (int line = chunk.firstLine; line < at.line && pos < chunk.text.size(); ++line)
      pos = nextLineStart(chunk.text, pos);
    return std::min(chunk.text.size(), pos + static_cast<size_t>(std::max(0, at.col - 1)));
  };
  size_t begin = offset(range.begin), end = offset(range.end);
  return chunk.text.substr(begin, end > begin ? end - begin : 0);
}

}  // namespace tilesched
