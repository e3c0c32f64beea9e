// The machine an input names, and the built-in model that schedules it (docs/decisions.md, "The
// target from the IR"). Triton writes its target on the module, `ttg.target = "cuda:90"` (the
// compute capability, major * 10 + minor) or `"hip:gfx942"`. CUDA Tile IR gives hints per
// architecture on an entry, `optimization_hints=<sm_90 = {...}>`; without them, and in nv_tileas,
// tileiras takes the machine from its command line (`--gpu-name sm_100`, its default; facts §7.5).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ir/IR.h"
#include "support/Diagnostics.h"

namespace tilesched {

struct IRTarget {
  std::string text;           // as written: "cuda:90", "hip:gfx942", CUDA Tile IR's "sm_90"
  int computeCapability = 0;  // NVIDIA: 90, 100, 103, ...; 0 for another vendor or an unreadable string
  SourceRange range;          // the attribute's value, for located warnings
};

// The first `ttg.target` (Triton 2024: `triton_gpu.target`) of the input's top-level modules, else
// the first architecture a cuda_tile entry's optimization_hints name (located at the entry). A
// value that is not a string is a warning and is ignored; another target named later is a warning
// (the input is scheduled for the first).
std::optional<IRTarget> readIRTarget(const Module &module, DiagnosticEngine &diags);

// The built-in model for a target: "hopper" for sm_90, "blackwell" for the sm_10x family and
// sm_110 (Thor, sm_101 before CUDA 13); "" when no built-in model describes it.
std::string builtinModelForTarget(const IRTarget &target);

// A built-in model in words, "Hopper (sm_90)"; "" for a name that is not a built-in model.
std::string builtinModelWords(std::string_view modelName);
// Whether the built-in model `modelName` describes the target's machine (hopper-measured does
// cuda:90, as hopper does).
bool builtinModelDescribes(std::string_view modelName, const IRTarget &target);

// When `opName` is in the op table of some built-in models but not of the others (the tcgen05 and
// TMEM ops: Blackwell only), the words of the first built-in model that has it, "Blackwell
// (sm_100)"; "" for an op every built-in model has, or none. An entry marked `unsupported` counts
// as absent. Consulted only for ops the chunk's model lacks, so the other models load on demand.
std::string targetOnlyOpModelWords(std::string_view opName);

// The words of the first built-in model with a slot or pool named `unit` ("Blackwell (sm_100)" for
// tp_tmem_wr), "" when none has it: a sched.footprint written for another machine is that
// machine's unit, not a typo.
std::string builtinUnitModelWords(std::string_view unit);

}  // namespace tilesched
