#include "driver/Driver.h"

#include <exception>

#include "driver/BlockPipeline.h"
#include "driver/Emitters.h"
#include "ir/Parser.h"

namespace tilesched {

std::string versionString() { return "tilesched 0.1.0"; }

namespace {

std::optional<TargetModel> loadModel(const DriverOptions &opts, DiagnosticEngine &diags) {
  if (opts.modelJson.empty()) {
    std::optional<TargetModel> m = builtinTargetModel(opts.modelName);
    if (!m) {
      std::string names;
      for (const std::string &n : builtinTargetModelNames()) names += (names.empty() ? "" : ", ") + n;
      diags.error({}, "unknown target model '" + opts.modelName + "' (built-in models: " + names +
                          "; or pass --model=PATH.json)");
    }
    return m;
  }
  diags.setFile(opts.modelPath.empty() ? "<model>" : opts.modelPath);
  std::optional<TargetModel> m = parseTargetModel(opts.modelJson, diags);
  diags.setFile("");
  return m;
}

int exitCodeFor(const DriverRun &run, const DiagnosticEngine &diags) {
  if (run.unusable) return 2;
  for (const BlockResult &r : run.blocks)
    if (r.status == BlockStatus::Failed || r.status == BlockStatus::Violations) return 1;
  return diags.hasErrors() ? 1 : 0;
}

DriverResult render(const DriverRun &run, const TargetModel *model, const DiagnosticEngine &diags,
                    const DriverOptions &opts, Module *module, int exitCode) {
  DriverResult out;
  out.exitCode = exitCode;
  std::vector<Diagnostic> sorted = diags.sorted();
  bool usable = module && model && !run.unusable;
  if (opts.emit == EmitKind::Json) {
    std::string ir = usable ? emitScheduledIR(*module, run) : "";
    out.out = emitJson(run, model, sorted, opts, ir);
    return out;
  }
  for (const Diagnostic &d : sorted) out.err += formatDiagnostic(opts.fileName, d) + "\n";
  if (!usable) return out;
  out.out = opts.emit == EmitKind::Table ? emitTable(run, *model) : emitScheduledIR(*module, run);
  return out;
}

DriverResult runUnguarded(std::string_view source, const DriverOptions &opts) {
  DiagnosticEngine diags;
  DriverRun run;
  std::optional<TargetModel> model = loadModel(opts, diags);
  if (!model) {
    run.unusable = true;
    return render(run, nullptr, diags, opts, nullptr, 2);
  }
  std::unique_ptr<Module> module = parseSource(source, diags);
  if (diags.hasErrors()) {
    run.unusable = true;
    return render(run, &*model, diags, opts, nullptr, 2);
  }
  applyModulePools(*module, *model, diags);
  if (diags.hasErrors()) {
    run.unusable = true;
    return render(run, &*model, diags, opts, nullptr, 2);
  }
  run = scheduleModule(*module, *model, opts, diags);
  if (run.blocks.empty())
    diags.warning({}, "nothing to schedule: the input has no scf.for loop and no loop-free function body");
  return render(run, &*model, diags, opts, module.get(), exitCodeFor(run, diags));
}

}  // namespace

// The core never lets an exception escape: an internal failure is one error diagnostic and
// exit status 2, in every output format.
DriverResult runDriver(std::string_view source, const DriverOptions &opts) {
  std::string what;
  try {
    return runUnguarded(source, opts);
  } catch (const std::exception &e) {
    what = e.what();
  } catch (...) {
    what = "unknown exception";
  }
  DiagnosticEngine diags;
  diags.error({}, "internal error: " + what);
  return render(DriverRun{{}, true}, nullptr, diags, opts, nullptr, 2);
}

}  // namespace tilesched
