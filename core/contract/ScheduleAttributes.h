// The names a schedule is written under in the IR (SPEC §2.1, §4 step 7): materialize/ stamps
// them on the rebuilt block, check/ reads them back for --check, so neither needs the other.
#pragma once

namespace tilesched {

// Per op: its (stage, order) and start cycle; on the loop (on every op of a bare snippet, which
// has no loop): the II, the stage count and the pipeline shape.
inline constexpr const char *kAttrAwsStage = "nv_tile.aws.stage";
inline constexpr const char *kAttrAwsOrder = "nv_tile.aws.order";
inline constexpr const char *kAttrAwsCycle = "nv_tile.aws.cycle";
inline constexpr const char *kAttrAwsII = "nv_tile.aws.ii";
inline constexpr const char *kAttrAwsStageCount = "nv_tile.aws.stage_count";
inline constexpr const char *kAttrAwsPipeline = "nv_tile.aws.pipeline";

// Op names of the coordination values in the scheduled IR (docs/decisions.md).
inline constexpr const char *kPipeOpName = "nv_tileas.pipe";
inline constexpr const char *kMutexOpName = "nv_tileas.mutex";
// The agents of a warp-specialized block (facts §6.3 entry 14), and each op's agents.
inline constexpr const char *kAgentSwitchOpName = "nv_tileas.async.pipeline.agent_switch";
inline constexpr const char *kAttrAwsAgent = "nv_tile.aws.agent";

}  // namespace tilesched
