// SPDX-License-Identifier: MIT
// The words the check programs print, in Chinese: lesson00 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array chinese{
    // query_device
    entry{"check.l00.query-device.name", "query_device({device}) 正确填写每一个字段"},
    entry{"check.l00.query-device.expected", "{name}，{sms} 个 SM，计算能力 {major}.{minor}"},
    entry{"check.l00.query-device.empty-name", "空的名称"},
    entry{"check.l00.query-device.fields-differ",
          "以下字段与运行时报告的不一致：{fields}（{field} 应为 {truth}，你的是 {yours}）。"},
    entry{"check.l00.query-device.hint",
          "调用 cudaGetDeviceProperties(&properties, device)，逐个拷贝字段；两个时钟频率要用 "
          "cudaDeviceGetAttribute（cudaDevAttrClockRate、cudaDevAttrMemoryClockRate）获取。"},

    // cuda_error_message
    entry{"check.l00.error-message.name",
          "cuda_error_message 描述失败的调用，对成功的调用则什么也不说"},
    entry{"check.l00.error-message.expected",
          "一条包含 \"{where}\"、\"{error}\" 以及该调用文本的消息"},
    entry{"check.l00.error-message.empty", "空消息"},
    entry{"check.l00.error-message.unnoticed",
          "{call} 以 {error} 失败，而你的函数返回了 \"\"：这个错误会被悄无声息地忽略。"},
    entry{"check.l00.error-message.unnoticed-hint",
          "把 `error` 与 cudaSuccess 比较；不相等时，用 file、line、cudaGetErrorName(error)、"
          "cudaGetErrorString(error) 和 call 拼出消息。"},
    entry{"check.l00.error-message.lacks", "你的消息中缺少 \"{part}\"。"},
    entry{"check.l00.error-message.lacks-hint",
          "按 file:line: CUDA error NAME (description) in: call 的格式来写。"},
    entry{"check.l00.error-message.success",
          "对 cudaSuccess，你的函数返回了 \"{message}\"：成功的调用不需要消息。"},
    entry{"check.l00.error-message.success-hint", "当 error == cudaSuccess 时返回 \"\"。"},

    // check_cuda (CHECKED)
    entry{"check.l00.checked.name", "check_cuda 对失败的调用返回 false，对成功的调用返回 true"},
    entry{"check.l00.checked.expected", "从真实缓冲区拷贝时为 true，从 nullptr 拷贝时为 false"},
    entry{"check.l00.checked.measured", "从真实缓冲区拷贝时为 {good}，从 nullptr 拷贝时为 {bad}"},
    entry{"check.l00.checked.said-success",
          "从空指针出发的拷贝失败了（cudaErrorInvalidValue），check_cuda 却说它成功了：用它的程序"
          "会带着错误的数据继续运行。"},
    entry{"check.l00.checked.said-success-hint",
          "返回 error == cudaSuccess；不成功时把 cuda_error_message(...) 打印到 stderr。"},
    entry{"check.l00.checked.said-failure", "对一次成功的拷贝，check_cuda 返回了 false。"},
    entry{"check.l00.checked.said-failure-hint", "只有不是 cudaSuccess 的错误才算失败。"},

    // time_copy_ms
    entry{"check.l00.memory.pageable", "可分页"},
    entry{"check.l00.memory.pinned", "锁页"},
    entry{"check.l00.copy.name", "time_copy_ms 为从{memory}内存出发的拷贝计时"},
    entry{"check.l00.copy.work", "从{memory}内存拷贝 {mib} MiB（由检查器用事件计时）"},
    entry{"check.l00.copy.zero-hint",
          "用 cudaMemcpy 拷贝这些字节，在拷贝前后各读一次时钟，以毫秒为单位返回两者之差。"},
    entry{"check.l00.copy.wrong-hint",
          "只为一次 `bytes` 字节的拷贝计时：从你发起拷贝的那一刻，到数据到达 GPU 为止，"
          "其间不做别的事。"},
    entry{"check.l00.copy.not-copied",
          "你的函数返回后，GPU 缓冲区中并没有 `source` 的字节：你计时的不是从 `source` 到 "
          "`destination` 的那次 `bytes` 字节的拷贝。"},
    entry{"check.l00.copy.not-copied-hint",
          "把全部 `bytes` 字节从 `source` 拷贝到 `destination`（主机到设备），并为这次拷贝计时。"},

    // break_even_elements
    entry{"check.l00.elements.never", "永远不会（无穷大）"},
    entry{"check.l00.elements.count", "{count} 个元素"},
    entry{"check.l00.break-even.name", "break_even_elements 预测 GPU 任务在何处超过 CPU 循环"},
    entry{"check.l00.break-even.expected", "{elements}（开销：{costs}）"},
    entry{"check.l00.break-even.slip-bytes",
          "你的每一个预测，都等于每个元素拷贝 {bytes} 字节的任务会得到的结果。数一数 "
          "y = a * x + y 有哪些数据要经过总线。"},
    entry{"check.l00.break-even.slip-unit",
          "你的每一个预测都是正确值乘以 {factor}：gpu_fixed_ms 的单位是毫秒，cpu_ns_per_element "
          "的单位是纳秒。"},
    entry{"check.l00.break-even.slip-no-copies",
          "你的每一个预测，都等于不做拷贝的任务会得到的结果：拷贝也是 GPU 任务的一部分。"},
    entry{"check.l00.break-even.never",
          "在这组开销下，拷贝一个元素所需的时间比 CPU 处理它还长，因此 n 越大，GPU 任务落后得"
          "越多；你却返回了 {returned}。"},
    entry{"check.l00.break-even.wrong", "你的预测是 {reported}，而模型给出的是 {model}。"},
    entry{"check.l00.break-even.never-hint",
          "如果没有任何 n 能让 GPU 任务更快，就返回 std::numeric_limits<double>::infinity()。"},
    entry{"check.l00.break-even.wrong-hint",
          "把两个时间都写成 n 的函数并统一单位（比如 ns），令二者相等，解出 n。"},
};

} // namespace

std::span<const entry> check_words_lesson00_zh() {
  return chinese;
}

} // namespace gpucheck::messages::parts
