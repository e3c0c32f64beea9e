// The shared-memory budget buffer assignment checks (docs/target-model.md, "Machine": smem_bytes
// 232448): what the device reports, and whether a kernel launches with that many bytes of dynamic
// shared memory and fails with one byte more. One JSON line per figure.
//   nvcc -std=c++17 -O2 -arch=sm_90a -o smem_limit smem_limit.cu && ./smem_limit
#include <cstdio>

#include <cuda_runtime.h>

__global__ void touch(int bytes) {
  extern __shared__ unsigned char smem[];
  if (threadIdx.x == 0) smem[bytes - 1] = 1;
}

static void attribute(const char *name, cudaDeviceAttr a) {
  int v = 0;
  cudaError_t e = cudaDeviceGetAttribute(&v, a, 0);
  printf("{\"figure\": \"%s\", \"value\": %d, \"error\": \"%s\"}\n", name, v, cudaGetErrorString(e));
}

int main() {
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  printf("{\"figure\": \"device\", \"value\": \"%s\"}\n", p.name);
  attribute("max_shared_memory_per_block_optin", cudaDevAttrMaxSharedMemoryPerBlockOptin);
  attribute("max_shared_memory_per_multiprocessor", cudaDevAttrMaxSharedMemoryPerMultiprocessor);
  attribute("max_shared_memory_per_block", cudaDevAttrMaxSharedMemoryPerBlock);
  attribute("reserved_shared_memory_per_block", cudaDevAttrReservedSharedMemoryPerBlock);
  attribute("multiprocessor_count", cudaDevAttrMultiProcessorCount);
  int optin = 0;
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  for (int bytes : {optin, optin + 1}) {
    cudaError_t set = cudaFuncSetAttribute(touch, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
    touch<<<1, 32, bytes>>>(bytes);
    cudaError_t launch = cudaGetLastError();
    cudaError_t sync = cudaDeviceSynchronize();
    printf("{\"figure\": \"launch_with_dynamic_smem\", \"bytes\": %d, \"set_attribute\": \"%s\", \"launch\": \"%s\", "
           "\"sync\": \"%s\"}\n",
           bytes, cudaGetErrorString(set), cudaGetErrorString(launch), cudaGetErrorString(sync));
    cudaGetLastError();
  }
  return 0;
}
