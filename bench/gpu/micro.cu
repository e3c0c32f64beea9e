// Hopper microbenchmarks for the hopper-measured target model: each test is timed on the SM with
// clock64() (SM cycles) around a dependent chain or a batch of asynchronous operations, and prints
// one JSON object per line: {"bench": ..., "method": ..., figures}. One test per process
// (`micro TEST`), so a hang or a fault in one leaves the others' results.
//   nvcc -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a -o micro micro.cu -lcuda
// Tests: clock smem mbarrier gload cpasync bulk tma wgmma gemmload alu
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "wgmma_ops.h"

#define CK(x)                                                                                    \
  do {                                                                                           \
    cudaError_t e_ = (x);                                                                        \
    if (e_ != cudaSuccess) {                                                                     \
      std::printf("{\"bench\": \"error\", \"where\": \"%s:%d\", \"error\": \"%s\"}\n", __FILE__, \
                  __LINE__, cudaGetErrorString(e_));                                             \
      std::exit(2);                                                                              \
    }                                                                                            \
  } while (0)

static void launched() {
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n == 0 ? 0.0 : (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]));
}

// ---------------------------------------------------------------------------------------------
// Shared helpers (device)

__device__ __forceinline__ uint32_t smem_addr(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

__device__ __forceinline__ void mbar_arrive(uint32_t bar) {
  asm volatile("{\n.reg .b64 st;\nmbarrier.arrive.shared::cta.b64 st, [%0];\n}" ::"r"(bar) : "memory");
}

__device__ __forceinline__ void mbar_expect_tx(uint32_t bar, uint32_t bytes) {
  asm volatile("{\n.reg .b64 st;\nmbarrier.arrive.expect_tx.shared::cta.b64 st, [%0], %1;\n}" ::"r"(bar),
               "r"(bytes)
               : "memory");
}

__device__ __forceinline__ bool mbar_try_wait(uint32_t bar, uint32_t parity) {
  uint32_t ok;
  asm volatile(
      "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}"
      : "=r"(ok)
      : "r"(bar), "r"(parity)
      : "memory");
  return ok != 0;
}

// Bounded wait: a benchmark that never completes reports a timeout instead of hanging the GPU.
__device__ __forceinline__ bool mbar_wait(uint32_t bar, uint32_t parity) {
  for (int i = 0; i < (1 << 22); ++i)
    if (mbar_try_wait(bar, parity)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// clock: SM clock rate, cycles of clock64() against the %globaltimer nanoseconds over ~20 ms.

__global__ void k_clock(long long* out) {
  unsigned long long g0, g1;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
  long long c0 = clock64();
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1));
  } while (g1 - g0 < 20000000ull);
  long long c1 = clock64();
  out[0] = c1 - c0;
  out[1] = (long long)(g1 - g0);
}

static void test_clock() {
  long long* d;
  CK(cudaMalloc(&d, 16));
  long long h[2];
  std::vector<double> mhz;
  for (int r = 0; r < 5; ++r) {
    k_clock<<<1, 1>>>(d);
    launched();
    CK(cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost));
    mhz.push_back(1e3 * (double)h[0] / (double)h[1]);
  }
  std::printf(
      "{\"bench\": \"clock\", \"method\": \"one thread spins 20 ms on %%globaltimer; clock64 cycles / ns, "
      "5 runs, idle SM (no other work)\", \"sm_mhz_median\": %.1f, \"sm_mhz_min\": %.1f, \"sm_mhz_max\": %.1f}\n",
      median(mhz), *std::min_element(mhz.begin(), mhz.end()), *std::max_element(mhz.begin(), mhz.end()));
  CK(cudaFree(d));
}

// ---------------------------------------------------------------------------------------------
// smem: ld.shared latency (pointer chase), st.shared -> ld.shared of the same word (chained),
// ld.shared.v4 throughput of a full CTA.

constexpr int kChaseWords = 4096;
constexpr int kChaseIters = 8192;

__global__ void k_smem_latency(long long* out) {
  __shared__ uint32_t buf[kChaseWords];
  uint32_t base = smem_addr(buf);
  for (int i = threadIdx.x; i < kChaseWords; i += blockDim.x) buf[i] = base + ((i + 33) % kChaseWords) * 4;
  __syncthreads();
  if (threadIdx.x != 0) return;
  uint32_t p = base;
  for (int i = 0; i < 256; ++i) asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p));
  long long t0 = clock64();
#pragma unroll 16
  for (int i = 0; i < kChaseIters; ++i) asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p));
  long long t1 = clock64();
  // st -> ld chain: p alternates between two words; each step stores the other word's address
  // into the current word and loads it back, so the load depends on the store before it.
  uint32_t q = base;
  long long t2 = clock64();
#pragma unroll 16
  for (int i = 0; i < kChaseIters; ++i)
    asm volatile("{\n.reg .b32 n;\nxor.b32 n, %0, 4;\nst.volatile.shared.u32 [%0], n;\nld.volatile.shared.u32 %0, [%0];\n}"
                 : "+r"(q)::"memory");  // volatile: ptxas forwarded the stored value to a plain ld
  long long t3 = clock64();
  out[0] = t1 - t0;
  out[1] = t3 - t2;
  out[2] = p + q;
}

constexpr int kBwThreads = 1024;
constexpr int kBwBytes = 48 * 1024;
constexpr int kBwIters = 256;

__global__ void k_smem_bw(long long* out, uint32_t* sink) {
  __shared__ __align__(16) uint32_t buf[kBwBytes / 4];
  for (int i = threadIdx.x; i < kBwBytes / 4; i += blockDim.x) buf[i] = i;
  __syncthreads();
  uint32_t base = smem_addr(buf);
  uint32_t acc = 0;
  long long t0 = clock64();
  __syncthreads();
#pragma unroll 8
  for (int i = 0; i < kBwIters; ++i) {
    uint32_t a = base + ((threadIdx.x * 16 + i * kBwThreads * 16) % kBwBytes);
    uint32_t x, y, z, w;
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "r"(a));
    acc ^= x ^ y ^ z ^ w;
  }
  __syncthreads();
  long long t1 = clock64();
  if (threadIdx.x == 0) out[0] = t1 - t0;
  if (acc == 0x12345678u) sink[0] = acc;
}

static void test_smem() {
  long long* d;
  uint32_t* sink;
  CK(cudaMalloc(&d, 64));
  CK(cudaMalloc(&sink, 64));
  long long h[3];
  std::vector<double> ld, stld, bw;
  for (int r = 0; r < 5; ++r) {
    k_smem_latency<<<1, 128>>>(d);
    launched();
    CK(cudaMemcpy(h, d, 24, cudaMemcpyDeviceToHost));
    ld.push_back((double)h[0] / kChaseIters);
    stld.push_back((double)h[1] / kChaseIters);
    k_smem_bw<<<1, kBwThreads>>>(d, sink);
    launched();
    CK(cudaMemcpy(h, d, 8, cudaMemcpyDeviceToHost));
    bw.push_back((double)kBwThreads * 16 * kBwIters / (double)h[0]);
  }
  std::printf(
      "{\"bench\": \"smem_load_latency\", \"method\": \"one thread, chain of %d dependent ld.shared.u32 (each "
      "loads the next address), cycles / load, median of 5 runs\", \"cycles\": %.2f}\n",
      kChaseIters, median(ld));
  std::printf(
      "{\"bench\": \"smem_store_load_latency\", \"method\": \"one thread, chain of %d steps xor.b32 + st.shared.u32 "
      "[p] + dependent ld.shared.u32 [p] of the same word, cycles / step, median of 5 runs\", \"cycles\": %.2f}\n",
      kChaseIters, median(stld));
  std::printf(
      "{\"bench\": \"smem_load_bandwidth\", \"method\": \"one CTA of %d threads, %d conflict-free "
      "ld.shared.v4.u32 each between two __syncthreads, bytes / cycle on one SM, median of 5 runs\", "
      "\"bytes_per_cycle\": %.2f}\n",
      kBwThreads, kBwIters, median(bw));
  CK(cudaFree(d));
  CK(cudaFree(sink));
}

// ---------------------------------------------------------------------------------------------
// mbarrier: one thread arrive + wait on a count-1 barrier; two warps ping-pong on two barriers.

constexpr int kBarIters = 4096;

__global__ void k_mbarrier(long long* out, int* timeouts) {
  __shared__ uint64_t bars[3];
  uint32_t self = smem_addr(&bars[0]), ping = smem_addr(&bars[1]), pong = smem_addr(&bars[2]);
  if (threadIdx.x == 0) {
    mbar_init(self, 1);
    mbar_init(ping, 1);
    mbar_init(pong, 1);
  }
  __syncthreads();
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane != 0) return;
  int bad = 0;
  if (warp == 0) {
    uint32_t ph = 0;
    long long t0 = clock64();
    for (int i = 0; i < kBarIters; ++i) {
      mbar_arrive(self);
      bad += !mbar_wait(self, ph);
      ph ^= 1;
    }
    long long t1 = clock64();
    ph = 0;
    long long t2 = clock64();
    for (int i = 0; i < kBarIters; ++i) {
      mbar_arrive(ping);
      bad += !mbar_wait(pong, ph);
      ph ^= 1;
    }
    long long t3 = clock64();
    out[0] = t1 - t0;
    out[1] = t3 - t2;
  } else if (warp == 1) {
    uint32_t ph = 0;
    for (int i = 0; i < kBarIters; ++i) {
      bad += !mbar_wait(ping, ph);
      mbar_arrive(pong);
      ph ^= 1;
    }
  }
  if (bad) atomicAdd(timeouts, bad);
}

static void test_mbarrier() {
  long long* d;
  int* to;
  CK(cudaMalloc(&d, 16));
  CK(cudaMalloc(&to, 4));
  CK(cudaMemset(to, 0, 4));
  long long h[2];
  std::vector<double> self, pp;
  for (int r = 0; r < 5; ++r) {
    k_mbarrier<<<1, 64>>>(d, to);
    launched();
    CK(cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost));
    self.push_back((double)h[0] / kBarIters);
    pp.push_back((double)h[1] / kBarIters);
  }
  int hto;
  CK(cudaMemcpy(&hto, to, 4, cudaMemcpyDeviceToHost));
  std::printf(
      "{\"bench\": \"mbarrier_arrive_wait\", \"method\": \"one thread, %d x (mbarrier.arrive on a count-1 "
      "barrier, then mbarrier.try_wait.parity loop on the phase it completed), cycles / pair, median of 5 runs\", "
      "\"cycles\": %.2f, \"timeouts\": %d}\n",
      kBarIters, median(self), hto);
  std::printf(
      "{\"bench\": \"mbarrier_pingpong\", \"method\": \"lane 0 of warp 0 arrives on barrier A and waits on B; "
      "lane 0 of warp 1 waits on A and arrives on B; %d round trips, cycles / round trip, median of 5 runs\", "
      "\"cycles\": %.2f, \"timeouts\": %d}\n",
      kBarIters, median(pp), hto);
  CK(cudaFree(d));
  CK(cudaFree(to));
}

// ---------------------------------------------------------------------------------------------
// gload: ld.global.cg (L2, L1 bypassed) pointer-chase latency, over a small region (L2 hits)
// and over a 1 GiB region with a large stride (mostly DRAM).

constexpr int kGChase = 2048;

__global__ void k_gchase(const uint64_t* start, long long* out) {
  const uint64_t* p = start;
  for (int i = 0; i < kGChase; ++i) asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));  // warm
  long long t0 = clock64();
  for (int i = 0; i < kGChase; ++i) asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));
  long long t1 = clock64();
  out[0] = t1 - t0;
  out[1] = (long long)p;
}

__global__ void k_gchase_cold(const uint64_t* start, long long* out) {
  const uint64_t* p = start;
  long long t0 = clock64();
  for (int i = 0; i < kGChase; ++i) asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));
  long long t1 = clock64();
  out[0] = t1 - t0;
  out[1] = (long long)p;
}

static void chase_chain(uint64_t* dbuf, size_t bytes, size_t stride) {
  size_t n = bytes / 8, step = stride / 8;
  std::vector<uint64_t> h(n, 0);
  size_t idx = 0;
  // a cycle of kGChase distinct words (step and n share only the factor 16): each pass of the
  // kernels ends where it began
  for (int i = 0; i < kGChase; ++i) {
    size_t nxt = i == kGChase - 1 ? 0 : (idx + step) % n;
    h[idx] = (uint64_t)(dbuf + nxt);
    idx = nxt;
  }
  CK(cudaMemcpy(dbuf, h.data(), bytes, cudaMemcpyHostToDevice));
}

static void test_gload() {
  long long* d;
  CK(cudaMalloc(&d, 16));
  long long h[2];
  size_t small = 1 << 20, big = 1ull << 30;
  uint64_t* buf;
  CK(cudaMalloc(&buf, big));
  chase_chain(buf, small, 4096 + 128);
  std::vector<double> l2, dram;
  for (int r = 0; r < 5; ++r) {
    k_gchase<<<1, 1>>>(buf, d);
    launched();
    CK(cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost));
    l2.push_back((double)h[0] / kGChase);
  }
  chase_chain(buf, big, (1 << 19) + 128);
  uint64_t* flush;
  CK(cudaMalloc(&flush, 256ull << 20));
  for (int r = 0; r < 3; ++r) {
    CK(cudaMemset(flush, r, 256ull << 20));  // evict the chain from L2 between runs
    k_gchase_cold<<<1, 1>>>(buf, d);
    launched();
    CK(cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost));
    dram.push_back((double)h[0] / kGChase);
  }
  std::printf(
      "{\"bench\": \"global_load_latency_l2\", \"method\": \"one thread, chain of %d dependent ld.global.cg.u64 "
      "over 1 MiB (stride 4224 B), after a warm-up pass: L2 hits; cycles / load, median of 5 runs\", "
      "\"cycles\": %.2f}\n",
      kGChase, median(l2));
  std::printf(
      "{\"bench\": \"global_load_latency_dram\", \"method\": \"one thread, chain of %d dependent "
      "ld.global.cg.u64 over 1 GiB (stride 512 KiB + 128 B), L2 evicted by a 256 MiB memset before each run: "
      "mostly DRAM (and TLB) misses; cycles / load, median of 3 runs\", \"cycles\": %.2f}\n",
      kGChase, median(dram));
  CK(cudaFree(flush));
  CK(cudaFree(buf));
  CK(cudaFree(d));
}

// ---------------------------------------------------------------------------------------------
// cpasync: the Ampere-style cp.async (Triton's ttg.async_copy_global_to_local) of one 128x64 fp16
// tile (16 KiB) by 128 threads, 16 B each x 8, then commit + wait_group 0 + __syncthreads.

constexpr int kTileRows = 128, kTileCols = 64;  // fp16, 128 B rows

__global__ void k_cpasync(const __half* g, int ld, int tiles, long long* out_cold, long long* out_warm) {
  __shared__ __align__(128) __half tile[kTileRows * kTileCols];
  int t = threadIdx.x;
  for (int s = 0; s < tiles; ++s) {
    const __half* src = g + (size_t)(s * 997 % 64) * kTileRows * ld + (size_t)(s * 61 % 64) * kTileCols;
    for (int pass = 0; pass < 2; ++pass) {
      __syncthreads();
      long long t0 = clock64();
#pragma unroll
      for (int c = 0; c < 8; ++c) {
        int chunk = t + c * 128;  // 1024 chunks of 16 B
        int row = chunk / 8, col = (chunk % 8) * 8;
        uint32_t dst = smem_addr(&tile[row * kTileCols + col]);
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src + (size_t)row * ld + col)
                     : "memory");
      }
      asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
      __syncthreads();
      long long t1 = clock64();
      if (t == 0) (pass == 0 ? out_cold : out_warm)[s] = t1 - t0;
    }
  }
}

static void test_cpasync() {
  const int rows = 8192, cols = 4096, tiles = 32;
  __half* g;
  CK(cudaMalloc(&g, (size_t)rows * cols * 2));
  CK(cudaMemset(g, 0x3c, (size_t)rows * cols * 2));
  uint64_t* flush;
  CK(cudaMalloc(&flush, 256ull << 20));
  CK(cudaMemset(flush, 1, 256ull << 20));
  long long *dc, *dw;
  CK(cudaMalloc(&dc, tiles * 8));
  CK(cudaMalloc(&dw, tiles * 8));
  k_cpasync<<<1, 128>>>(g, cols, tiles, dc, dw);
  launched();
  std::vector<long long> hc(tiles), hw(tiles);
  CK(cudaMemcpy(hc.data(), dc, tiles * 8, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hw.data(), dw, tiles * 8, cudaMemcpyDeviceToHost));
  std::vector<double> c(hc.begin() + 1, hc.end()), w(hw.begin() + 1, hw.end());
  std::printf(
      "{\"bench\": \"cpasync_tile_latency\", \"method\": \"one CTA of 128 threads copies a 128x64 fp16 tile "
      "(16 KiB) with cp.async.cg 16 B x 8 per thread, commit_group + wait_group 0 + __syncthreads; clock64 of "
      "thread 0 around it; cold = first touch after a 256 MiB memset, warm = the same tile again (L2 hit); "
      "median of %d tiles\", \"tile\": \"128x64xf16\", \"bytes\": 16384, \"cycles_cold\": %.1f, "
      "\"cycles_warm\": %.1f}\n",
      tiles - 1, median(c), median(w));
  CK(cudaFree(g));
  CK(cudaFree(flush));
  CK(cudaFree(dc));
  CK(cudaFree(dw));
}

// ---------------------------------------------------------------------------------------------
// bulk and tma: one thread issues the copy and waits on the mbarrier the copy completes.

__device__ __forceinline__ uint32_t aligned_smem(unsigned char* dyn, uint32_t align) {
  uint32_t a = smem_addr(dyn);
  return (a + align - 1) & ~(align - 1);
}

__global__ void k_bulk(const unsigned char* g, uint32_t bytes, int samples, long long* out_cold,
                       long long* out_warm, int* timeouts) {
  extern __shared__ unsigned char dyn[];
  __shared__ uint64_t bar;
  if (threadIdx.x != 0) return;
  uint32_t b = smem_addr(&bar), dst = aligned_smem(dyn, 128);
  mbar_init(b, 1);
  uint32_t ph = 0;
  int bad = 0;
  for (int s = 0; s < samples; ++s) {
    const unsigned char* src = g + (size_t)s * (1u << 21);  // a fresh 2 MiB-apart source each sample
    for (int pass = 0; pass < 2; ++pass) {
      long long t0 = clock64();
      mbar_expect_tx(b, bytes);
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(dst),
                   "l"(src), "r"(bytes), "r"(b)
                   : "memory");
      bad += !mbar_wait(b, ph);
      ph ^= 1;
      long long t1 = clock64();
      (pass == 0 ? out_cold : out_warm)[s] = t1 - t0;
    }
  }
  *timeouts += bad;
}

static void test_bulk() {
  const int samples = 32;
  unsigned char* g;
  CK(cudaMalloc(&g, (size_t)samples << 21));
  CK(cudaMemset(g, 0x3c, (size_t)samples << 21));
  uint64_t* flush;
  CK(cudaMalloc(&flush, 256ull << 20));
  long long *dc, *dw;
  int* to;
  CK(cudaMalloc(&dc, samples * 8));
  CK(cudaMalloc(&dw, samples * 8));
  CK(cudaMalloc(&to, 4));
  CK(cudaFuncSetAttribute(k_bulk, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024 + 128));
  for (uint32_t bytes : {4096u, 8192u, 16384u, 32768u, 65536u}) {
    CK(cudaMemset(flush, bytes & 0xff, 256ull << 20));
    CK(cudaMemset(to, 0, 4));
    k_bulk<<<1, 32, bytes + 128>>>(g, bytes, samples, dc, dw, to);
    launched();
    std::vector<long long> hc(samples), hw(samples);
    int hto;
    CK(cudaMemcpy(hc.data(), dc, samples * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hw.data(), dw, samples * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&hto, to, 4, cudaMemcpyDeviceToHost));
    std::vector<double> c(hc.begin() + 1, hc.end()), w(hw.begin() + 1, hw.end());
    std::printf(
        "{\"bench\": \"bulk_copy_latency\", \"method\": \"one thread: mbarrier.arrive.expect_tx + "
        "cp.async.bulk (1-D, global -> shared) + try_wait loop on the barrier; clock64 around it; cold = fresh "
        "source after a 256 MiB memset, warm = the same source again (L2 hit); median of %d samples\", "
        "\"bytes\": %u, \"cycles_cold\": %.1f, \"cycles_warm\": %.1f, \"timeouts\": %d}\n",
        samples - 1, bytes, median(c), median(w), hto);
  }
  CK(cudaFree(g));
  CK(cudaFree(flush));
  CK(cudaFree(dc));
  CK(cudaFree(dw));
  CK(cudaFree(to));
}

__device__ __forceinline__ void tma_load_2d(uint32_t dst, const CUtensorMap* map, int x, int y, uint32_t bar) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
          dst),
      "l"(map), "r"(x), "r"(y), "r"(bar)
      : "memory");
}

// Latency: one tile at a time, cold (fresh tile) then warm (the same tile again).
__global__ void k_tma_latency(const __grid_constant__ CUtensorMap map, int box_rows, int samples,
                              long long* out_cold, long long* out_warm, int* timeouts) {
  extern __shared__ unsigned char dyn[];
  __shared__ uint64_t bar;
  if (threadIdx.x != 0) return;
  uint32_t b = smem_addr(&bar), dst = aligned_smem(dyn, 1024);
  mbar_init(b, 1);
  uint32_t ph = 0, bytes = box_rows * 128;
  int bad = 0;
  for (int s = 0; s < samples; ++s) {
    int x = (s * 5 % 64) * 64, y = (s * 37 % 32) * 256;  // distinct tiles of an 8192 x 4096 fp16 tensor
    for (int pass = 0; pass < 2; ++pass) {
      long long t0 = clock64();
      mbar_expect_tx(b, bytes);
      tma_load_2d(dst, &map, x, y, b);
      bad += !mbar_wait(b, ph);
      ph ^= 1;
      long long t1 = clock64();
      (pass == 0 ? out_cold : out_warm)[s] = t1 - t0;
    }
  }
  *timeouts += bad;
}

// Throughput: per round, `nbuf` tile loads issued back to back into distinct buffers on one
// barrier; `reuse` re-reads the same nbuf tiles every round (L2 hits after the first), else every
// round streams new tiles.
__global__ void k_tma_rate(const __grid_constant__ CUtensorMap map, int box_rows, int nbuf, int rounds, int reuse,
                           long long* out, int* timeouts) {
  extern __shared__ unsigned char dyn[];
  __shared__ uint64_t bar;
  if (threadIdx.x != 0) return;
  uint32_t b = smem_addr(&bar), dst = aligned_smem(dyn, 1024);
  mbar_init(b, 1);
  uint32_t ph = 0, bytes = box_rows * 128;
  int bad = 0;
  long long t0 = 0;
  for (int r = 0; r <= rounds; ++r) {
    if (r == 1) t0 = clock64();  // round 0 warms up
    mbar_expect_tx(b, bytes * nbuf);
    for (int i = 0; i < nbuf; ++i) {
      int tile = reuse ? (blockIdx.x * nbuf + i) : ((r * gridDim.x + blockIdx.x) * nbuf + i);
      int x = (tile % 64) * 64, y = ((tile / 64) * box_rows) % 8192;
      tma_load_2d(dst + i * bytes, &map, x, y, b);
    }
    bad += !mbar_wait(b, ph);
    ph ^= 1;
  }
  out[blockIdx.x] = clock64() - t0;
  if (bad) atomicAdd(timeouts, bad);
}

// Streaming rate: a ring of `nbuf` buffers, one mbarrier each; a slot is refilled as soon as its
// previous tile has landed, so `nbuf` tiles stay in flight (no drain between rounds).
__global__ void k_tma_stream(const __grid_constant__ CUtensorMap map, int box_rows, int nbuf, int rounds,
                             int reuse, long long* out, int* timeouts) {
  extern __shared__ unsigned char dyn[];
  __shared__ uint64_t bars[8];
  if (threadIdx.x != 0) return;
  uint32_t dst = aligned_smem(dyn, 1024), bytes = box_rows * 128;
  for (int i = 0; i < nbuf; ++i) mbar_init(smem_addr(&bars[i]), 1);
  int bad = 0;
  long long t0 = clock64();
  for (int r = 0; r < rounds; ++r)
    for (int i = 0; i < nbuf; ++i) {
      uint32_t b = smem_addr(&bars[i]);
      if (r > 0) bad += !mbar_wait(b, (r - 1) & 1);
      int tile = reuse ? (blockIdx.x * nbuf + i) : ((r * gridDim.x + blockIdx.x) * nbuf + i);
      mbar_expect_tx(b, bytes);
      tma_load_2d(dst + i * bytes, &map, (tile % 64) * 64, ((tile / 64) * box_rows) % 8192, b);
    }
  for (int i = 0; i < nbuf; ++i) bad += !mbar_wait(smem_addr(&bars[i]), (rounds - 1) & 1);
  out[blockIdx.x] = clock64() - t0;
  if (bad) atomicAdd(timeouts, bad);
}

static void test_tma() {
  const int rows = 8192, cols = 4096, samples = 32;
  __half* g;
  CK(cudaMalloc(&g, (size_t)rows * cols * 2));
  CK(cudaMemset(g, 0x3c, (size_t)rows * cols * 2));
  uint64_t* flush;
  CK(cudaMalloc(&flush, 256ull << 20));
  long long *dc, *dw, *dr;
  int* to;
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaMalloc(&dc, samples * 8));
  CK(cudaMalloc(&dw, samples * 8));
  CK(cudaMalloc(&dr, sms * 8));
  CK(cudaMalloc(&to, 4));
  CK(cudaFuncSetAttribute(k_tma_latency, cudaFuncAttributeMaxDynamicSharedMemorySize, 33 * 1024));
  CK(cudaFuncSetAttribute(k_tma_rate, cudaFuncAttributeMaxDynamicSharedMemorySize, 129 * 1024));
  CK(cudaFuncSetAttribute(k_tma_stream, cudaFuncAttributeMaxDynamicSharedMemorySize, 129 * 1024));
  for (int box_rows : {32, 64, 128, 256}) {
    CUtensorMap map;
    cuuint64_t dims[2] = {(cuuint64_t)cols, (cuuint64_t)rows};
    cuuint64_t strides[1] = {(cuuint64_t)cols * 2};
    cuuint32_t box[2] = {64, (cuuint32_t)box_rows};  // 64 fp16 = 128 B inner box, as Triton's tiles
    cuuint32_t estr[2] = {1, 1};
    CUresult cr = cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, g, dims, strides, box, estr,
                                         CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                                         CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (cr != CUDA_SUCCESS) {
      std::printf("{\"bench\": \"error\", \"where\": \"cuTensorMapEncodeTiled box %dx64\", \"error\": %d}\n",
                  box_rows, (int)cr);
      continue;
    }
    uint32_t bytes = box_rows * 128;
    CK(cudaMemset(flush, box_rows, 256ull << 20));
    CK(cudaMemset(to, 0, 4));
    k_tma_latency<<<1, 32, bytes + 1024>>>(map, box_rows, samples, dc, dw, to);
    launched();
    std::vector<long long> hc(samples), hw(samples);
    int hto;
    CK(cudaMemcpy(hc.data(), dc, samples * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hw.data(), dw, samples * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&hto, to, 4, cudaMemcpyDeviceToHost));
    std::vector<double> c(hc.begin() + 1, hc.end()), w(hw.begin() + 1, hw.end());
    std::printf(
        "{\"bench\": \"tma_tile_latency\", \"method\": \"one thread: mbarrier.arrive.expect_tx + "
        "cp.async.bulk.tensor.2d (cuTensorMapEncodeTiled, fp16, 128 B swizzle, box 64 x rows) + try_wait loop; "
        "clock64 around it; cold = fresh tile after a 256 MiB memset, warm = the same tile again (L2 hit); "
        "median of %d samples\", \"tile\": \"%dx64xf16\", \"bytes\": %u, \"cycles_cold\": %.1f, "
        "\"cycles_warm\": %.1f, \"timeouts\": %d}\n",
        samples - 1, box_rows, bytes, median(c), median(w), hto);
    int nbuf = std::min(8, (128 * 1024) / (int)bytes);
    for (int grid : {1, sms})
      for (int reuse : {1, 0}) {
        CK(cudaMemset(to, 0, 4));
        const int rounds = 64;
        k_tma_rate<<<grid, 32, nbuf * bytes + 1024>>>(map, box_rows, nbuf, rounds, reuse, dr, to);
        launched();
        std::vector<long long> hr(grid);
        CK(cudaMemcpy(hr.data(), dr, grid * 8, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(&hto, to, 4, cudaMemcpyDeviceToHost));
        std::vector<double> per(hr.begin(), hr.end());
        double cyc = median(per);
        std::printf(
            "{\"bench\": \"tma_tile_rate\", \"method\": \"%d CTA(s), one thread each: %d rounds of %d "
            "cp.async.bulk.tensor.2d loads issued back to back on one mbarrier, then one wait; %s; cycles per "
            "tile = median over CTAs of (cycles / (rounds x tiles))\", \"tile\": \"%dx64xf16\", \"bytes\": %u, "
            "\"ctas\": %d, \"source\": \"%s\", \"cycles_per_tile\": %.2f, \"bytes_per_cycle_per_sm\": %.2f, "
            "\"timeouts\": %d}\n",
            grid, rounds, nbuf, reuse ? "the same tiles every round (L2 hits)" : "new tiles every round (streaming)",
            box_rows, bytes, grid, reuse ? "l2" : "stream", cyc / (rounds * nbuf), (double)bytes * rounds * nbuf / cyc,
            hto);
        CK(cudaMemset(to, 0, 4));
        const int srounds = 256;
        k_tma_stream<<<grid, 32, nbuf * bytes + 1024>>>(map, box_rows, nbuf, srounds, reuse, dr, to);
        launched();
        CK(cudaMemcpy(hr.data(), dr, grid * 8, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(&hto, to, 4, cudaMemcpyDeviceToHost));
        std::vector<double> sper(hr.begin(), hr.end());
        double scyc = median(sper);
        std::printf(
            "{\"bench\": \"tma_tile_stream\", \"method\": \"%d CTA(s), one thread each: a ring of %d buffers with "
            "one mbarrier each; %d rounds, each slot refilled by cp.async.bulk.tensor.2d as soon as its previous "
            "tile landed (%d tiles in flight, no drain); %s; cycles per tile = median over CTAs of (cycles / (rounds "
            "x tiles))\", \"tile\": \"%dx64xf16\", \"bytes\": %u, \"ctas\": %d, \"source\": \"%s\", "
            "\"cycles_per_tile\": %.2f, \"bytes_per_cycle_per_sm\": %.2f, \"timeouts\": %d}\n",
            grid, nbuf, srounds, nbuf, reuse ? "the same tiles every round (L2 hits)" : "new tiles every round (streaming)",
            box_rows, bytes, grid, reuse ? "l2" : "stream", scyc / (srounds * nbuf), (double)bytes * srounds * nbuf / scyc,
            hto);
      }
  }
  CK(cudaFree(g));
  CK(cudaFree(flush));
  CK(cudaFree(dc));
  CK(cudaFree(dw));
  CK(cudaFree(dr));
  CK(cudaFree(to));
}

// ---------------------------------------------------------------------------------------------
// gemmload: a tiled matmul's loads without its math. The grid of an M = N = K = 4096 f16 matmul
// with BM x BN tiles, its programs ordered as Triton's tutorials order them (GROUP_SIZE_M rows of
// tiles per group): each program loads its A row panel's and B column panel's BK-wide tiles, K / BK
// of each, into a ring of `stages` slots, a slot refilled as soon as its tiles landed. So every A
// tile is read by the N / BN programs of its row and every B tile by the M / BM of its column, as
// in the kernel, and the SMs share L2 the way the kernel's do. Two ways to load: TMA
// (cp.async.bulk.tensor, A M x K and B N x K, both K-major as tutorial 09 passes them) and
// cp.async.cg 16 B by 128 threads (A M x K, B K x N, as tutorial 03's pointer loads). Each program
// records its SM, clock64 and %globaltimer at start and end; the rate of an SM is the bytes its
// programs loaded over the span from its first start to its last end (clock64 is the SM's own).

constexpr int kGemmDim = 4096;

struct GemmGrid {
  int bm, bn, bk, group;
  __host__ __device__ int programs() const { return (kGemmDim / bm) * (kGemmDim / bn); }
  // tutorial 03's / 09's program -> tile mapping
  __device__ void tile(int pid, int& pid_m, int& pid_n) const {
    int num_pid_m = kGemmDim / bm, num_pid_n = kGemmDim / bn;
    int in_group = group * num_pid_n, first_m = (pid / in_group) * group;
    int size_m = min(num_pid_m - first_m, group);
    pid_m = first_m + (pid % in_group) % size_m;
    pid_n = (pid % in_group) / size_m;
  }
};

struct ProgramTimes {
  long long c0, c1, g0, g1;
  int sm, bad;
};

__device__ __forceinline__ int sm_id() {
  int s;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
  return s;
}

__device__ __forceinline__ long long global_ns() {
  unsigned long long g;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g));
  return (long long)g;
}

__global__ void k_gemm_tma(const __grid_constant__ CUtensorMap a_map, const __grid_constant__ CUtensorMap b_map,
                           GemmGrid grid, int stages, ProgramTimes* out) {
  extern __shared__ unsigned char dyn[];
  __shared__ uint64_t bars[8];
  if (threadIdx.x != 0) return;
  int pid_m, pid_n;
  grid.tile(blockIdx.x, pid_m, pid_n);
  uint32_t a_bytes = grid.bm * grid.bk * 2, b_bytes = grid.bn * grid.bk * 2, slot = a_bytes + b_bytes;
  uint32_t base = aligned_smem(dyn, 1024);
  for (int i = 0; i < stages; ++i) mbar_init(smem_addr(&bars[i]), 1);
  int kt = kGemmDim / grid.bk, bad = 0;
  long long g0 = global_ns(), c0 = clock64();
  for (int k = 0; k < kt; ++k) {
    int s = k % stages;
    uint32_t b = smem_addr(&bars[s]), dst = base + s * slot;
    if (k >= stages) bad += !mbar_wait(b, (k / stages - 1) & 1);
    mbar_expect_tx(b, slot);
    tma_load_2d(dst, &a_map, k * grid.bk, pid_m * grid.bm, b);
    tma_load_2d(dst + a_bytes, &b_map, k * grid.bk, pid_n * grid.bn, b);
  }
  for (int k = max(0, kt - stages); k < kt; ++k) bad += !mbar_wait(smem_addr(&bars[k % stages]), (k / stages) & 1);
  long long c1 = clock64(), g1 = global_ns();
  out[blockIdx.x] = ProgramTimes{c0, c1, g0, g1, sm_id(), bad};
}

// One rows x (16 << shift) bytes tile at (row0, col0_bytes) of a matrix with `pitch` bytes per row,
// by the CTA's threads with cp.async.cg 16 B each (shifts, not divisions: the address arithmetic
// stays as cheap as the kernel's pointer increments).
__device__ __forceinline__ void cp_tile(uint32_t dst, const unsigned char* g, size_t pitch, int row0, int col0_bytes,
                                        int rows, int shift) {
  for (int c = threadIdx.x; c < (rows << shift); c += blockDim.x) {
    const unsigned char* src = g + (size_t)(row0 + (c >> shift)) * pitch + col0_bytes + ((c & ((1 << shift) - 1)) << 4);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst + c * 16), "l"(src) : "memory");
  }
}

__host__ __device__ constexpr int log2i(int x) { return x <= 1 ? 0 : 1 + log2i(x / 2); }

template <int kStages>
__global__ void k_gemm_cpasync(const unsigned char* a, const unsigned char* b, GemmGrid grid, ProgramTimes* out) {
  extern __shared__ unsigned char dyn[];
  int pid_m, pid_n;
  grid.tile(blockIdx.x, pid_m, pid_n);
  uint32_t a_bytes = grid.bm * grid.bk * 2, b_bytes = grid.bn * grid.bk * 2, slot = a_bytes + b_bytes;
  uint32_t base = aligned_smem(dyn, 128);
  size_t pitch = (size_t)kGemmDim * 2;
  int kt = kGemmDim / grid.bk, a_shift = log2i(grid.bk * 2 / 16), b_shift = log2i(grid.bn * 2 / 16);
  __syncthreads();
  long long g0 = global_ns(), c0 = clock64();
  for (int k = 0; k < kt; ++k) {
    uint32_t dst = base + (k % kStages) * slot;
    cp_tile(dst, a, pitch, pid_m * grid.bm, k * grid.bk * 2, grid.bm, a_shift);            // A[pid_m rows, k]
    cp_tile(dst + a_bytes, b, pitch, k * grid.bk, pid_n * grid.bn * 2, grid.bk, b_shift);  // B[k, pid_n cols]
    asm volatile("cp.async.commit_group;" ::: "memory");
    // the oldest of the kStages groups in flight has landed; its slot is refilled next iteration
    asm volatile("cp.async.wait_group %0;" ::"n"(kStages - 1) : "memory");
    __syncthreads();
  }
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  __syncthreads();
  long long c1 = clock64(), g1 = global_ns();
  if (threadIdx.x == 0) out[blockIdx.x] = ProgramTimes{c0, c1, g0, g1, sm_id(), 0};
}

static bool tile_map(CUtensorMap* map, void* g, int box_cols, int box_rows) {
  cuuint64_t dims[2] = {(cuuint64_t)kGemmDim, (cuuint64_t)kGemmDim};
  cuuint64_t strides[1] = {(cuuint64_t)kGemmDim * 2};
  cuuint32_t box[2] = {(cuuint32_t)box_cols, (cuuint32_t)box_rows};
  cuuint32_t estr[2] = {1, 1};
  CUresult cr = cuTensorMapEncodeTiled(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, g, dims, strides, box, estr,
                                       CU_TENSOR_MAP_INTERLEAVE_NONE,
                                       box_cols * 2 == 128 ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_64B,
                                       CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (cr != CUDA_SUCCESS)
    std::printf("{\"bench\": \"error\", \"where\": \"cuTensorMapEncodeTiled box %dx%d\", \"error\": %d}\n", box_rows,
                box_cols, (int)cr);
  return cr == CUDA_SUCCESS;
}

struct GemmRate {
  double sm_median = 0, sm_min = 0, sm_max = 0, kernel_ms = 0, busiest = 0, mhz = 0;
  int bad = 0;
};

// Per launch: each SM's bytes / its span in its own clock64 cycles (median, min, max over SMs),
// and the rate the way docs/benchmarks.md measures kernels: bytes per program iteration over
// (kernel time in SM cycles / the iterations of the busiest SM).
static GemmRate gemm_rate(const std::vector<ProgramTimes>& t, const GemmGrid& grid, int sms) {
  double slot = (double)(grid.bm + grid.bn) * grid.bk * 2, kt = kGemmDim / grid.bk;
  std::vector<long long> first(sms, -1), last(sms, 0);
  std::vector<int> count(sms, 0);
  long long g0 = t[0].g0, g1 = t[0].g1;
  std::vector<double> mhz;
  GemmRate r;
  for (const ProgramTimes& p : t) {
    if (p.sm < 0 || p.sm >= sms) continue;
    first[p.sm] = first[p.sm] < 0 ? p.c0 : std::min(first[p.sm], p.c0);
    last[p.sm] = std::max(last[p.sm], p.c1);
    count[p.sm] += 1;
    g0 = std::min(g0, p.g0);
    g1 = std::max(g1, p.g1);
    if (p.g1 > p.g0) mhz.push_back(1e3 * (double)(p.c1 - p.c0) / (double)(p.g1 - p.g0));
    r.bad += p.bad;
  }
  std::vector<double> per;
  int busiest = 0;
  for (int s = 0; s < sms; ++s) {
    if (count[s] == 0) continue;
    per.push_back(count[s] * kt * slot / (double)(last[s] - first[s]));
    busiest = std::max(busiest, count[s]);
  }
  r.sm_median = median(per);
  r.sm_min = per.empty() ? 0 : *std::min_element(per.begin(), per.end());
  r.sm_max = per.empty() ? 0 : *std::max_element(per.begin(), per.end());
  r.mhz = median(mhz);
  r.kernel_ms = (double)(g1 - g0) * 1e-6;
  r.busiest = slot * busiest * kt / ((double)(g1 - g0) * r.mhz * 1e-3);
  return r;
}

static void test_gemmload() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  size_t bytes = (size_t)kGemmDim * kGemmDim * 2;
  unsigned char *a, *b;
  CK(cudaMalloc(&a, bytes));
  CK(cudaMalloc(&b, bytes));
  CK(cudaMemset(a, 0x3c, bytes));
  CK(cudaMemset(b, 0x3c, bytes));
  ProgramTimes* dt;
  CK(cudaMalloc(&dt, sizeof(ProgramTimes) * 4096));
  const int smem_per_sm = 233472, reserved = 1024, per_block_max = 232448, launches = 5;
  CK(cudaFuncSetAttribute(k_gemm_tma, cudaFuncAttributeMaxDynamicSharedMemorySize, per_block_max - 1024));
  CK(cudaFuncSetAttribute(k_gemm_cpasync<2>, cudaFuncAttributeMaxDynamicSharedMemorySize, per_block_max - 1024));
  CK(cudaFuncSetAttribute(k_gemm_cpasync<3>, cudaFuncAttributeMaxDynamicSharedMemorySize, per_block_max - 1024));
  CK(cudaFuncSetAttribute(k_gemm_cpasync<4>, cudaFuncAttributeMaxDynamicSharedMemorySize, per_block_max - 1024));
  struct Case {
    const char* loader;
    int bm, bn, bk, stages, ctas_per_sm, group;
    const char* like;
  };
  // the recorded Triton kernels' tiles, stages and CTAs per SM (docs/benchmarks.md), and one
  // without the grouped order
  const Case cases[] = {
      {"tma", 128, 128, 64, 3, 2, 8, "tma_128x128x64_s3_w4"},
      {"tma", 128, 128, 64, 3, 2, 1, "tma_128x128x64_s3_w4, GROUP_SIZE_M 1"},
      {"tma", 128, 128, 64, 4, 1, 8, "tma_128x128x64 at 4 stages, 1 CTA per SM"},
      {"tma", 128, 256, 64, 3, 1, 8, "tmapers_128x256x64_s3_w8's tiles, not persistent"},
      {"cpasync", 128, 128, 64, 3, 2, 8, "mm_128x128x64_s3_w4"},
      {"cpasync", 128, 128, 64, 2, 2, 8, "mm_128x128x64_s2_w4"},
      {"cpasync", 128, 128, 64, 4, 1, 8, "mm_128x128x64_s4_w4"},
      {"cpasync", 128, 256, 64, 3, 1, 8, "mm_128x256x64_s3_w8"},
      {"cpasync", 128, 128, 32, 4, 2, 8, "mm_128x128x32_s4_w4"},
      {"cpasync", 64, 128, 32, 4, 4, 8, "mm_64x128x32_s4_w4"},
      {"cpasync", 128, 64, 32, 4, 4, 8, "mm_128x64x32_s4_w4"},
      {"cpasync", 128, 128, 64, 3, 2, 1, "mm_128x128x64_s3_w4, GROUP_SIZE_M 1"},
  };
  for (const Case& c : cases) {
    GemmGrid grid{c.bm, c.bn, c.bk, c.group};
    bool tma = std::strcmp(c.loader, "tma") == 0;
    int ring = c.stages * (c.bm + c.bn) * c.bk * 2;
    // dynamic SMEM padded so that exactly ctas_per_sm programs fit on an SM, as the kernel's did
    int smem = std::min(per_block_max - 1024, smem_per_sm / c.ctas_per_sm - reserved - 1024);
    if (ring + 1024 > smem) {
      std::printf("{\"bench\": \"error\", \"where\": \"gemmload %s\", \"error\": \"ring does not fit\"}\n", c.like);
      continue;
    }
    CUtensorMap a_map, b_map;
    if (tma && !(tile_map(&a_map, a, c.bk, c.bm) && tile_map(&b_map, b, c.bk, c.bn))) continue;
    int occupancy = 0;
    if (tma) CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occupancy, k_gemm_tma, 32, smem));
    std::vector<GemmRate> rs;
    for (int l = 0; l <= launches; ++l) {
      if (tma) {
        k_gemm_tma<<<grid.programs(), 32, smem>>>(a_map, b_map, grid, c.stages, dt);
      } else if (c.stages == 2) {
        k_gemm_cpasync<2><<<grid.programs(), 128, smem>>>(a, b, grid, dt);
      } else if (c.stages == 3) {
        k_gemm_cpasync<3><<<grid.programs(), 128, smem>>>(a, b, grid, dt);
      } else {
        k_gemm_cpasync<4><<<grid.programs(), 128, smem>>>(a, b, grid, dt);
      }
      launched();
      std::vector<ProgramTimes> h(grid.programs());
      CK(cudaMemcpy(h.data(), dt, sizeof(ProgramTimes) * h.size(), cudaMemcpyDeviceToHost));
      if (l > 0) rs.push_back(gemm_rate(h, grid, sms));  // launch 0 warms L2 and the clocks up
    }
    if (!tma) {
      const void* f = c.stages == 2 ? (const void*)k_gemm_cpasync<2>
                      : c.stages == 3 ? (const void*)k_gemm_cpasync<3> : (const void*)k_gemm_cpasync<4>;
      CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occupancy, f, 128, smem));
    }
    auto med = [&](double GemmRate::*f) {
      std::vector<double> v;
      for (const GemmRate& r : rs) v.push_back(r.*f);
      return median(v);
    };
    int bad = 0;
    for (const GemmRate& r : rs) bad += r.bad;
    std::printf(
        "{\"bench\": \"gemm_load_rate\", \"method\": \"the loads of an M = N = K = %d f16 matmul without its math: "
        "%d programs of a %dx%d tile grid in tutorial order (GROUP_SIZE_M %d), each loading its A row panel's and "
        "B column panel's %d-wide tiles (%d KiB per step) into a ring of %d slots, each slot refilled as soon as its "
        "tiles landed; %s; %d CTAs per SM (dynamic SMEM padded to %d B); per launch, each SM's bytes over its span "
        "from its first program's start to its last's end in its own clock64 cycles; busiest = bytes per step x "
        "the busiest SM's steps / (kernel %%globaltimer span x SM clock); medians of %d launches after one "
        "warm-up\", \"loader\": \"%s\", \"like\": \"%s\", \"bm\": %d, \"bn\": %d, \"bk\": %d, \"stages\": %d, "
        "\"group_m\": %d, \"ctas_per_sm\": %d, \"occupancy\": %d, \"bytes_per_step\": %d, "
        "\"bytes_per_cycle_per_sm\": %.2f, \"bytes_per_cycle_per_sm_min\": %.2f, \"bytes_per_cycle_per_sm_max\": "
        "%.2f, \"bytes_per_cycle_per_sm_busiest\": %.2f, \"kernel_ms\": %.4f, \"sm_mhz\": %.1f, \"timeouts\": %d}\n",
        kGemmDim, grid.programs(), kGemmDim / c.bm, kGemmDim / c.bn, c.group, c.bk, (c.bm + c.bn) * c.bk * 2 / 1024,
        c.stages,
        tma ? "one thread issues two cp.async.bulk.tensor.2d per step (A box BKxBM of M x K, B box BKxBN of N x K, "
              "128 B swizzle at BK 64, 64 B at 32) on the slot's mbarrier"
            : "128 threads issue cp.async.cg 16 B chunks of A (M x K) and B (K x N), commit_group, wait_group "
              "stages-1 and __syncthreads per step",
        c.ctas_per_sm, smem, launches, c.loader, c.like, c.bm, c.bn, c.bk, c.stages, c.group, c.ctas_per_sm,
        occupancy, (c.bm + c.bn) * c.bk * 2, med(&GemmRate::sm_median), med(&GemmRate::sm_min),
        med(&GemmRate::sm_max), med(&GemmRate::busiest), med(&GemmRate::kernel_ms), med(&GemmRate::mhz), bad);
    std::fflush(stdout);
  }
  CK(cudaFree(a));
  CK(cudaFree(b));
  CK(cudaFree(dt));
}

// ---------------------------------------------------------------------------------------------
// alu: an elementwise op on a 128 x 64 f32 tile as a kernel runs it: every thread of the CTA
// holds its share of the tile in registers (64 values with 128 threads) and applies the PTX
// instruction to each, `kAluRounds` times; one CTA on one SM, clock64 of thread 0 between two
// __syncthreads. Rate = tile elements x rounds / cycles: the SM's elementwise throughput for it.

constexpr int kAluRounds = 256, kAluTile = 128 * 64;

template <int kOp, int kPer>
__global__ void k_alu(const float* in, long long* out, float* sink) {
  float v[kPer];
  float c = in[0], d = in[1];
#pragma unroll
  for (int i = 0; i < kPer; ++i) v[i] = in[2 + (threadIdx.x + i) % 64];
  __syncthreads();
  long long t0 = clock64();
#pragma unroll 2
  for (int r = 0; r < kAluRounds; ++r) {
#pragma unroll
    for (int i = 0; i < kPer; ++i) {
      if constexpr (kOp == 0) asm volatile("add.rn.f32 %0, %0, %1;" : "+f"(v[i]) : "f"(c));
      else if constexpr (kOp == 1) asm volatile("mul.rn.f32 %0, %0, %1;" : "+f"(v[i]) : "f"(c));
      else if constexpr (kOp == 2) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(v[i]) : "f"(c), "f"(d));
      else if constexpr (kOp == 3) asm volatile("max.f32 %0, %0, %1;" : "+f"(v[i]) : "f"(i % 2 ? c : d));
      else if constexpr (kOp == 4) asm volatile("ex2.approx.f32 %0, %0;" : "+f"(v[i]));
      else asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(v[i]));
    }
  }
  __syncthreads();
  long long t1 = clock64();
  if (threadIdx.x == 0) out[0] = t1 - t0;
  float s = 0;
#pragma unroll
  for (int i = 0; i < kPer; ++i) s += v[i];
  sink[threadIdx.x] = s;
}

template <int kOp, int kThreads>
static double alu_cycles(const float* in, long long* d, float* sink) {
  std::vector<double> cyc;
  for (int r = 0; r < 5; ++r) {
    k_alu<kOp, kAluTile / kThreads><<<1, kThreads>>>(in, d, sink);
    launched();
    long long h;
    CK(cudaMemcpy(&h, d, 8, cudaMemcpyDeviceToHost));
    cyc.push_back((double)h / kAluRounds);
  }
  return median(cyc);
}

template <int kOp>
static void run_alu(const char* name, const float* in, long long* d, float* sink) {
  double c128 = alu_cycles<kOp, 128>(in, d, sink), c256 = alu_cycles<kOp, 256>(in, d, sink);
  for (auto [threads, cyc] : {std::pair<int, double>{128, c128}, std::pair<int, double>{256, c256}})
    std::printf(
        "{\"bench\": \"alu_tile\", \"method\": \"one CTA of %d threads on one SM holds a 128x64 f32 tile in "
        "registers (%d values per thread) and applies %s to every value, %d rounds (the values of a round are "
        "independent); clock64 of thread 0 between two __syncthreads; cycles per tile op = cycles / rounds, "
        "median of 5 runs\", \"op\": \"%s\", \"threads\": %d, \"per_thread\": %d, \"cycles_per_tile_op\": %.2f, "
        "\"elements_per_cycle_per_sm\": %.2f}\n",
        threads, kAluTile / threads, name, kAluRounds, name, threads, kAluTile / threads, cyc, kAluTile / cyc);
}

static void test_alu() {
  std::vector<float> h(66);
  for (int i = 0; i < 66; ++i) h[i] = -0.5f + 0.01f * (float)i;
  h[0] = 1.0000001f;  // add / mul / fma operands that keep the values finite over the rounds
  h[1] = -0.25f;
  float *in, *sink;
  long long* d;
  CK(cudaMalloc(&in, 66 * 4));
  CK(cudaMemcpy(in, h.data(), 66 * 4, cudaMemcpyHostToDevice));
  CK(cudaMalloc(&d, 8));
  CK(cudaMalloc(&sink, 256 * 4));
  run_alu<0>("add.rn.f32", in, d, sink);
  run_alu<1>("mul.rn.f32", in, d, sink);
  run_alu<2>("fma.rn.f32", in, d, sink);
  run_alu<3>("max.f32", in, d, sink);
  run_alu<4>("ex2.approx.f32", in, d, sink);
  run_alu<5>("ex2.approx.ftz.f32", in, d, sink);
  CK(cudaFree(in));
  CK(cudaFree(d));
  CK(cudaFree(sink));
}

// ---------------------------------------------------------------------------------------------
// wgmma: m64nNk16 f16 x f16 -> f32. Latency: fence + one wgmma + commit + wait_group 0, chained
// through the accumulator. Rate: `kRun` wgmmas on the same accumulator issued back to back
// (as a K loop does), then one commit + wait; per warpgroup, with 1 or 2 warpgroups per CTA.
// A (64x16) and B (Nx16) are K-major, no swizzle, in shared memory filled with non-zero fp16.

constexpr int kWgIters = 256, kRun = 64;

__device__ __forceinline__ uint64_t wg_desc(uint32_t addr, uint32_t lbo, uint32_t sbo) {
  return (uint64_t)((addr & 0x3FFFF) >> 4) | ((uint64_t)(lbo >> 4) << 16) | ((uint64_t)(sbo >> 4) << 32);
}

__device__ __forceinline__ void wg_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wg_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wg_wait0() { asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory"); }

template <int N, bool RS>
__device__ __forceinline__ void wg_mma(float (&d)[N / 2], const uint32_t (&a)[4], uint64_t da, uint64_t db) {
  if constexpr (N == 64) {
    if constexpr (RS) wgmma_rs_n64(d, a, db); else wgmma_ss_n64(d, da, db);
  } else if constexpr (N == 128) {
    if constexpr (RS) wgmma_rs_n128(d, a, db); else wgmma_ss_n128(d, da, db);
  } else {
    if constexpr (RS) wgmma_rs_n256(d, a, db); else wgmma_ss_n256(d, da, db);
  }
}

template <int N, bool RS>
__global__ void k_wgmma(const __half* src, long long* out, float* sink) {
  __shared__ __align__(128) __half A[64 * 16];
  __shared__ __align__(128) __half B[N * 16];
  for (int i = threadIdx.x; i < 64 * 16; i += blockDim.x) A[i] = src[i];
  for (int i = threadIdx.x; i < N * 16; i += blockDim.x) B[i] = src[i % 4096];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  uint64_t da = wg_desc(smem_addr(A), 128, 256), db = wg_desc(smem_addr(B), 128, 256);
  uint32_t a[4];
  for (int i = 0; i < 4; ++i) a[i] = 0x3c003c00u ^ (threadIdx.x * 0x00010001u);
  float d[N / 2];
#pragma unroll
  for (int i = 0; i < N / 2; ++i) d[i] = 0.f;
  int wg = threadIdx.x / 128;
  // latency
  wg_fence();
  wg_mma<N, RS>(d, a, da, db);
  wg_commit();
  wg_wait0();
  __syncthreads();
  long long t0 = clock64();
  for (int i = 0; i < kWgIters; ++i) {
    wg_fence();
    wg_mma<N, RS>(d, a, da, db);
    wg_commit();
    wg_wait0();
  }
  long long t1 = clock64();
  __syncthreads();
  // rate
  long long t2 = clock64();
  for (int r = 0; r < kWgIters / 16; ++r) {
    wg_fence();
#pragma unroll 1
    for (int i = 0; i < kRun; ++i) wg_mma<N, RS>(d, a, da, db);
    wg_commit();
    wg_wait0();
  }
  long long t3 = clock64();
  if (threadIdx.x % 128 == 0) {
    out[wg * 2] = t1 - t0;
    out[wg * 2 + 1] = t3 - t2;
  }
  float s = 0;
#pragma unroll
  for (int i = 0; i < N / 2; ++i) s += d[i];
  sink[threadIdx.x] = s;
}

template <int N, bool RS>
static void run_wgmma(const __half* src, long long* d, float* sink) {
  for (int wgs : {1, 2}) {
    std::vector<double> lat, rate;
    for (int r = 0; r < 5; ++r) {
      k_wgmma<N, RS><<<1, 128 * wgs>>>(src, d, sink);
      launched();
      long long h[4];
      CK(cudaMemcpy(h, d, 8 * 2 * wgs, cudaMemcpyDeviceToHost));
      lat.push_back((double)h[0] / kWgIters);
      rate.push_back((double)h[1] / ((kWgIters / 16) * kRun));
    }
    double flops = 2.0 * 64 * N * 16;
    double per = median(rate);
    std::printf(
        "{\"bench\": \"wgmma\", \"method\": \"one CTA of %d warpgroup(s) on one SM, m64n%dk16 f32 += f16 x f16, "
        "A %s, B shared (K-major, no swizzle), non-zero inputs; latency = clock64 of warpgroup 0 around %d x "
        "(wgmma.fence + wgmma + commit_group + wait_group 0) / %d; interval = %d x %d wgmmas on one accumulator "
        "issued back to back then one commit + wait, / count; median of 5 runs\", \"shape\": \"m64n%dk16\", "
        "\"a\": \"%s\", \"warpgroups\": %d, \"latency_cycles\": %.2f, \"interval_cycles\": %.2f, "
        "\"flop_per_cycle_per_sm\": %.1f}\n",
        wgs, N, RS ? "registers" : "shared", kWgIters, kWgIters, kWgIters / 16, kRun, N, RS ? "registers" : "shared",
        wgs, median(lat), per, flops * wgs / per);
  }
}

static void test_wgmma() {
  std::vector<__half> h(4096);
  for (int i = 0; i < 4096; ++i) h[i] = __float2half(0.25f + 0.001f * (float)((i * 37) % 101));
  __half* src;
  long long* d;
  float* sink;
  CK(cudaMalloc(&src, 4096 * 2));
  CK(cudaMemcpy(src, h.data(), 4096 * 2, cudaMemcpyHostToDevice));
  CK(cudaMalloc(&d, 64));
  CK(cudaMalloc(&sink, 256 * 4));
  run_wgmma<64, false>(src, d, sink);
  run_wgmma<128, false>(src, d, sink);
  run_wgmma<256, false>(src, d, sink);
  run_wgmma<64, true>(src, d, sink);
  run_wgmma<128, true>(src, d, sink);
  CK(cudaFree(src));
  CK(cudaFree(d));
  CK(cudaFree(sink));
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: micro clock|smem|mbarrier|gload|cpasync|bulk|tma|wgmma|gemmload|alu\n");
    return 1;
  }
  std::string t = argv[1];
  if (t == "clock") test_clock();
  else if (t == "smem") test_smem();
  else if (t == "mbarrier") test_mbarrier();
  else if (t == "gload") test_gload();
  else if (t == "cpasync") test_cpasync();
  else if (t == "bulk") test_bulk();
  else if (t == "tma") test_tma();
  else if (t == "wgmma") test_wgmma();
  else if (t == "gemmload") test_gemmload();
  else if (t == "alu") test_alu();
  else {
    std::fprintf(stderr, "unknown test %s\n", t.c_str());
    return 1;
  }
  std::fflush(stdout);
  return 0;
}
