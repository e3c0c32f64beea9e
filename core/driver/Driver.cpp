#include "driver/Driver.h"

#include <exception>
#include <new>

#include "driver/BlockPipeline.h"
#include "driver/Emitters.h"
#include "driver/InputChunks.h"

namespace tilesched {

std::string versionString() { return "tilesched 0.1.0"; }

namespace {

std::shared_ptr<const TargetModel> loadModel(const DriverOptions &opts, DiagnosticEngine &diags) {
  if (!opts.modelJson) {
    const std::string name = opts.modelName.value_or(options::kDefaultModel);
    std::shared_ptr<const TargetModel> m = builtinTargetModel(name);
    if (!m) {
      std::string names;
      for (const std::string &n : builtinTargetModelNames()) names += (names.empty() ? "" : ", ") + n;
      diags.error(
          {}, "unknown target model '" + name + "' (built-in models: " + names + "; or pass --model=PATH.json)",
          MessageData(MessageId::UnknownModel).with("name", name).with("builtin", names).with("option", "model"));
    }
    return m;
  }
  diags.setFile(opts.modelPath.empty() ? "<model>" : opts.modelPath);
  std::optional<TargetModel> m = parseTargetModel(*opts.modelJson, diags);
  diags.setFile("");
  return m ? std::make_shared<const TargetModel>(std::move(*m)) : nullptr;
}

// Exit 2 when the input (some chunk or function) or the options could not be used, even if other
// blocks were scheduled and are printed (docs/decisions.md, "Split inputs and parse errors").
int exitCodeFor(const DriverRun &run, const DiagnosticEngine &diags) {
  if (run.unusable) return 2;
  for (const ChunkResult &c : run.chunks)
    if (c.status != ChunkResult::Status::Ok) return 2;
  for (const BlockResult &r : run.blocks)
    if (r.status == BlockStatus::Failed || r.status == BlockStatus::Violations) return 1;
  return diags.hasErrors() ? 1 : 0;
}

// The table and the IR print what could be used: nothing when no part of the input could. A
// block that was scheduled or checked is such a part even when another block's attributes made
// the run unusable (exit 2), as with a parse error in another function.
bool printable(const DriverRun &run) {
  for (const BlockResult &r : run.blocks)
    if (r.status == BlockStatus::Scheduled || r.status == BlockStatus::Checked) return true;
  if (run.unusable) return false;
  bool anyOk = false;
  for (const ChunkResult &c : run.chunks) anyOk = anyOk || c.status == ChunkResult::Status::Ok;
  return anyOk || !run.blocks.empty();
}

DriverResult render(DriverRun &run, const TargetModel *model, const DiagnosticEngine &diags, const DriverOptions &opts,
                    int exitCode) {
  DriverResult out;
  out.exitCode = exitCode;
  std::vector<Diagnostic> sorted = diags.sorted();
  bool usable = model && printable(run);
  if (opts.emit == EmitKind::Json) {
    std::string ir = usable ? emitScheduledIR(run) : "";
    out.out = emitJson(run, model, sorted, opts, ir);
    return out;
  }
  for (const Diagnostic &d : sorted) out.err += formatDiagnostic(opts.fileName, d) + "\n";
  if (!usable) return out;
  switch (opts.emit) {
  case EmitKind::Table: out.out = emitTable(run); break;
  case EmitKind::Triton: out.out = emitTritonIR(run); break;
  case EmitKind::Perfetto: out.out = emitPerfettoTrace(run); break;
  default: out.out = emitScheduledIR(run); break;
  }
  return out;
}

DriverResult runUnguarded(std::string_view source, const DriverOptions &opts) {
  DiagnosticEngine diags;
  DriverRun run;
  std::shared_ptr<const TargetModel> model = loadModel(opts, diags);
  if (!model) {
    run.unusable = true;
    return render(run, nullptr, diags, opts, 2);
  }
  run.chunks = readChunks(source, model, opts.modelName || opts.modelJson, diags);
  bool parsedAll = true;
  for (int c = 0; c < static_cast<int>(run.chunks.size()); ++c) {
    parsedAll = parsedAll && run.chunks[c].status == ChunkResult::Status::Ok;
    if (run.chunks[c].module) scheduleChunk(c, opts, diags, run);
  }
  if (run.blocks.empty() && parsedAll)
    diags.warning({},
                  "nothing to schedule: the input has no loop (scf.for, cuda_tile.for, cuda_tile.loop) and no "
                  "loop-free function body");
  return render(run, &*model, diags, opts, exitCodeFor(run, diags));
}

}  // namespace

// The core never lets an exception escape: an internal failure is one error diagnostic and
// exit status 2, in every output format.
DriverResult runDriver(std::string_view source, const DriverOptions &opts) {
  std::string what;
  try {
    return runUnguarded(source, opts);
  } catch (const std::bad_alloc &) {
    // Every input-driven size is bounded (docs/decisions.md, "Limits"), so this is the process's
    // own memory limit (ulimit -v natively, the module's maximum memory in WebAssembly).
    DiagnosticEngine diags;
    diags.error({},
                "out of memory: the input needs more memory than this process may use (its memory limit); "
                "split the input or raise the limit");
    DriverRun run = DriverRun::unusableInput();
    return render(run, nullptr, diags, opts, 2);
  } catch (const std::exception &e) {
    what = e.what();
  } catch (...) {
    what = "unknown exception";
  }
  DiagnosticEngine diags;
  diags.error({}, "internal error: " + what);
  DriverRun run = DriverRun::unusableInput();
  return render(run, nullptr, diags, opts, 2);
}

}  // namespace tilesched
