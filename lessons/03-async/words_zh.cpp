// SPDX-License-Identifier: MIT
// 检查程序输出的文字（中文）：第 03 课（catalogue_parts.hpp）。与 check_words_lesson03_en.cpp 的
// id 一一对应，占位符相同。
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array chinese{
    // lessons/03-async/check.cu：time_launch_only
    entry{"check.l03.launch.name", "time_launch_only 返回启动时间，至多为工作耗时的十分之一"},
    entry{"check.l03.launch.expected",
          "大于 0 且不超过 {limit}（N = 4000 时 GEMM 耗时 {truth} 的十分之一）"},
    entry{"check.l03.launch.measured",
          "{launch}（对一个耗时 {spin_truth} 的内核为 {spin_launch}）"},
    entry{"check.l03.launch-untimed.message", "你的函数返回了 {launch}：它还没有为启动计时。"},
    entry{"check.l03.launch-untimed.hint",
          "在 `work(stream)` 之前和之后各读一次 std::chrono::steady_clock::now()，"
          "以毫秒为单位返回两者之差。"},
    entry{"check.l03.launch-waited.message",
          "你测得的仅启动时间接近工作本身的耗时：函数等待了 GPU，所以测到的是工作，而不是启动。"},
    entry{"check.l03.launch-waited.hint",
          "time_launch_only 中不要同步：要看的正是这次调用本身只花多少时间。"},
    entry{"check.l03.launch-long.message",
          "你测得的仅启动时间超过了工作耗时的十分之一，但比工作本身短：两次读时钟之间不只有启动，"
          "或者主机当时很慢。"},
    entry{"check.l03.launch-long.hint", "只在 `work(stream)` 的前后紧挨着读时钟，中间不要有别的。"},

    // lessons/03-async/check.cu：reproduce_case_5
    entry{"check.l03.case-5.name",
          "reproduce_case_5 测量情形 4、情形 5、情形 5 的工作单独运行的时间，以及陈旧工作"},
    entry{"check.l03.case-5.expected",
          "情形 4 是一次启动，短于 {launch_limit}；情形 5 是它自己的 {own}，加上排在它之前的 "
          "{case_4_work} 情形 4 的工作；单独运行 {alone}；陈旧工作 {case_4_work}"
          "（各自误差不超过 5% 或 0.1 ms）"},
    entry{"check.l03.case-5.measured", "{numbers}（3 次试验中 {right} 次正确）"},
    entry{"check.l03.case-5.measured-second-round",
          "{measured}；这是第二轮的结果，第一轮同样未通过"},

    // checkapi/case_5_judgement.cpp：reproduce_case_5 的一次试验
    entry{"check.l03.runs.none", "0 次"},
    entry{"check.l03.runs.once", "1 次"},
    entry{"check.l03.runs.twice", "2 次"},
    entry{"check.l03.runs.many", "{count} 次"},
    entry{"check.l03.runs.message",
          "你的函数把情形 4 的工作运行了 {case_4_runs}，把情形 5 的工作运行了 {case_5_runs}；"
          "情形 4 应运行它的工作一次，情形 5 的工作应运行两次：一次作为情形 5，一次单独运行。"},
    entry{"check.l03.runs.hint",
          "调用 case_4_work 一次、case_5_work 两次，每次调用都放在一次计时之中。"},
    entry{"check.l03.not-a-number.message", "你返回的四个数中有一个不是有效的数值。"},
    entry{"check.l03.not-a-number.hint", "每个字段都返回一个以毫秒为单位的时间。"},
    entry{"check.l03.case-4-untimed.message",
          "case_4_ms 为 {case_4}：它还没有为情形 4 的启动计时。"},
    entry{"check.l03.case-4-untimed.hint", "情形 4 就是你的 time_launch_only 作用于 case_4_work。"},
    entry{"check.l03.case-4-waited.message",
          "case_4_ms 为 {case_4}，至少是情形 4 的工作（在 GPU 上为 {case_4_work}）的一半："
          "情形 4 等待了它的工作，所以情形 5 不可能包含其中任何部分。"},
    entry{"check.l03.case-4-waited.hint", "情形 4 只是启动：time_launch_only 中不要同步。"},
    entry{"check.l03.case-4-finished.message",
          "情形 5 的工作在情形 4 的工作之后 {gap} 才进入队列，那时情形 4 的工作（在 GPU 上为 "
          "{case_4_work}）已经完成：与原文不同，情形 5 没有包含其中任何部分。情形 4 和情形 5 "
          "之间有什么东西等待了 GPU（或让主机忙了这么久）。"},
    entry{"check.l03.case-4-finished.hint",
          "像原文那样，在情形 4 之后紧接着运行情形 5，中间什么也不做。"},
    entry{"check.l03.stale-range", "{low} 到 {high}"},
    entry{"check.l03.case-5-short.message",
          "case_5_ms 为 {case_5}，比情形 5 自己的工作（在 GPU 上为 {own}）还短："
          "时钟在 GPU 完成它之前就停了。"},
    entry{"check.l03.case-5-short.hint",
          "情形 5 要计时到 GPU 完成为止（gpucourse::time_call 就是这样做的）。"},
    entry{"check.l03.swapped.message",
          "alone_ms 为 {alone}，这是紧接在情形 4 之后排队的那次运行的时间：情形 5 自己的 {own}，"
          "加上排在它之前、仍在队列中的 {stale} 情形 4 的工作。这项工作单独运行用了 "
          "{alone_work}。"},
    entry{"check.l03.swapped.hint",
          "情形 5 是紧接在情形 4 之后的那次运行。等队列中没有别的工作时再单独为这项工作计时："
          "你的哪一次调用让 GPU 无事可做？"},
    entry{"check.l03.alone-queued.message",
          "情形 5 的工作第二次运行时，是在情形 4 的工作仍在运行时进入队列的，"
          "所以它的时间不是这项工作单独运行的时间。"},
    entry{"check.l03.alone-queued.hint",
          "等队列中没有别的工作时再单独为这项工作计时：你的哪一次调用让 GPU 无事可做？"},
    entry{"check.l03.alone-short.message",
          "alone_ms 为 {alone}，比这项工作在 GPU 上本身的 {alone_work} 还短："
          "时钟在 GPU 完成它之前就停了。"},
    entry{"check.l03.alone-short.hint", "像情形 5 那样，计时到 GPU 完成为止。"},
    entry{"check.l03.case-5-missed-stale.message",
          "case_5_ms 为 {case_5}：情形 5 自己的工作用了 {own}，而情形 5 开始时还有 {stale} "
          "的情形 4 工作在队列中；等待 GPU 就要等完所有这些工作。"},
    entry{"check.l03.case-5-missed-stale.hint",
          "紧接着情形 4 开始情形 5 的计时，等 GPU 空闲后再停止。"},
    entry{"check.l03.case-4-long.message",
          "case_4_ms 为 {case_4}，超过了情形 4 的工作（{case_4_work}）的十分之一，"
          "但比这项工作短：两次读时钟之间不只有启动，或者主机当时很慢。"},
    entry{"check.l03.case-4-long.hint", "只在启动的前后紧挨着读时钟，中间不要有别的。"},
    entry{"check.l03.alone-long.message",
          "alone_ms 为 {alone}，比这项工作在 GPU 上的 {alone_work} 长了 {excess}。"},
    entry{"check.l03.alone-long.hint", "两次读时钟之间只保留工作本身和对它的等待。"},
    entry{"check.l03.case-5-long.message",
          "case_5_ms 为 {case_5}，比情形 5 自己的工作（{own}）加上排在它之前的 {stale} "
          "情形 4 工作还长了 {excess}。"},
    entry{"check.l03.case-5-long.hint", "情形 5 的两次读时钟之间只保留它的工作和对 GPU 的等待。"},
    entry{"check.l03.stale.message",
          "stale_ms 为 {stale_ms}，但情形 5 包含了 {stale} 的情形 4 工作。你的 case_5_ms"
          "（{case_5}）和 alone_ms（{alone}）是对的：错在由它们得出 stale_ms 的方式。"},
    entry{"check.l03.stale.hint", "stale_ms 是情形 5 的时间中不属于情形 5 自己工作的那一部分。"},
    entry{"check.l03.numbers",
          "case_4_ms 为 {case_4}，case_5_ms 为 {case_5}，alone_ms 为 {alone}，stale_ms 为 {stale}"},

    // lessons/03-async/check.cu：find_crossover
    entry{"check.l03.crossover.expected", "对这张表应为 N = {n}：{table}"},
    entry{"check.l03.crossover-none.message",
          "在最大的尺寸上 GPU 并不更快，所以这张表没有交叉点：应返回 -1。"},
    entry{"check.l03.crossover.message",
          "GPU 在 N = {n} 及更大的每个尺寸上都更快，而在紧挨着的更小一个尺寸上不是。"},
    entry{"check.l03.crossover.hint",
          "从最大的 N 开始往下走，只要 gpu_ms < cpu_ms 就继续（严格小于：相等不算占优）；"
          "在小 N 上侥幸占优、之后又落后，不是交叉点。"},
    entry{"check.l03.crossover-right.expected", "{count} 张表各自的正确尺寸"},
    entry{"check.l03.crossover-right.measured", "每张表的尺寸都正确"},
    entry{"check.l03.crossover-made-up.name",
          "find_crossover 返回 GPU 从哪个尺寸起更快（构造的表）"},
    entry{"check.l03.crossover-measured.name",
          "find_crossover 返回 GPU 从哪个尺寸起更快（在这里测得的表）"},
    entry{"check.l03.crossover-measured.measured", "这张表为 N = {n}"},
};

} // namespace

std::span<const entry> check_words_lesson03_zh() {
  return chinese;
}

} // namespace gpucheck::messages::parts
