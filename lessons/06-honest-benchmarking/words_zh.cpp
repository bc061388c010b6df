// SPDX-License-Identifier: MIT
// The words the check programs print, in Chinese: lesson06 (catalogue_parts.hpp).
// 与 check_words_lesson06_en.cpp 的 id 一一对应，占位符相同；代码、API 名和单位保持原样。
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array chinese{
    // the work a trial timed (timing_trial::work), put into check.api.timing.expected
    entry{"check.l06.work.planned-runs", "检查器安排的预热后各次运行的中位数"},

    // the median
    entry{"check.l06.median.name", "benchmark 的中位数是预热后一次运行的时间，从 5 us 到 50 ms"},
    entry{"check.l06.median.context",
          "这项工作在开始的 25-40 ms 内是冷的，一次运行的时长在 5 us 到 50 ms 之间"},
    entry{"check.l06.median.zero-hint",
          "在 `stream` 上用两个事件为工作的样本计时（第 04 课），返回样本的中位数。"},
    entry{"check.l06.median.wrong-hint",
          "预热的时间要比工作保持冷的时间更长；每个样本至少包含一毫秒的工作；返回排在中间的样本，"
          "而不是平均值。"},

    // what a wrong median's numbers suggest (benchmark_judgement.hpp, median_clue)
    entry{"check.l06.clue.cold-runs",
          "你的中位数等于冷运行的时长（{cold}；预热后为 {warm}）：在第一个样本之前，预热的时间要比"
          "工作保持冷的时间（最长 40 ms）更长。"},
    entry{"check.l06.clue.timing-cost",
          "你的中位数比一次很短的运行长了几微秒：这是一次计时本身的开销。每个样本计时一批运行，"
          "再除以运行次数。"},
    entry{"check.l06.clue.several-runs",
          "你的中位数大约是 {runs} 次运行的时间：每个样本的时间要除以它包含的运行次数。"},
    entry{"check.l06.clue.mean",
          "你的数字更接近各次运行的平均值（{mean}），而不是它们的中位数（{median}）：少数几次慢的"
          "运行就会拉动平均值。把样本排序，返回中间那一个。"},

    // the noise figure
    entry{"check.l06.noise.name", "benchmark 的噪声指标随各次运行的离散程度升降"},
    entry{"check.l06.noise.expected",
          "噪声指标在 {low} 到 {high} 之间（预热后各次运行的相对离散度：{spread}），中位数位于各次"
          "运行的四分位数之间（各次运行的中位数：{median}）"},
    entry{"check.l06.noise.measured",
          "噪声 {noise}，中位数 {median}，共 {samples} 个样本（{calls} 次调用中 {hits} 次正确）"},
    entry{"check.l06.noise.same-every-call.message",
          "你的噪声指标在每次调用中都是 {noise}，而各次运行的离散度在有的调用中是 0%，在另一些调用"
          "中达到 20% 或更多。"},
    entry{"check.l06.noise.same-every-call.hint",
          "用你的样本计算噪声指标：(q3 - q1) / median，定义见 exercise.h。"},
    entry{"check.l06.noise.too-low.message",
          "你的噪声指标 {noise} 远低于各次运行实际的离散度（{spread}）。"},
    entry{"check.l06.noise.too-low.hint",
          "一次运行达到一毫秒或更长时，让每次运行单独成为一个样本（一批运行会把离散度平均掉），"
          "并直接取样本本身的四分位数。"},
    entry{"check.l06.noise.too-high.message",
          "你的噪声指标 {noise} 远高于各次运行实际的离散度（{spread}）。"},
    entry{"check.l06.noise.too-high.hint",
          "取四分位数（排序后第 n / 4 和第 3 n / 4 个样本），而不是最短和最长的样本；并且不要把"
          "预热算进样本。"},
    entry{"check.l06.noise.median-outside.message",
          "你的中位数 {median} 落在预热后各次运行的四分位数（{low} 到 {high}）之外。"},
    entry{"check.l06.noise.median-outside.hint",
          "预热的时间要比工作保持冷的时间更长，并返回排序后位于中间的样本。"},
    entry{"check.l06.noise.not-a-number.message",
          "你的噪声指标 {noise} 不是一个大于等于 0 的比例。"},
    entry{"check.l06.noise.not-a-number.hint",
          "返回至少 20 个样本的 (q3 - q1) / median，用比例表示：0.05 表示 5%。"},
};

} // namespace

std::span<const entry> check_words_lesson06_zh() {
  return chinese;
}

} // namespace gpucheck::messages::parts
