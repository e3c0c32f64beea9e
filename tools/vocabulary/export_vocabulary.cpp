// Writes the trace vocabulary (core/contract/TraceVocabulary.h) as a TypeScript module, so that
// the playground compares trace words against the core's own list: a word renamed in C++ changes
// the generated union types, and every web use of the old word stops type-checking.
//   export_vocabulary OUT.ts   (the build runs it; see CMakeLists.txt next to this file)
#include <cstdio>
#include <string>

#include "contract/TraceVocabulary.h"

namespace {

std::string quoted(const char *s) {
  std::string out = "'";
  for (const char *p = s; *p; ++p) {
    if (*p == '\'' || *p == '\\') out += '\\';
    out += *p;
  }
  return out + "'";
}

template <class Words>
void table(std::string &out, const char *constName, const char *typeName, const Words &words, const char *what) {
  out += std::string("\n// ") + what + "\nexport const " + constName + " = [\n";
  for (const auto &w : words) {
    out += "  { name: " + quoted(w.name) + ", meaning: " + quoted(w.meaning) + ", plain: " + quoted(w.plain);
    if constexpr (requires { w.effect; })
      out += std::string(", effect: ") + quoted(tilesched::kTraceEffectNames[static_cast<size_t>(w.effect)]);
    out += " },\n";
  }
  out += "] as const;\nexport type " + std::string(typeName) + " = (typeof " + constName + ")[number]['name'];\n";
}

}  // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: export_vocabulary OUT.ts\n");
    return 2;
  }
  std::string out =
      "// Generated at build time by tools/vocabulary from core/contract/TraceVocabulary.h: do not edit.\n"
      "// The words of the trace entries of the JSON document (docs/json-document.md, \"trace\").\n";
  table(out, "TRACE_ARMS", "TraceArm", tilesched::kTraceArms,
        "Who recorded an entry: a placement arm, a rung of the strategy ladder, or a phase.");
  table(out, "TRACE_GATES", "TraceGate", tilesched::kTraceGates,
        "The check that gave a verdict: the admission gates, the reservation-table probe, the dependence window.");
  table(out, "TRACE_OUTCOMES", "TraceOutcome", tilesched::kTraceOutcomes,
        "What happened; `effect` is the entry's change to the replayed reservation table.");
  std::FILE *f = std::fopen(argv[1], "wb");
  if (!f || std::fwrite(out.data(), 1, out.size(), f) != out.size() || std::fclose(f) != 0) {
    std::fprintf(stderr, "export_vocabulary: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
