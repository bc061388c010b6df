// SPDX-License-Identifier: MIT
// The words the check programs print, in Chinese: lesson04 (catalogue_parts.hpp).
// 与 check_words_lesson04_en.cpp 的 id 一一对应，占位符相同；代码、API 名和单位保持原样。
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array chinese{
    // time_with_device_sync
    entry{"check.l04.device-sync.name", "time_with_device_sync 返回的只是工作本身的时间"},
    entry{"check.l04.queued-before.context", "每次调用之前，流上已排入 15-30 ms 的其他工作"},
    entry{"check.l04.device-sync.zero-hint",
          "在 `work(stream)` 前后各读一次 std::chrono::steady_clock::now()，每次读之前先调用 "
          "cudaDeviceSynchronize()，返回两者之差，以毫秒为单位。"},
    entry{"check.l04.device-sync.wrong-hint",
          "两次读时钟之间只保留 `work(stream)` 和对它的等待，并确保第一次读时钟时，"
          "没有更早的工作仍在运行。"},

    // time_with_events
    entry{"check.l04.events.name", "time_with_events 返回的只是工作本身的时间"},
    entry{"check.l04.events.zero-hint",
          "在 `work(stream)` 之前和之后各记录一个事件，等待第二个事件，然后返回 "
          "cudaEventElapsedTime 的结果；把每个调用都包在 CUDA_CHECK 里，以便看到任何错误"
          "（cudaEventElapsedTime 失败时不会改动你的变量）。"},
    entry{"check.l04.events.wrong-hint",
          "两个事件都必须记录在承载工作的流上：一个紧挨在 `work(stream)` 之前，一个紧挨在它"
          "之后。"},

    // time_with_stream_sync
    entry{"check.l04.stream-sync.name",
          "time_with_stream_sync 返回的只是工作本身的时间，并且只等待它自己的流"},
    entry{"check.l04.stream-sync.context",
          "每次调用之前，该流上已排入 5-15 ms 的其他工作，另一个流上已排入 40-80 ms"},
    entry{"check.l04.stream-sync.zero-hint",
          "在 `work(stream)` 前后各读一次 std::chrono::steady_clock::now()，第二次读之前先等待"
          "这项工作，返回两者之差，以毫秒为单位。"},
    entry{"check.l04.stream-sync.wrong-hint",
          "两次读时钟之间只保留 `work(stream)` 和对它的等待，并确保第一次读时钟时，`stream` 上"
          "没有更早的工作仍在运行。"},
    entry{"check.l04.waited-other.expected", "在另一个流上 {other} 的工作仍在运行时返回"},
    entry{"check.l04.waited-other.measured",
          "在那些工作结束之后才返回（{calls} 次调用中有 {waited} 次）"},
    entry{"check.l04.waited-other-before-work.message",
          "你的数字是对的，但你的函数直到另一个流上 {other} 的工作结束之后才返回，而且你计时的"
          "工作也是在那之后才开始的：它等待了一个不是 `stream` 的流。"},
    entry{"check.l04.waited-other-after-work.message",
          "你的数字是对的，但你的函数直到另一个流上 {other} 的工作结束之后才返回，那时你计时的"
          "工作已经结束了 {after}：它等待了一个不是 `stream` 的流。"},
    entry{"check.l04.waited-other.hint",
          "对整个设备的等待会覆盖每一个流。只等待 `stream`：在时钟开始之前，以及在时钟停止"
          "之前。"},

    // time_short_work
    entry{"check.l04.short-work.name",
          "time_short_work 返回短小工作一次运行的时间，误差在 2% 以内"},
    entry{"check.l04.short-work.context", "你的数字是你返回的区间除以其中的运行次数"},
    entry{"check.l04.short-work.zero-hint",
          "像 time_with_events 那样为工作计时，返回这个时间以及其中包含的运行次数（一开始为 "
          "1）；然后看看检查怎么说。"},
    entry{"check.l04.short-work.wrong-hint",
          "一次计时给工作带来的额外开销，每个区间只有一份，不论区间里有多少次运行。"},
    entry{"check.l04.said-one-run.hint",
          "连同你的区间一起，返回它包含的运行次数：检查器会用区间除以次数。"},
    entry{"check.l04.divided-already.message",
          "你的函数返回的区间是 {interval}，包含 {runs} 次运行，而一次运行用时 {one_run}：这个"
          "区间已经除过次数了，检查器会再除一次。"},
    entry{"check.l04.divided-already.hint", "返回你测得的整个区间，不要除，连同次数一起返回。"},
};

} // namespace

std::span<const entry> check_words_lesson04_zh() {
  return chinese;
}

} // namespace gpucheck::messages::parts
