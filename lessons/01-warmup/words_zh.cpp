// SPDX-License-Identifier: MIT
// The words the check programs print, in Chinese: lesson01 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array chinese{
    // a timing function that ran the work more than once
    entry{"check.l01.extra-runs.message",
          "你的 {function} 在一次调用中运行了 {runs} 次 work(stream)。它为工作的一次调用计时，"
          "所以只应运行一次：在它内部预热，会把每个调用者都应看到的冷启动藏起来。"},
    entry{"check.l01.extra-runs.hint", "在 {function} 中只调用一次 work(stream)。"},

    // a wrong number, against the call the checker timed from inside
    entry{"check.l01.against-return.too-short",
          "对于{work}，你的 {function} 返回了 {reported}，而它实际用了 {truth}（检查器在调用内部"
          "读取了时钟）：你的数值短了 {off}。"},
    entry{"check.l01.against-return.too-long",
          "对于{work}，你的 {function} 返回了 {reported}，而它实际用了 {truth}（检查器在调用内部"
          "读取了时钟）：你的数值长了 {off}。"},
    entry{"check.l01.against-finish.too-short",
          "对于{work}，你的 {function} 返回了 {reported}，而它至少用了 {truth}（检查器在调用内部"
          "读取了时钟，其内核则用 GPU 自己的时钟测量）：你的数值短了 {off}。"},
    entry{"check.l01.against-finish.more",
          "对于{work}，你的 {function} 返回了 {reported}，而它至少用了 {truth}（检查器在调用内部"
          "读取了时钟，其内核则用 GPU 自己的时钟测量）：你的数值比这还多出 {off}。"},

    // the first call of a fresh process
    entry{"check.l01.first-call.work-until-return",
          "新进程中 work(stream) 的第一次调用（一次 N = {n} 的 cuBLAS GEMM，随后是 {kernel} 的 "
          "GPU 工作），计到调用返回为止"},
    entry{"check.l01.first-call.work-until-finish",
          "新进程中 work(stream) 的第一次调用（一次 N = {n} 的 cuBLAS GEMM，随后是 {kernel} 的 "
          "GPU 工作），计到 GPU 做完它为止"},
    entry{"check.l01.fresh-process.expected", "一个把你的 {function} 完整运行到底的新进程"},
    entry{"check.l01.fresh-process.measured", "一个失败的进程"},
    entry{"check.l01.fresh-process.stopped",
          "运行你的代码的新进程提前停止了。它最后输出的几行：\n{output}"},
    entry{"check.l01.fresh-process.hint",
          "运行 `make run LESSON=1`，就能在你的终端里看到同样的错误。"},

    // the four checks
    entry{"check.l01.time-until-return.zero-hint",
          "time_until_return 测量的是从调用 work(stream) 到这次调用返回的时间。"},
    entry{
        "check.l01.time-call.zero-hint",
        "time_call 测量的是从调用 work(stream) 起，到 GPU 做完这次调用放入队列的工作为止的时间。"},
    entry{"check.l01.warm-return.name", "time_until_return 在调用返回时停止计时（预热后的调用）"},
    entry{"check.l01.warm-return.wrong-hint",
          "work(stream) 一返回就停止计时：等待 GPU 是 time_call 的事，不是这个函数的事。"},
    entry{"check.l01.warm-call.name", "time_call 返回一次预热后调用的时间，计到 GPU 做完它为止"},
    entry{"check.l01.warm-call.wrong-hint",
          "时钟必须从紧挨着 `work(stream)` 之前开始，一直走到 GPU 做完它为止，其间不能运行任何"
          "别的东西。"},
    entry{"check.l01.cold-return.name", "time_until_return 为新进程中的第一次调用计时，包含冷启动"},
    entry{"check.l01.cold-return.wrong-hint",
          "不管是冷是热，都为交给你的那次调用计时：从紧挨着它之前，到它返回为止。"},
    entry{"check.l01.cold-call.name", "time_call 为新进程中的第一次调用计时，包含冷启动"},
    entry{"check.l01.cold-call.wrong-hint",
          "不管是冷是热，都为交给你的那次调用计时：在调用 work(stream) 之前开始计时，GPU 做完它"
          "之后才停止。"},
};

} // namespace

std::span<const entry> check_words_lesson01_zh() {
  return chinese;
}

} // namespace gpucheck::messages::parts
