#include "driver/Driver.h"

#include <exception>
#include <new>

#include "driver/Emitters.h"
#include "driver/InputChunks.h"

namespace tilesched {

std::string versionString() { return "tilesched 0.1.0"; }

namespace {

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

DriverResult render(DriverRun &run, const DiagnosticEngine &diags, const DriverOptions &opts, int exitCode) {
  DriverResult out;
  out.exitCode = exitCode;
  std::vector<Diagnostic> sorted = diags.sorted();
  bool usable = run.model && printable(run);
  if (opts.emit == EmitKind::Json) {
    std::string ir = usable ? emitScheduledIR(run) : "";
    out.out = emitJson(run, sorted, opts, ir);
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
  run.model = loadRunModel(opts, diags);
  if (!run.model) {
    run.unusable = true;
    return render(run, diags, opts, 2);
  }
  run.chunks = readChunks(source, run.model, opts.modelName || opts.modelJson, diags);
  bool parsedAll = true;
  for (int c = 0; c < static_cast<int>(run.chunks.size()); ++c) {
    parsedAll = parsedAll && run.chunks[c].status == ChunkResult::Status::Ok;
    if (run.chunks[c].module) scheduleChunk(c, opts, diags, run);
  }
  if (run.blocks.empty() && parsedAll)
    diags.warning({},
                  "nothing to schedule: the input has no loop (scf.for, cuda_tile.for, cuda_tile.loop) and no "
                  "loop-free function body");
  return render(run, diags, opts, exitCodeFor(run, diags));
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
    return render(run, diags, opts, 2);
  } catch (const std::exception &e) {
    what = e.what();
  } catch (...) {
    what = "unknown exception";
  }
  DiagnosticEngine diags;
  diags.error({}, "internal error: " + what);
  DriverRun run = DriverRun::unusableInput();
  return render(run, diags, opts, 2);
}

}  // namespace tilesched
