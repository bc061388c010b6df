// SPDX-License-Identifier: MIT
#include "api_params.hpp"

#include "detail/demangle.hpp"
#include "handles.hpp"

// cupti.h brings the parameter structs (generated_cuda_*_meta.h, which have no include guard).
#include <cuda_runtime_api.h>
#include <cupti.h>

namespace gputrace {

namespace {

using detail::json_line;

// The _ptsz/_ptds variants' parameter structs have the same layout as the plain function's, so
// each case casts to the plain one.
template <typename Params> const Params& params(const CUpti_CallbackData& data) {
  return *static_cast<const Params*>(data.functionParams);
}

int result_of(const CUpti_CallbackData& data) {
  return data.functionReturnValue != nullptr ? *static_cast<const int*>(data.functionReturnValue)
                                             : 0;
}

std::uint64_t handle(const void* pointer) {
  return reinterpret_cast<std::uintptr_t>(pointer);
}

void stream_fields(json_line& record, const CUpti_CallbackData& data, const void* stream,
                   bool per_thread_variant) {
  const std::uint64_t h = handle(stream);
  // Handle 2 is cudaStreamPerThread / CU_STREAM_PER_THREAD whatever the variant.
  const bool per_thread = per_thread_variant || h == 2;
  record.field("stream", h);
  if (per_thread) {
    record.field("per_thread", true);
  }
  if (auto id = stream_id(data.context, h, per_thread)) {
    record.field("stream_id", *id);
  }
}

void event_field(json_line& record, const CUpti_CallbackData& data, const void* event) {
  record.field("event", handle(event));
  remember_event(data.correlationId, handle(event));
}

void kernel_field(json_line& record, const CUpti_CallbackData& data) {
  if (data.symbolName != nullptr) {
    record.field("kernel", detail::demangled(data.symbolName));
  }
}

const char* copy_kind_name(cudaMemcpyKind kind) {
  switch (kind) {
  case cudaMemcpyHostToHost:
    return "HtoH";
  case cudaMemcpyHostToDevice:
    return "HtoD";
  case cudaMemcpyDeviceToHost:
    return "DtoH";
  case cudaMemcpyDeviceToDevice:
    return "DtoD";
  default:
    return "default";
  }
}

void copy_fields(json_line& record, std::size_t bytes, cudaMemcpyKind kind) {
  record.field("bytes", static_cast<std::uint64_t>(bytes)).field("copy_kind", copy_kind_name(kind));
}

void created_stream(json_line& record, const CUpti_CallbackData& data, cudaStream_t* created,
                    unsigned flags) {
  record.field("flags", flags);
  if (result_of(data) == 0 && created != nullptr) {
    record.field("created_stream", handle(*created));
    if (auto id = stream_id(data.context, handle(*created), false)) {
      record.field("created_stream_id", *id);
    }
  }
}

void created_event(json_line& record, const CUpti_CallbackData& data, cudaEvent_t* created,
                   unsigned flags) {
  record.field("flags", flags);
  if (result_of(data) == 0 && created != nullptr) {
    record.field("created_event", handle(*created));
  }
}

} // namespace

#define GPUTRACE_RT(name) CUPTI_RUNTIME_TRACE_CBID_##name
#define GPUTRACE_DRV(name) CUPTI_DRIVER_TRACE_CBID_##name

void describe_runtime_call(json_line& record, CUpti_CallbackId cbid, const CUpti_CallbackData& data,
                           bool per_thread) {
  switch (cbid) {
  case GPUTRACE_RT(cudaLaunchKernel_v7000):
  case GPUTRACE_RT(cudaLaunchKernel_ptsz_v7000): {
    stream_fields(record, data, params<cudaLaunchKernel_v7000_params>(data).stream, per_thread);
    kernel_field(record, data);
    break;
  }
  case GPUTRACE_RT(cudaLaunchCooperativeKernel_v9000):
  case GPUTRACE_RT(cudaLaunchCooperativeKernel_ptsz_v9000): {
    stream_fields(record, data, params<cudaLaunchCooperativeKernel_v9000_params>(data).stream,
                  per_thread);
    kernel_field(record, data);
    break;
  }
  case GPUTRACE_RT(cudaLaunchKernelExC_v11060):
  case GPUTRACE_RT(cudaLaunchKernelExC_ptsz_v11060): {
    const auto* config = params<cudaLaunchKernelExC_v11060_params>(data).config;
    stream_fields(record, data, config != nullptr ? config->stream : nullptr, per_thread);
    kernel_field(record, data);
    break;
  }
  case GPUTRACE_RT(cudaGraphLaunch_v10000):
  case GPUTRACE_RT(cudaGraphLaunch_ptsz_v10000): {
    const auto& p = params<cudaGraphLaunch_v10000_params>(data);
    record.field("graph_exec", handle(p.graphExec));
    stream_fields(record, data, p.stream, per_thread);
    break;
  }
  case GPUTRACE_RT(cudaLaunchHostFunc_v10000):
  case GPUTRACE_RT(cudaLaunchHostFunc_ptsz_v10000):
    stream_fields(record, data, params<cudaLaunchHostFunc_v10000_params>(data).stream, per_thread);
    break;
  case GPUTRACE_RT(cudaMemcpy_v3020):
  case GPUTRACE_RT(cudaMemcpy_ptds_v7000): {
    const auto& p = params<cudaMemcpy_v3020_params>(data);
    copy_fields(record, p.count, p.kind);
    if (per_thread) {
      record.field("per_thread", true);
    }
    break;
  }
  case GPUTRACE_RT(cudaMemcpyAsync_v3020):
  case GPUTRACE_RT(cudaMemcpyAsync_ptsz_v7000): {
    const auto& p = params<cudaMemcpyAsync_v3020_params>(data);
    copy_fields(record, p.count, p.kind);
    stream_fields(record, data, p.stream, per_thread);
    break;
  }
  case GPUTRACE_RT(cudaMemcpy2D_v3020):
  case GPUTRACE_RT(cudaMemcpy2D_ptds_v7000): {
    const auto& p = params<cudaMemcpy2D_v3020_params>(data);
    copy_fields(record, p.width * p.height, p.kind);
    break;
  }
  case GPUTRACE_RT(cudaMemcpy2DAsync_v3020):
  case GPUTRACE_RT(cudaMemcpy2DAsync_ptsz_v7000): {
    const auto& p = params<cudaMemcpy2DAsync_v3020_params>(data);
    copy_fields(record, p.width * p.height, p.kind);
    stream_fields(record, data, p.stream, per_thread);
    break;
  }
  case GPUTRACE_RT(cudaMemcpyToSymbol_v3020):
  case GPUTRACE_RT(cudaMemcpyToSymbol_ptds_v7000): {
    const auto& p = params<cudaMemcpyToSymbol_v3020_params>(data);
    copy_fields(record, p.count, p.kind);
    break;
  }
  case GPUTRACE_RT(cudaMemcpyFromSymbol_v3020):
  case GPUTRACE_RT(cudaMemcpyFromSymbol_ptds_v7000): {
    const auto& p = params<cudaMemcpyFromSymbol_v3020_params>(data);
    copy_fields(record, p.count, p.kind);
    break;
  }
  case GPUTRACE_RT(cudaMemcpyToSymbolAsync_v3020):
  case GPUTRACE_RT(cudaMemcpyToSymbolAsync_ptsz_v7000): {
    const auto& p = params<cudaMemcpyToSymbolAsync_v3020_params>(data);
    copy_fields(record, p.count, p.kind);
    stream_fields(record, data, p.stream, per_thread);
    break;
  }
  case GPUTRACE_RT(cudaMemcpyFromSymbolAsync_v3020):
  case GPUTRACE_RT(cudaMemcpyFromSymbolAsync_ptsz_v7000): {
    const auto& p = params<cudaMemcpyFromSymbolAsync_v3020_params>(data);
    copy_fields(record, p.count, p.kind);
    stream_fields(record, data, p.stream, per_thread);
    break;
  }
  case GPUTRACE_RT(cudaMemset_v3020):
  case GPUTRACE_RT(cudaMemset_ptds_v7000):
    record.field("bytes", static_cast<std::uint64_t>(params<cudaMemset_v3020_params>(data).count));
    break;
  case GPUTRACE_RT(cudaMemsetAsync_v3020):
  case GPUTRACE_RT(cudaMemsetAsync_ptsz_v7000): {
    const auto& p = params<cudaMemsetAsync_v3020_params>(data);
    record.field("bytes", static_cast<std::uint64_t>(p.count));
    stream_fields(record, data, p.stream, per_thread);
    break;
  }
  case GPUTRACE_RT(cudaEventCreate_v3020):
    created_event(record, data, params<cudaEventCreate_v3020_params>(data).event, 0);
    break;
  case GPUTRACE_RT(cudaEventCreateWithFlags_v3020): {
    const auto& p = params<cudaEventCreateWithFlags_v3020_params>(data);
    created_event(record, data, p.event, p.flags);
    break;
  }
  case GPUTRACE_RT(cudaEventRecord_v3020):
  case GPUTRACE_RT(cudaEventRecord_ptsz_v7000): {
    const auto& p = params<cudaEventRecord_v3020_params>(data);
    event_field(record, data, p.event);
    stream_fields(record, data, p.stream, per_thread);
    break;
  }
  case GPUTRACE_RT(cudaEventRecordWithFlags_v11010):
  case GPUTRACE_RT(cudaEventRecordWithFlags_ptsz_v11010): {
    const auto& p = params<cudaEventRecordWithFlags_v11010_params>(data);
    event_field(record, data, p.event);
    stream_fields(record, data, p.stream, per_thread);
    record.field("flags", p.flags);
    break;
  }
  case GPUTRACE_RT(cudaEventSynchronize_v3020):
    event_field(record, data, params<cudaEventSynchronize_v3020_params>(data).event);
    break;
  case GPUTRACE_RT(cudaEventQuery_v3020):
    event_field(record, data, params<cudaEventQuery_v3020_params>(data).event);
    break;
  case GPUTRACE_RT(cudaEventDestroy_v3020):
    record.field("event", handle(params<cudaEventDestroy_v3020_params>(data).event));
    break;
  case GPUTRACE_RT(cudaEventElapsedTime_v3020):
  case GPUTRACE_RT(cudaEventElapsedTime_v12080): {
    // Both versions take (float* ms, start, end).
    const auto& p = params<cudaEventElapsedTime_v12080_params>(data);
    record.field("event", handle(p.start)).field("event_end", handle(p.end));
    if (result_of(data) == 0 && p.ms != nullptr) {
      record.field("elapsed_ms", static_cast<double>(*p.ms));
    }
    break;
  }
  case GPUTRACE_RT(cudaStreamCreate_v3020):
    created_stream(record, data, params<cudaStreamCreate_v3020_params>(data).pStream, 0);
    break;
  case GPUTRACE_RT(cudaStreamCreateWithFlags_v5000): {
    const auto& p = params<cudaStreamCreateWithFlags_v5000_params>(data);
    created_stream(record, data, p.pStream, p.flags);
    break;
  }
  case GPUTRACE_RT(cudaStreamCreateWithPriority_v5050): {
    const auto& p = params<cudaStreamCreateWithPriority_v5050_params>(data);
    created_stream(record, data, p.pStream, p.flags);
    break;
  }
  case GPUTRACE_RT(cudaStreamDestroy_v5050): {
    const auto* stream = params<cudaStreamDestroy_v5050_params>(data).stream;
    stream_fields(record, data, stream, per_thread);
    forget_stream(handle(stream));
    break;
  }
  case GPUTRACE_RT(cudaStreamSynchronize_v3020):
  case GPUTRACE_RT(cudaStreamSynchronize_ptsz_v7000):
    stream_fields(record, data, params<cudaStreamSynchronize_v3020_params>(data).stream,
                  per_thread);
    break;
  case GPUTRACE_RT(cudaStreamQuery_v3020):
  case GPUTRACE_RT(cudaStreamQuery_ptsz_v7000):
    stream_fields(record, data, params<cudaStreamQuery_v3020_params>(data).stream, per_thread);
    break;
  case GPUTRACE_RT(cudaStreamWaitEvent_v3020):
  case GPUTRACE_RT(cudaStreamWaitEvent_ptsz_v7000): {
    const auto& p = params<cudaStreamWaitEvent_v3020_params>(data);
    stream_fields(record, data, p.stream, per_thread);
    event_field(record, data, p.event);
    record.field("flags", p.flags);
    break;
  }
  default:
    if (per_thread) {
      record.field("per_thread", true);
    }
    break;
  }
}

void describe_driver_call(json_line& record, CUpti_CallbackId cbid, const CUpti_CallbackData& data,
                          bool per_thread) {
  switch (cbid) {
  case GPUTRACE_DRV(cuLaunchKernel):
  case GPUTRACE_DRV(cuLaunchKernel_ptsz):
    stream_fields(record, data, params<cuLaunchKernel_params>(data).hStream, per_thread);
    kernel_field(record, data);
    break;
  case GPUTRACE_DRV(cuLaunchCooperativeKernel):
  case GPUTRACE_DRV(cuLaunchCooperativeKernel_ptsz):
    stream_fields(record, data, params<cuLaunchCooperativeKernel_params>(data).hStream, per_thread);
    kernel_field(record, data);
    break;
  case GPUTRACE_DRV(cuLaunchKernelEx):
  case GPUTRACE_DRV(cuLaunchKernelEx_ptsz): {
    const auto* config = params<cuLaunchKernelEx_params>(data).config;
    stream_fields(record, data, config != nullptr ? config->hStream : nullptr, per_thread);
    kernel_field(record, data);
    break;
  }
  case GPUTRACE_DRV(cuGraphLaunch):
  case GPUTRACE_DRV(cuGraphLaunch_ptsz): {
    const auto& p = params<cuGraphLaunch_params>(data);
    record.field("graph_exec", handle(p.hGraph));
    stream_fields(record, data, p.hStream, per_thread);
    break;
  }
  case GPUTRACE_DRV(cuEventRecord):
  case GPUTRACE_DRV(cuEventRecord_ptsz): {
    const auto& p = params<cuEventRecord_params>(data);
    event_field(record, data, p.hEvent);
    stream_fields(record, data, p.hStream, per_thread);
    break;
  }
  case GPUTRACE_DRV(cuEventRecordWithFlags):
  case GPUTRACE_DRV(cuEventRecordWithFlags_ptsz): {
    const auto& p = params<cuEventRecordWithFlags_params>(data);
    event_field(record, data, p.hEvent);
    stream_fields(record, data, p.hStream, per_thread);
    record.field("flags", p.flags);
    break;
  }
  case GPUTRACE_DRV(cuEventSynchronize):
    event_field(record, data, params<cuEventSynchronize_params>(data).hEvent);
    break;
  case GPUTRACE_DRV(cuStreamSynchronize):
  case GPUTRACE_DRV(cuStreamSynchronize_ptsz):
    stream_fields(record, data, params<cuStreamSynchronize_params>(data).hStream, per_thread);
    break;
  default:
    if (per_thread) {
      record.field("per_thread", true);
    }
    break;
  }
}

} // namespace gputrace
