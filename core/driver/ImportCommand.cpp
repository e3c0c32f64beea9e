// `tilesched import-hatschet`: HatScheT's GraphML and resource model as an MLIR snippet. A
// benchmark adapter, not part of what the playground runs: only the native tool passes it to
// runCommandLine, so the WebAssembly module links neither this file nor core/import
// (docs/decisions.md, "WebAssembly module").
#include "driver/CommandLineText.h"
#include "driver/Emitters.h"
#include "import/HatschetImport.h"
#include "support/Limits.h"

namespace tilesched {

// import-hatschet GRAPH RM [--emit=json]: the snippet on stdout (or as the document's `ir`),
// diagnostics located in the file they are about.
DriverResult runImportCommand(const std::vector<std::string> &args, const FileReader &readFile) {
  const bool json = jsonRequested(args);
  std::vector<std::string> files;
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--emit=json" || args[i] == "--emit=ir") continue;
    if (args[i].rfind("--emit=", 0) == 0)
      return commandError(
          "import-hatschet prints MLIR text (--emit=ir, the default) or a JSON document "
          "(--emit=json), not '" +
              args[i].substr(7) + "'",
          json);
    if (args[i].size() > 1 && args[i][0] == '-')
      return commandError("import-hatschet takes no option '" + args[i] + "'", json);
    files.push_back(args[i]);
  }
  if (files.size() != 2) return commandError("import-hatschet takes GRAPH.graphml and RM.xml", json);

  DiagnosticEngine graphDiags, modelDiags;
  graphDiags.setFile(files[0]);
  modelDiags.setFile(files[1]);
  std::optional<std::string> text[2];
  for (int i = 0; i < 2; ++i) {
    DiagnosticEngine &diags = i == 0 ? graphDiags : modelDiags;
    text[i] = readFile(files[i], kMaxInputBytes + 1);
    if (!text[i]) diags.error({}, "cannot read '" + files[i] + "'");
    else if (text[i]->size() > kMaxInputBytes)
      diags.error(SourceRange::at({1, 1}), "the file " + tooLarge(kMaxInputBytes, "input"));
  }
  std::optional<std::string> snippet;
  if (!graphDiags.hasErrors() && !modelDiags.hasErrors())
    snippet = importHatschet(*text[0], *text[1], files[0], files[1], graphDiags, modelDiags);

  std::vector<Diagnostic> diags = graphDiags.sorted();
  for (const Diagnostic &d : modelDiags.sorted()) diags.push_back(d);
  DriverResult r;
  r.exitCode = snippet ? 0 : 2;
  if (json) {
    r.out = emitJson(snippet ? DriverRun{} : DriverRun::unusableInput(), diags, DriverOptions{}, snippet.value_or(""));
    return r;
  }
  for (const Diagnostic &d : diags) r.err += formatDiagnostic("", d) + "\n";
  r.out = snippet.value_or("");
  return r;
}

}  // namespace tilesched
