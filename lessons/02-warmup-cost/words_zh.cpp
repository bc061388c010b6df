// SPDX-License-Identifier: MIT
// 检查程序输出的文字（中文）：第 02 课（catalogue_parts.hpp）。与 check_words_lesson02_en.cpp 的
// id 一一对应，占位符相同。
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array chinese{
    // checkapi/warm_up_judgement.cpp：一组“预热到稳定为止”的调用
    entry{"check.l02.call-number", "第 {number} 次调用"},
    entry{"check.l02.calls.one", "{count} 次调用"},
    entry{"check.l02.calls", "{count} 次调用"},
    entry{"check.l02.nothing-timed.message",
          "你的函数返回的预热为空，稳态耗时为 0 ms：它还没有为任何东西计时。"},
    entry{"check.l02.nothing-timed.hint",
          "用 gpucourse::time_call(work, stream) 一次接一次地为调用计时，并保存每个耗时。"},
    entry{"check.l02.count-own-agree.message",
          "你的预热有 {calls}，但你自己测得的{first}和{second}的耗时（{first_ms} 和 "
          "{second_ms}）在 stable_within 之内一致：稳态在这两次调用时就已经开始了。"},
    entry{"check.l02.count-planned.message",
          "你的预热有 {calls}，但实际的预热有 {planned}：按 GPU 的时钟，最初几次调用分别用了 "
          "{times}，而{first}和{second}是最早的连续两次一致的调用。"},
    entry{"check.l02.count-too-few.hint",
          "一直调用下去，直到连续两次调用的耗时一致：预热并不总是一次调用，也不是任何固定的次数。"},
    entry{"check.l02.count-kept-agreeing.hint",
          "彼此一致的那两次调用是最早的稳态调用：warm_up_ms 只包含它们之前的调用。"},
    entry{"check.l02.count-too-many.hint",
          "在最早的连续两次一致的调用处停止预热：两者之差不超过较短者的 stable_within。"},
    entry{"check.l02.call-time.message",
          "你测得的{call}耗时为 {reported}，但按 GPU 的时钟，它运行了 {truth}。"},
    entry{
        "check.l02.call-time.hint",
        "每次调用单独计时，从调用开始，直到 GPU 完成它为止（gpucourse::time_call 这两点都会做到），"
        "并按调用的顺序保存这些耗时。"},
    entry{"check.l02.steady.message", "你的 steady_ms 为 {reported}，但按 GPU 的时钟，最后 "
                                      "{repetitions} 次调用的中位数是 {truth}。"},
    entry{"check.l02.steady.hint", "steady_ms 是预热之后计时的 `repetitions` 次调用的中位数。"},
    entry{"check.l02.steady-mean.message",
          "你的 steady_ms 为 {reported}，但按 GPU 的时钟，最后 {repetitions} 次调用的中位数是 "
          "{truth}。你返回的是它们的平均值（{mean}）：其中一次调用用了三倍的时间，这会改变平均值，"
          "却不会改变中位数。"},
    entry{"check.l02.steady-mean.hint", "把 `repetitions` 次调用的耗时排序，取中间的那个。"},
    entry{"check.l02.cost.message",
          "warm_up_cost_ms 返回了 {reported}；而你的预热共 {calls}，比同样次数、每次 {steady} "
          "的稳态调用多用了 {extra}。"},
    entry{"check.l02.cost.hint",
          "每次预热调用做的都是一次稳态调用的工作：它的开销是它超出 steady_ms 的那部分时间。"
          "把每次预热调用的这部分都加起来，而不只是第一次的。"},
    entry{"check.l02.describe.no-warm-up", "没有预热，稳态 {steady}，开销 {cost}"},
    entry{"check.l02.describe.warm-up", "预热 {calls}（{times}），稳态 {steady}，开销 {cost}"},
    entry{"check.l02.describe.warm-up-first-6",
          "预热 {calls}（前 6 次为 {times}），稳态 {steady}，开销 {cost}"},

    // lessons/02-warmup-cost/check.cu
    entry{"check.l02.series.name",
          "warm_up_until_stable 逐次返回预热的耗时、稳态的中位数和预热开销"},
    entry{"check.l02.series.expected", "{described}（重复 {repetitions} 次）"},
    entry{"check.l02.fresh.name",
          "在新进程中，N = {n} 的 GEMM 第一次调用和稳态的耗时与检查器测得的一致"},
    entry{"check.l02.fresh-failed.expected", "一个把 warm_up_until_stable 运行到底的新进程"},
    entry{"check.l02.fresh-failed.measured", "一个失败的进程"},
    entry{"check.l02.fresh-failed.message", "有一个新进程提前停止了。它最后输出的几行：\n{lines}"},
    entry{"check.l02.fresh-failed.hint",
          "运行 `make run LESSON=2`，就能在你的终端里看到同样的错误。"},
    entry{"check.l02.fresh.expected",
          "第一次调用在 {low} 到 {high} 之间，稳态 {steady}，误差不超过 {allowed}"},
    entry{"check.l02.fresh.measured", "第一次调用 {first}，稳态 {steady}，预热开销 {cost}"},
    entry{"check.l02.fresh-empty.message",
          "在新进程中你的预热是空的，但检查器在新进程中第一次运行 N = {n} 的 GEMM 用了 {low} 到 "
          "{high}：一个进程的第一次调用从来不是稳态。"},
    entry{"check.l02.fresh-empty.hint", "warm_up_ms 从这项工作最早的那次调用开始。"},
    entry{"check.l02.fresh-first.message",
          "检查器在新进程中第一次运行 N = {n} 的 GEMM 用了 {low} 到 {high}；你的用了 {first}。"},
    entry{"check.l02.fresh-first-short.hint",
          "warm_up_ms[0] 必须是最早的那次调用，并且计时到 GPU 完成为止：在它之前不能有任何东西"
          "运行这项工作。"},
    entry{"check.l02.fresh-first-long.hint",
          "用 gpucourse::time_call 为每次调用计时，计时区间里不要有别的东西。"},
    entry{"check.l02.fits-a-cold-start", "一次冷启动的时长"},
    entry{"check.l02.fresh-first-unit.hint",
          "返回毫秒：std::chrono::duration<double, std::milli>(stop - start).count()。"},
    entry{"check.l02.fresh-steady.message",
          "你的 steady_ms 为 {reported}，但检查器用事件为同一个已预热的 GEMM 测得 {truth}。"},
    entry{"check.l02.grows.name", "稳态的 GEMM 耗时随 N 增长"},
    entry{"check.l02.grows.expected",
          "N = {large} 时的稳态耗时至少是 N = {small} 时的 5 倍（检查器测得 {ratio} 倍）"},
    entry{"check.l02.grows.measured", "大 N：{large_ms}，小 N：{small_ms}"},
    entry{"check.l02.grows.message",
          "你在 N = {large} 时的稳态耗时只有 N = {small} 时的 {times} 倍，而大的 GEMM 的工作量约为"
          "小的 {work} 倍：你的稳态耗时没有随工作量增长。"},
    entry{"check.l02.grows.hint", "为每次调用计时，直到 GPU 完成它为止（gpucourse::time_call）。"},
};

} // namespace

std::span<const entry> check_words_lesson02_zh() {
  return chinese;
}

} // namespace gpucheck::messages::parts
