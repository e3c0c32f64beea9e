#include "driver/InputChunks.h"

#include <algorithm>
#include <memory>

#include "ir/OpKinds.h"
#include "pipeline/BlockPipeline.h"
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

const char *modelSourceName(ModelChoice::Source s) {
  switch (s) {
  case ModelChoice::Source::IRTarget: return "ir-target";
  case ModelChoice::Source::Option: return "option";
  case ModelChoice::Source::Default: return "default";
  }
  return "default";
}

std::string modelWords(const TargetModel &model) {
  std::string words = builtinModelWords(model.name);
  return words.empty() ? "model '" + model.name + "'" : words;
}

std::string modelChoiceWords(const ChunkResult &chunk) {
  const std::string words = modelWords(*chunk.model);
  const std::optional<IRTarget> &target = chunk.modelChoice.target;
  switch (chunk.modelChoice.source) {
  case ModelChoice::Source::IRTarget: return words + ", from the IR's target " + target->text;
  case ModelChoice::Source::Option:
    return words + ", as --model asks" + (target ? " (the IR targets " + target->text + ")" : "");
  case ModelChoice::Source::Default: break;
  }
  return words + ", the default: " +
         (target ? "no built-in model describes the IR's target " + target->text : "the IR names no target");
}

std::string targetWords(const ChunkResult &chunk) {
  if (chunk.modelChoice.source == ModelChoice::Source::IRTarget) return chunk.modelChoice.target->text;
  const std::string words = builtinModelWords(chunk.model->name);
  return (words.empty() ? "" : words + ", ") + "model '" + chunk.model->name + "'";
}

std::shared_ptr<const TargetModel> loadRunModel(const DriverOptions &opts, DiagnosticEngine &diags) {
  if (!opts.modelJson) {
    const std::string name = opts.modelName.value_or(options::kDefaultModel);
    std::shared_ptr<const TargetModel> m = builtinTargetModel(name);
    if (!m) {
      std::string names;
      for (const std::string &n : builtinTargetModelNames()) names += (names.empty() ? "" : ", ") + n;
      diags.error({}, "unknown target model '" + name + "' (built-in models: " + names + "; or pass --model=PATH.json)",
                  MessageData(MessageId::UnknownModel)
                      .with(MessageFieldId::Name, name)
                      .with(MessageFieldId::Builtin, names)
                      .with(MessageFieldId::Option, "model"));
    }
    return m;
  }
  diags.setFile(opts.modelPath.empty() ? "<model>" : opts.modelPath);
  std::optional<TargetModel> m = parseTargetModel(*opts.modelJson, diags);
  diags.setFile("");
  return m ? std::make_shared<const TargetModel>(std::move(*m)) : nullptr;
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

// --model when the run names one, else the built-in model of the IR's target, else the default.
// A target that disagrees with --model, or that no built-in model describes, is a warning at the
// target attribute (docs/decisions.md, "The target from the IR").
void chooseModel(ChunkResult &c, const std::shared_ptr<const TargetModel> &model, bool chosen,
                 DiagnosticEngine &diags) {
  c.model = model;
  c.modelChoice.source = chosen ? ModelChoice::Source::Option : ModelChoice::Source::Default;
  c.modelChoice.target = readIRTarget(*c.module, diags);
  if (!c.modelChoice.target) return;
  const IRTarget &target = *c.modelChoice.target;
  const std::string builtin = builtinModelForTarget(target);
  c.modelChoice.targetModel = builtin;
  if (chosen) {
    // A model file with a name of its own may be made for this target: only built-in names compare.
    const bool disagrees = !builtinModelDescribes(model->name, target) && !builtinModelWords(model->name).empty();
    // A mismatch the reader can undo: the target picks a built-in model of its own.
    c.modelChoice.mismatch = disagrees && !builtin.empty();
    if (disagrees)
      diags.warning(target.range,
                    "the IR targets " + target.text +
                        (builtin.empty() ? ", which no built-in model describes"
                                         : " (" + builtinModelWords(builtin) + ", model '" + builtin + "')") +
                        ", but --model asks for '" + model->name + "' (" + builtinModelWords(model->name) +
                        "); the loops are scheduled on '" + model->name + "'",
                    MessageData(MessageId::ModelNotForTarget)
                        .with(MessageFieldId::Target, target.text)
                        .with(MessageFieldId::TargetModel, builtin)
                        .with(MessageFieldId::TargetWords, builtin.empty() ? std::string() : builtinModelWords(builtin))
                        .with(MessageFieldId::Model, model->name)
                        .with(MessageFieldId::ModelWords, builtinModelWords(model->name))
                        .with(MessageFieldId::Option, "model"));
    return;
  }
  if (builtin.empty()) {
    diags.warning(target.range,
                  "no built-in model describes the IR's target " + target.text +
                      "; the loops are scheduled on the default model '" + model->name + "' (" + modelWords(*model) +
                      "); pass --model to choose another",
                  MessageData(MessageId::NoModelForTarget)
                      .with(MessageFieldId::Target, target.text)
                      .with(MessageFieldId::Model, model->name)
                      .with(MessageFieldId::ModelWords, modelWords(*model))
                      .with(MessageFieldId::Option, "model"));
    return;
  }
  c.model = builtinTargetModel(builtin);
  c.modelChoice.source = ModelChoice::Source::IRTarget;
}

ChunkResult readChunk(const InputChunk &source, const std::shared_ptr<const TargetModel> &model, bool chosen,
                      bool split, DiagnosticEngine &diags) {
  ChunkResult c;
  c.source = source;
  const size_t first = diags.all().size();
  c.module = parseSource(source.text, diags, ParseLimits{}, source.firstLine);
  const size_t parsed = diags.all().size();
  chooseModel(c, model, chosen, diags);
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
    auto own = std::make_shared<TargetModel>(*c.model);
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
                                    bool chosen, DiagnosticEngine &diags) {
  std::vector<ChunkResult> chunks;
  const std::vector<InputChunk> parts = splitInput(source);
  for (const InputChunk &part : parts) chunks.push_back(readChunk(part, model, chosen, parts.size() > 1, diags));
  return chunks;
}

void scheduleChunk(int chunk, const DriverOptions &opts, DiagnosticEngine &diags, DriverRun &run) {
  const ChunkResult &c = run.chunks[chunk];
  const ChunkInput in{*c.module, *c.model, targetWords(c), c.damaged, chunk};
  scheduleBlocks(in, {opts.schedule, opts.check, opts.unlimitedSmem}, diags, run);
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
