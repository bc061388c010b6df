// SPDX-License-Identifier: MIT
// The words the check programs print, in Chinese: checkapi (catalogue_parts.hpp).
// 与 check_words_checkapi_en.cpp 的 id 一一对应，占位符相同；代码、API 名和单位保持原样。
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array chinese{
    // timing_trials：计时检查的各栏，以及错误的数字偏离了多少
    entry{"check.api.timing.expected", "{work}：{truth}，允许误差 {allowed}"},
    entry{"check.api.timing.measured", "{reported}（{trials} 次试验中 {hits} 次准确）"},
    entry{"check.api.second-round.measured", "{measured}；这是第一轮失败后重测的第二轮结果"},
    entry{"check.api.no-trial.message", "检查没有运行任何一次试验。"},
    entry{"check.api.returned-zero.message", "你的函数返回了 0 ms：它还没有为任何东西计时。"},
    entry{"check.api.too-short.message", "你的数字比工作本身短了 {off}，工作运行了 {truth}。"},
    entry{"check.api.too-short-context.message",
          "你的数字比工作本身短了 {off}，工作运行了 {truth}（{context}）。"},
    entry{"check.api.too-long.message", "你的数字比工作本身长了 {off}，工作运行了 {truth}。"},
    entry{"check.api.too-long-context.message",
          "你的数字比工作本身长了 {off}，工作运行了 {truth}（{context}）。"},
    entry{"check.api.not-a-duration.message", "你的函数返回了 {reported}，这不是一个时长。"},
    entry{"check.api.not-a-duration.hint", "返回两次读数之差，以毫秒为单位。"},
    entry{"check.api.cpu-time-clock.message",
          "你的函数读取了 clock()，它统计的是进程占用的 CPU 时间，而不是实际流逝的时间。只有当 "
          "CPU 在等待 GPU 时空转，它的读数才大致正确；如果 CPU 在等待中休眠（阻塞式同步），"
          "这段等待就被漏掉了。"},
    entry{"check.api.cpu-time-clock.hint",
          "使用挂钟时间：在前后各调用一次 std::chrono::steady_clock::now()，返回两者之差，"
          "以毫秒为单位。"},

    // 一次试验所计时的工作（timing_trial::work），填入 check.api.timing.expected
    entry{"check.api.work.known-kernel", "已知时长的内核"},
    entry{"check.api.work.call-until-returned", "work(stream) 的调用（直到它返回）"},
    entry{"check.api.work.call-until-finished", "work(stream) 的调用（直到 GPU 完成它）"},
    entry{"check.api.work.one-paced-run", "几微秒的工作的一次运行"},

    // number_slip：单位用错的数字，或比调用本身还长的数字
    entry{"check.api.slip.microseconds.message",
          "你的函数返回了 {returned}，而工作运行了 {truth}：这是以微秒为单位的正确时间，"
          "是所要求的毫秒数的 1000 倍。计时是对的，单位不对。"},
    entry{"check.api.slip.nanoseconds.message",
          "你的函数返回了 {returned}，而工作运行了 {truth}：这是以纳秒为单位的正确时间，"
          "是所要求的毫秒数的一百万倍。计时是对的，单位不对。"},
    entry{"check.api.slip.seconds.message",
          "你的函数返回了 {returned}，而工作运行了 {truth}：这是以秒为单位的正确时间，"
          "只有所要求的毫秒数的千分之一。计时是对的，单位不对。"},
    entry{"check.api.slip.unit.hint",
          "返回毫秒：cudaEventElapsedTime 给出的已经是毫秒；std::chrono 用 "
          "std::chrono::duration<double, std::milli>(stop - start).count() 得到毫秒。"},
    entry{"check.api.slip.longer-than-call.message",
          "你的函数返回了 {returned}（按毫秒读即 {read_as}），但从调用你的函数到它返回只过了 "
          "{call}：这个数字不可能是调用内部发生的任何事情的时间（工作运行了 {truth}）。"},
    entry{"check.api.slip.longer-than-call-microseconds.message",
          "你的函数返回了 {returned}（按毫秒读即 {read_as}），但从调用你的函数到它返回只过了 "
          "{call}：这个数字不可能是调用内部发生的任何事情的时间（工作运行了 {truth}）。它的单位"
          "是不是微秒？换算成毫秒是 {as_ms}，这就放得进这次调用了。"},
    entry{"check.api.slip.longer-than-call.hint",
          "返回在函数内部、围绕 `work(stream)` 取得的两次时钟读数之差，或 cudaEventElapsedTime "
          "的结果，以毫秒为单位：不加任何别的时间，不做缩放，也不沿用之前某次调用的值。"},
    entry{"check.api.unit-slip.message",
          "你的函数返回了 {returned}（按毫秒）；若按{unit}读，它是 {as_unit}，与{what_it_fits}"
          "相符：这个数字的单位是{unit}，不是毫秒。"},
    entry{"check.api.unit.microseconds", "微秒"},
    entry{"check.api.unit.nanoseconds", "纳秒"},
    entry{"check.api.unit.seconds", "秒"},

    // work_runs：工作一次也没运行，或运行了多次并被加在一起
    entry{"check.api.work-never-called.message",
          "你的函数从未调用 work(stream)，GPU 上没有你的工作可供计时：它在没有任何工作的情况下"
          "返回了 {reported}。"},
    entry{"check.api.work-never-called.hint", "在计时的开始和结束之间调用一次 work(stream)。"},
    entry{"check.api.work-summed.message",
          "你的函数调用了 {runs} 次 work(stream)，返回了 {reported}；而一次运行只用了 "
          "{one_run}。"},
    entry{"check.api.work-summed.hint",
          "只为工作的一次运行计时：在开始和结束之间只调用一次 work(stream)（或者把总时间除以运行"
          "次数）。"},

    // non_finite：结果中有 NaN 或无穷大
    entry{"check.api.finite.name", "{what} 中的值全是有限数"},
    entry{"check.api.finite.expected", "每个下标处都是有限数"},
    entry{"check.api.finite.measured",
          "下标 {index} 处为 {value}（{count} 个值中第一个不是有限数的值）"},
    entry{"check.api.finite.message",
          "结果在下标 {index} 处为 {value}：可能是某个值在写入之前就被读取，或者除以了零，或者"
          "下标超出了数据范围。"},
    entry{"check.api.finite.hint",
          "检查每个元素是否恰好写入一次，以及内核的下标是否始终小于数据大小。make check ... "
          "SANITIZE=1 能找出越过分配范围的读取。"},

    // fresh_process：新进程为什么没有发回任何值（与它最后输出的几行一起显示）
    entry{"check.api.fresh.no-own-path", "找不到本程序自身的路径（/proc/self/exe）"},
    entry{"check.api.fresh.no-pipe", "无法创建管道"},
    entry{"check.api.fresh.key-not-handed", "无法把密钥交给新进程"},
    entry{"check.api.fresh.not-started", "无法启动新进程：{error}"},
    entry{"check.api.fresh.ended-early",
          "（新进程在它的检查完成之前就结束了：它发回的内容一概不算）"},
    entry{"check.api.fresh.value-sent-twice",
          "（有一个值被发送了两次，其中一次来自检查以外的代码：新进程发回的内容一概不算）"},

    // device_probe：为什么不能运行 GPU 检查
    entry{"check.api.device.no-driver", "没有安装 NVIDIA 驱动：找不到 {library}"},
    entry{"check.api.device.old-driver", "NVIDIA 驱动比这个 CUDA 运行时旧：请更新驱动"},
    entry{"check.api.device.none-visible", "看不到任何 CUDA 设备"},
    entry{"check.api.device.properties-failed", "cudaGetDeviceProperties 调用失败"},

    // 手动运行检查程序时打印的内容
    entry{"check.api.console.passed", "[通过] {name}"},
    entry{"check.api.console.failed", "[失败] {name}"},
    entry{"check.api.console.failed-detail",
          "       应为 {expected}，实测 {measured}\n       {message}"},
    entry{"check.api.console.result-not-written", "gpucheck：无法写入一行结果"},
    entry{"check.api.console.no-device",
          "gpucheck：没有可用的 CUDA 设备（{reason}）；只运行不需要 GPU 的检查。"},
};

} // namespace

std::span<const entry> check_words_checkapi_zh() {
  return chinese;
}

} // namespace gpucheck::messages::parts
