// Ops of newer Triton (TritonOps.td, TritonNvidiaGPUOps.td and NVWSOps.td as
// intel/intel-xpu-backend-for-triton 6c164993 carries them) cost what their nearest modelled op
// costs (docs/target-model.md): tt.atomic_poll one global read-modify-write, the synchronous CLC
// request the one-op claim ttng.clc_advance, NVWS's CLC request ttng.clc_try_cancel's async shared
// write, nvws.aref.phi nothing (it picks an aref per partition). Hopper has no cluster launch
// control: the two CLC ops are unsupported there, with a warning naming both machines.
// RUN: %tilesched %s --model=blackwell 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %tilesched %s --model=hopper 2>&1 | FileCheck %s --check-prefix=HOPPER
// CHECK: block @persistent/scf.for %k (line {{[0-9]+}}): serial, scheduled
// CHECK-DAG: %response = ttng.clc_try_cancel_sync {{[0-9]+}} tp_smem_rd x7
// CHECK-DAG: %ok = tt.atomic_poll {{[0-9]+}} tp_gnic_wr x7
// CHECK-DAG: nvws.clc_try_cancel@{{[0-9]+}} {{[0-9]+}} -
// CHECK-DAG: %sel = nvws.aref.phi {{[0-9]+}} -
// HOPPER-DAG: warning: 'ttng.clc_try_cancel_sync' is a Blackwell (sm_100) op
// HOPPER-DAG: warning: 'nvws.clc_try_cancel' is a Blackwell (sm_100) op
// HOPPER-NOT: has no entry
#clc = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @persistent(%lb: i32, %ub: i32, %step: i32, %flag: !tt.ptr<i32>, %buf: !ttg.memdesc<2xi64, #shared, #smem, mutable>) {
    scf.for %k = %lb to %ub step %step : i32 {
      %response = ttng.clc_try_cancel_sync : tensor<2xi64, #clc>
      %ok = tt.atomic_poll acquire, gpu, %flag, %k : !tt.ptr<i32>, i32 -> i1
      nvws.clc_try_cancel %buf : !ttg.memdesc<2xi64, #shared, #smem, mutable>
      %sel = nvws.aref.phi %lb, %k : i32
    }
    tt.return
  }
}
