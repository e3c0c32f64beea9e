// The robustness properties of SPEC §2 ("never crashes, aborts or hangs") as checks on one
// input, shared by the libFuzzer targets (tools/fuzz/) and the regression replay
// (FuzzRegressionTest.cpp), so a committed crash input is judged exactly as the fuzzer judged it.
// Each returns "" when every property holds, else the violated property and its evidence.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "driver/Driver.h"
#include "ir/Parser.h"
#include "ir/Printer.h"

namespace tilesched::fuzz {

inline std::string listDiagnostics(const DiagnosticEngine &diags) {
  std::string s;
  for (const Diagnostic &d : diags.all()) s += formatDiagnostic("<input>", d) + "\n";
  return s;
}

// Parser, on each `// -----` chunk of the input: every error is located, partial modules print,
// and a clean parse round-trips: parse(print(parse(x))) has no errors and
// print(parse(print(parse(x)))) == print(parse(x)).
inline std::string chunkParserViolation(const InputChunk &chunk) {
  DiagnosticEngine diags;
  std::unique_ptr<Module> module = parseSource(chunk.text, diags, {}, chunk.firstLine);
  for (const Diagnostic &d : diags.all())
    if (d.severity == Severity::Error && (d.range.begin.line < 1 || d.range.begin.col < 1))
      return "a parse error has no location: " + formatDiagnostic("<input>", d);
  const std::string printed = printModule(*module);
  if (diags.hasErrors()) return "";

  DiagnosticEngine again;
  std::unique_ptr<Module> reparsed = parseSource(printed, again);
  if (again.hasErrors())
    return "the printed module does not re-parse:\n" + printed + "\n" + listDiagnostics(again);
  const std::string reprinted = printModule(*reparsed);
  if (reprinted != printed) return "printing is not a fixed point:\n" + printed + "\n---- reprinted:\n" + reprinted;
  return "";
}

inline std::string parserViolation(std::string_view text) {
  for (const InputChunk &chunk : splitInput(text))
    if (std::string violation = chunkParserViolation(chunk); !violation.empty()) return violation;
  return "";
}

// Per-input work stays bounded: the fuzzers cap the input length (-max_len), the II cap bounds
// the candidate IIs of the cost-based generator and the work budget its seat probes.
inline constexpr int kPipelineIICap = 64;
inline constexpr size_t kPipelineTraceLimit = 256;
inline constexpr int64_t kPipelineWorkBudget = 1000000;
inline constexpr int64_t kPipelineTinyWorkBudget = 200;  // reaches the spent-budget paths

// The options vary with the input length, so every generator, --check, both II searches, both
// built-in models and a spent work budget are exercised without consuming input bytes (seed
// inputs stay MLIR).
inline DriverOptions pipelineOptions(size_t size) {
  DriverOptions opts;
  opts.emit = EmitKind::Json;
  opts.schedule.trace = true;
  opts.schedule.traceLimit = kPipelineTraceLimit;
  opts.schedule.iiCap = kPipelineIICap;
  static const ScheduleOptions::Generator generators[] = {
      ScheduleOptions::Generator::Auto, ScheduleOptions::Generator::CostBased, ScheduleOptions::Generator::Serial};
  opts.schedule.generator = generators[size % 3];
  opts.check = (size / 3) % 2 == 1;
  opts.schedule.iiSearch = (size / 6) % 2 ? IISearch::Galloping : IISearch::Linear;
  opts.modelName = (size / 12) % 2 ? "hopper" : "blackwell";
  opts.schedule.workBudget = (size / 24) % 2 ? kPipelineTinyWorkBudget : kPipelineWorkBudget;
  return opts;
}

// Whole pipeline (runDriver --emit=json --trace): exit status 0/1/2; one JSON document; no
// internal error (an escaped exception or a schedule the checker rejects); kept traces within
// the limit; once a block is scheduled, the emitted IR has one chunk per input chunk and every
// chunk that parsed cleanly re-parses cleanly; two runs print the same bytes.
inline std::string pipelineViolation(std::string_view text) {
  const DriverOptions opts = pipelineOptions(text.size());
  const DriverResult first = runDriver(text, opts);
  if (first.exitCode < 0 || first.exitCode > 2) return "exit status " + std::to_string(first.exitCode);

  using Json = nlohmann::json;
  const Json doc = Json::parse(first.out, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("diagnostics") || !doc.contains("blocks") ||
      !doc.contains("ir") || !doc["ir"].is_string())
    return "--emit=json did not print one document with diagnostics, blocks and ir:\n" + first.out;
  // The driver's own messages start with "internal error: "; the words anywhere else may be the
  // input quoted back (fuzz_pipeline found that).
  for (const Json &d : doc["diagnostics"])
    if (d.value("message", "").rfind("internal error: ", 0) == 0) return "internal error:\n" + first.out;

  bool scheduled = false;
  for (const Json &b : doc["blocks"]) {
    scheduled = scheduled || b.value("status", "") == "scheduled";
    if (b.contains("trace") && b["trace"].size() > kPipelineTraceLimit)
      return "a trace keeps more than traceLimit entries:\n" + first.out;
  }
  if (scheduled) {
    const std::string ir = doc["ir"].get<std::string>();
    const std::vector<InputChunk> chunks = splitInput(ir);
    if (!doc.contains("chunks") || chunks.size() != doc["chunks"].size())
      return "the emitted IR does not have one chunk per input chunk:\n" + first.out;
    for (size_t c = 0; c < chunks.size(); ++c) {
      if (doc["chunks"][c].value("status", "") != "ok") continue;
      DiagnosticEngine diags;
      parseSource(chunks[c].text, diags, {}, chunks[c].firstLine);
      if (diags.hasErrors()) return "the emitted IR does not re-parse:\n" + ir + "\n" + listDiagnostics(diags);
    }
  }

  const DriverResult second = runDriver(text, opts);
  if (second.out != first.out || second.exitCode != first.exitCode)
    return "two runs differ:\n" + first.out + "\n---- second run:\n" + second.out;
  return "";
}

}  // namespace tilesched::fuzz
