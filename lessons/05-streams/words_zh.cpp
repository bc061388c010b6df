// SPDX-License-Identifier: MIT
// The words the check programs print, in Chinese: lesson05 (catalogue_parts.hpp).
// 与 check_words_lesson05_en.cpp 的 id 一一对应，占位符相同；代码、API 名和单位保持原样。
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array chinese{
    // run_overlapped's bytes: the first wrong word of the sample, by what it shows
    entry{"check.l05.wrong-word.not-written",
          "run_overlapped 返回时，第 {index} 个字（共 {count} 个）还没有被写入"},
    entry{"check.l05.wrong-word.stale-key",
          "第 {index} 个字（共 {count} 个）是用检查器写入之前的旧密钥算出来的：内核在 "
          "job.key_ready 之前就运行了"},
    entry{"check.l05.wrong-word.before-copy-in",
          "第 {index} 个字（共 {count} 个）是用 device_in 在它的拷入到达之前的内容算出来的："
          "内核在它所在块的拷入之前就运行了"},
    entry{"check.l05.wrong-word.before-kernel",
          "第 {index} 个字（共 {count} 个）是 device_out 在内核写入之前的内容：拷出在它所在块的"
          "内核之前就运行了"},
    entry{"check.l05.wrong-word.other", "第 {index} 个字（共 {count} 个）是 {got}，应为 {want}"},

    // run_overlapped's bytes
    entry{"check.l05.bytes.name", "run_overlapped 得到的字节与 run_serial 相同"},
    entry{"check.l05.bytes.expected", "每个字都等于内核由它的输入和密钥算出的值"},
    entry{"check.l05.bytes.measured", "3 次运行中，抽查的每个字都正确"},
    entry{"check.l05.bytes.message",
          "结果不对：{wrong}（密钥是在另一个流上写入的，时间在你的函数被调用 {delay} 之后）。"},
    entry{"check.l05.bytes.order-hint",
          "让每一块的拷入、内核和拷出按顺序执行：放在同一个流上，或者放在用 cudaEventRecord 和 "
          "cudaStreamWaitEvent 串联起来的几个流上。"},
    entry{"check.l05.bytes.key-hint",
          "没有任何东西让你的流排在检查器的流之后：让每个运行内核的流先等待 job.key_ready"
          "（cudaStreamWaitEvent）。"},
    entry{"check.l05.bytes.not-written-hint",
          "等每一块的拷出都完成之后再返回：等待你的每一个流（或者在最后几次拷贝之后记录的"
          "事件），并检查你的各块是否覆盖了全部 job.count 个字。"},
    entry{"check.l05.bytes.offsets-hint",
          "检查每一块的偏移：它的拷入、它的内核（launch_transform 的 `first` 和 `count`）和它的"
          "拷出必须覆盖同样的字。"},

    // run_overlapped's speed-up
    entry{"check.l05.speed-up.name", "run_overlapped 的用时最多是 run_serial 的 85%"},
    entry{"check.l05.speed-up.expected",
          "最多 {bound}（run_serial 用时 {serial} 的 85%，取锁页内存上 5 次运行的中位数）"},
    entry{"check.l05.speed-up.measured",
          "{overlapped}（5 次运行的中位数，是串行版本的 {percent}%）"},
    entry{"check.l05.speed-up.measured-second-round",
          "{overlapped}（5 次运行的中位数，是串行版本的 {percent}%）；第一轮也没有通过，这是"
          "第二轮的结果"},
    entry{"check.l05.speed-up.pageable.message",
          "你的任务用时是串行版本的 {percent}%，而 allocate_host 给出的是可分页内存：从这种内存"
          "出发的拷贝要由主机分段中转，无法与内核重叠。"},
    entry{"check.l05.speed-up.pageable.hint",
          "把主机缓冲区分配在锁页内存中（用 cudaMallocHost 分配，用 free_pinned 释放）。"},
    entry{"check.l05.speed-up.message",
          "你的任务用时是串行版本的 {percent}%：它的拷贝和内核重叠得不够。"},
    entry{"check.l05.speed-up.hint",
          "把任务切成若干块，把每一块的拷入、内核和拷出排在 `streams` 中的某一个流上，并在任何"
          "等待之前把所有块都排进队列。使用 cudaMemcpyAsync：cudaMemcpy 要等它的拷贝结束才返回；"
          "而旧版默认流上的调用（流 0、cudaMemcpy、cudaMemset）会与你用 cudaStreamCreate "
          "创建的每个普通流排成先后（但不会与给你的非阻塞 `streams` 排序）。"},

    // allocate_host
    entry{"check.l05.pinned.name", "allocate_host 给出锁页（page-locked）主机内存"},
    entry{"check.l05.pinned.expected", "锁页内存（cudaPointerGetAttributes：cudaMemoryTypeHost）"},
    entry{"check.l05.pinned.measured-pinned", "锁页内存"},
    entry{"check.l05.pinned.measured-pageable", "可分页内存，CUDA 并不知道这块内存"},
    entry{"check.l05.pinned.message",
          "allocate_host 给出的是可分页内存：从它出发的拷贝要经过一块中转缓冲区，无法与内核"
          "重叠。"},
    entry{"check.l05.pinned.hint",
          "哪个分配函数给出的内存能让 GPU 的拷贝引擎直接读取？lesson.md 里写着它的名字。"},

    // time_share
    entry{"check.l05.share.name",
          "time_share 返回的只是 streams[which] 上那项工作的时间，并且不等待其他任何东西"},
    entry{"check.l05.share.context",
          "每次调用之前，streams[which] 上已排入 5-15 ms 的其他工作，其余每个流上各排入 "
          "40-80 ms"},
    entry{"check.l05.share.zero-hint",
          "在 streams[which] 上，于 `work(streams[which])` 之前和之后各记录一个事件，等待第二个"
          "事件，然后返回两者之间的时间。"},
    entry{"check.l05.share.wrong-hint",
          "两个事件都必须记录在承载工作的流上，而且只能等待这个流（或者它的结束事件）。"},
    entry{"check.l05.waited-others.expected", "在其他流上的工作仍在运行时返回"},
    entry{"check.l05.waited-others.measured",
          "在其中一部分工作结束之后才返回（{calls} 次调用中有 {waited} 次）"},
    entry{"check.l05.waited-others-before-work.message",
          "你的数字是对的，但你的函数直到另一个流上 {other} 的工作结束之后才返回，而且你计时的"
          "工作也是在那之后才开始的：它等待的不只是 streams[which]。"},
    entry{"check.l05.waited-others-after-work.message",
          "你的数字是对的，但你的函数直到另一个流上 {other} 的工作结束之后才返回，那时你计时的"
          "工作已经结束了 {after}：它等待的不只是 streams[which]。"},
    entry{"check.l05.waited-others.hint",
          "对整个设备的等待会覆盖每一个流。只等待结束事件，或者只等待 streams[which]。"},
};

} // namespace

std::span<const entry> check_words_lesson05_zh() {
  return chinese;
}

} // namespace gpucheck::messages::parts
