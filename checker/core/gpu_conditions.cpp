// SPDX-License-Identifier: MIT
#include "core/gpu_conditions.hpp"

#include "messages/messages.hpp"

#include <algorithm>
#include <dlfcn.h>

namespace gpucheck {
namespace {

// The few NVML declarations used here (nvml.h is not needed to build gpucheck).
using nvml_return = int;
using nvml_device = void*;
struct nvml_process_info { // nvmlProcessInfo_t (v2), as filled by the _v3 process queries
  unsigned pid;
  unsigned long long used_gpu_memory;
  unsigned gpu_instance_id;
  unsigned compute_instance_id;
};
struct nvml_utilization {
  unsigned gpu;
  unsigned memory;
};
constexpr nvml_return nvml_success = 0;
constexpr nvml_return nvml_insufficient_size = 7;

template <class Function> Function symbol(void* library, const char* name) {
  return reinterpret_cast<Function>(dlsym(library, name));
}

class nvml_library {
public:
  nvml_library() {
    m_handle = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (m_handle == nullptr) {
      return;
    }
    auto init = symbol<nvml_return (*)()>(m_handle, "nvmlInit_v2");
    m_ready = init != nullptr && init() == nvml_success;
  }
  ~nvml_library() {
    if (m_ready) {
      if (auto shutdown = symbol<nvml_return (*)()>(m_handle, "nvmlShutdown")) {
        shutdown();
      }
    }
    if (m_handle != nullptr) {
      dlclose(m_handle);
    }
  }
  nvml_library(const nvml_library&) = delete;
  nvml_library& operator=(const nvml_library&) = delete;

  bool ready() const { return m_ready; }
  void* handle() const { return m_handle; }

private:
  void* m_handle = nullptr;
  bool m_ready = false;
};

bool find_device(void* library, const std::string& identity, nvml_device& device) {
  if (identity.rfind("GPU-", 0) == 0 || identity.rfind("MIG-", 0) == 0) {
    auto by_uuid =
        symbol<nvml_return (*)(const char*, nvml_device*)>(library, "nvmlDeviceGetHandleByUUID");
    return by_uuid != nullptr && by_uuid(identity.c_str(), &device) == nvml_success;
  }
  auto by_index =
      symbol<nvml_return (*)(unsigned, nvml_device*)>(library, "nvmlDeviceGetHandleByIndex_v2");
  unsigned index = 0;
  try {
    index = static_cast<unsigned>(std::stoul(identity));
  } catch (...) {
    index = 0;
  }
  return by_index != nullptr && by_index(index, &device) == nvml_success;
}

int count_other_processes(void* library, nvml_device device,
                          const std::vector<unsigned>& excluded_pids) {
  auto processes = symbol<nvml_return (*)(nvml_device, unsigned*, nvml_process_info*)>(
      library, "nvmlDeviceGetComputeRunningProcesses_v3");
  if (processes == nullptr) {
    return 0;
  }
  std::vector<nvml_process_info> infos(64);
  auto count = static_cast<unsigned>(infos.size());
  nvml_return status = processes(device, &count, infos.data());
  if (status == nvml_insufficient_size) {
    infos.resize(count + 16);
    count = static_cast<unsigned>(infos.size());
    status = processes(device, &count, infos.data());
  }
  if (status != nvml_success) {
    return 0;
  }
  return static_cast<int>(std::count_if(infos.begin(), infos.begin() + count, [&](const auto& p) {
    return std::find(excluded_pids.begin(), excluded_pids.end(), p.pid) == excluded_pids.end();
  }));
}

} // namespace

std::vector<std::string> describe_slowdowns(unsigned long long reasons) {
  // nvmlClocksEventReason* bits. 0x1 GPU idle, 0x2 application clocks, 0x10 sync boost and
  // 0x100 display clock setting do not disturb a measurement; these do:
  static const std::pair<unsigned long long, const char*> disturbing[] = {
      {0x4, "slowdown.software-power-cap"},    {0x8, "slowdown.hardware"},
      {0x20, "slowdown.software-thermal"},     {0x40, "slowdown.hardware-thermal"},
      {0x80, "slowdown.hardware-power-brake"},
  };
  std::vector<std::string> names;
  for (const auto& [bit, name_id] : disturbing) {
    if ((reasons & bit) != 0) {
      names.push_back(messages::text(name_id));
    }
  }
  return names;
}

gpu_conditions read_gpu_conditions(const std::string& identity,
                                   const std::vector<unsigned>& excluded_pids) {
  gpu_conditions conditions;
  // Loaded and initialized once a process: a check reads the conditions before and after its run,
  // and a batch grades many (nvmlInit costs tens of milliseconds, more without persistence mode).
  static const nvml_library nvml;
  if (!nvml.ready()) {
    conditions.unknown_reason = messages::text("noise.no-nvml");
    return conditions;
  }
  nvml_device device = nullptr;
  if (!find_device(nvml.handle(), identity, device)) {
    conditions.unknown_reason = messages::text("noise.gpu-unknown-to-nvml", {{"gpu", identity}});
    return conditions;
  }
  conditions.known = true;
  conditions.other_processes = count_other_processes(nvml.handle(), device, excluded_pids);
  if (auto utilization = symbol<nvml_return (*)(nvml_device, nvml_utilization*)>(
          nvml.handle(), "nvmlDeviceGetUtilizationRates")) {
    nvml_utilization rates{};
    if (utilization(device, &rates) == nvml_success) {
      conditions.utilization_percent = rates.gpu;
    }
  }
  auto reasons = symbol<nvml_return (*)(nvml_device, unsigned long long*)>(
      nvml.handle(), "nvmlDeviceGetCurrentClocksEventReasons");
  if (reasons == nullptr) { // drivers before 535
    reasons = symbol<nvml_return (*)(nvml_device, unsigned long long*)>(
        nvml.handle(), "nvmlDeviceGetCurrentClocksThrottleReasons");
  }
  unsigned long long mask = 0;
  if (reasons != nullptr && reasons(device, &mask) == nvml_success) {
    conditions.slowdowns = describe_slowdowns(mask);
  }
  return conditions;
}

} // namespace gpucheck
