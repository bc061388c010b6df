// SPDX-License-Identifier: MIT
// gpucheck 的中文消息：与 catalogue_en.cpp 的 id 一一对应，占位符（{name}）相同
// （test_messages_catalogue 检查）。API 名、规则 id、文件名和命令保持原样。
#include "messages/messages.hpp"

#include <array>

namespace gpucheck::messages {
namespace {

constexpr std::array chinese{
    // check：结论行与失败检查的各栏
    entry{"verdict.pass", "通过"},
    entry{"verdict.no-device", "已构建，未运行"},
    entry{"verdict.inconclusive", "无法判定"},
    entry{"verdict.build-failed", "构建失败"},
    entry{"verdict.crashed", "崩溃"},
    entry{"verdict.fail", "未通过"},
    entry{"report.lesson", "课程 {folder}：{title}"},
    entry{"report.reference-solution", "（参考答案）"},
    entry{"report.check-ok", "通过"},
    entry{"report.check-fail", "失败"},
    entry{"field.expected", "应为"},
    entry{"field.measured", "实测"},
    entry{"field.why", "原因"},
    entry{"field.start", "起点"},
    entry{"field.stop", "终点"},
    entry{"field.at", "位置"},
    entry{"field.fix", "改法"},
    entry{"field.rule", "规则"},
    entry{"field.learn", "参阅"},
    entry{"report.why-from-numbers", "（由你返回的数值推断；trace 中没有发现计时错误）{why}"},
    entry{"report.no-line", "在 {function} 中（用 -g 构建可看到行号）"},
    entry{"report.sanitizer-found", "compute-sanitizer 发现："},
    entry{"report.sanitizer-clean", "compute-sanitizer（{tools}）未发现问题。"},
    entry{"report.program-output", "程序最后输出的几行："},
    entry{"report.output-cut", "程序输出被截断："},
    entry{"report.output-cut-detail", "输出超过检查器保留的上限（256 KiB），其余部分已丢弃。"},
    entry{"report.forged", "已忽略 "},
    entry{"report.forged-detail",
          " 行结果通道中的内容：它们不是本次运行的检查写入的（伪造或损坏）。"},
    entry{"report.disturbed", "检查运行期间 GPU 受到干扰："},
    entry{"report.timeline", "本次运行的时间线：{path}"},
    entry{"report.footer-gpu", "GPU {device}   "},
    entry{"report.footer-seed", "用 GPUCHECK_SEED={seed} 可复现   "},
    entry{"report.footer-times", "构建 {build_s} s，运行 {run_s} s"},
    entry{"report.next-step", "修改 {file} 后，再运行 make check LESSON={number}。卡住了？"
                              "运行 make hint LESSON={number}"},

    // check：标题行与建议
    entry{"headline.build-failed", "构建失败。"},
    entry{"headline.defined-twice",
          "代码能编译但无法链接：{where} 定义了 `{name}'，而程序中已经有它。"},
    entry{"headline.your-code", "你的代码"},
    entry{"headline.link-error", "代码能编译但无法链接：{message}"},
    entry{"advice.link-error", "检查要调用的某个函数只有声明、没有定义：保留起始代码中的每个函数，"
                               "名字和参数都不要改。"},
    entry{"headline.compile-error", "代码无法编译：{where}：{message}"},
    entry{"headline.not-started", "无法启动检查程序：{error}"},
    entry{"headline.time-limit", "代码未在时间限制（{limit}）内结束，已被终止，"
                                 "它启动的所有进程也一并终止。"},
    entry{"advice.time-limit", "找一找永不结束的循环，或永远等不到完成的 GPU 工作。"
                               "时间限制可用 TIMEOUT=<秒数> 设置。"},
    entry{"headline.crashed", "代码崩溃：{signal}。"},
    entry{"headline.cuda-error", "CUDA 调用失败：{error}，检查未能全部完成。"},
    entry{"advice.illegal-address", "某个内核读写了分配范围之外的内存。运行 make check "
                                    "LESSON={number} SANITIZE=1，可看到是哪个内核、哪一行。"},
    entry{"advice.cuda-error",
          "上面几行给出了第一个失败的调用；课程的 CUDA_CHECK 会打印它的位置。"},
    entry{"headline.exit-0", "检查尚未完成程序就停止了：检查还在运行时，它以状态 0 退出。"},
    entry{"advice.exit-0", "有代码调用了 exit()（或从结束整个程序的线程中返回）。"
                           "让你的函数正常返回，不要在其中结束程序。"},
    entry{"headline.stopped", "检查未能全部完成（退出状态 {status}）。"},
    entry{"advice.stopped", "某个 CUDA 调用失败，或程序调用了 exit()。程序最后输出的几行见下。"},
    entry{"headline.failed", "{total} 项检查中有 {failed} 项未通过。"},
    entry{"headline.failed-silently", "有一项检查未通过，但没有留下报告。"},
    entry{"headline.no-gpu-for-the-rest",
          "需要 GPU 的检查没有运行：这台机器没有 GPU（{reason}）。"},
    entry{"headline.exception",
          "代码抛出了一个没有被捕获的 C++ 异常：\"{what}\"；调用它的那项检查未通过。"},
    entry{"advice.exception",
          "让函数的每条路径都返回一个数值；可能失败的地方用 CUDA_CHECK 报告，而不要抛出异常。"},
    entry{"headline.no-device",
          "已构建。GPU 检查需要一块 NVIDIA GPU，而这台机器没有（{reason}）。"},
    entry{"headline.passed", "全部 {total} 项检查通过。"},
    entry{"headline.inconclusive", "{failed} 项计时检查未通过，但 GPU 受到的干扰太大，"
                                   "无法评判计时：结果无法判定，请重新运行。"},
    entry{"advice.disturbed-but-wrong",
          "检查运行期间 GPU 受到了干扰，但这不能解释所有的失败：GPU 繁忙只会让时间变长，"
          "不会变短，不会比测量它的那次调用更长，也不会改变单位、结果或你的代码做了什么"
          "（trace 显示了这一点）。"},
    entry{"advice.inconclusive", "等 GPU 空闲时重新运行（nvidia-smi 可看到还有什么在用它）。"
                                 "你的代码并未被判为错误。"},

    // lint
    entry{"severity.error", "错误"},
    entry{"severity.warning", "警告"},
    entry{"severity.note", "附注"},
    entry{"lint.clean", "没有计时错误"},
    entry{"lint.clean-detail.one", "：{program} 中共 {count} 个计时区间"},
    entry{"lint.clean-detail", "：{program} 中共 {count} 个计时区间"},
    entry{"lint.findings.one", "{count} 项计时问题"},
    entry{"lint.findings", "{count} 项计时问题"},
    entry{"lint.findings-detail", "：{program} 中共 {count} 个计时区间"},
    entry{"lint.interval-events", "用事件计时的区间，测得 {measured}"},
    entry{"lint.interval-clock", "用 {clock} 计时的区间，测得 {measured}"},
    entry{"lint.between", "，从 {start} 到 {stop}"},
    entry{"lint.more-like-it", "（另有 {count} 处与此相同）"},
    entry{"lint.fix", "改法：{hint}"},
    entry{"lint.learn", "参阅：{lesson}"},
    entry{"lint.in-function", "在 {function} 中"},
    entry{"lint.without-lines",
          "有些问题只能指出函数而不是行：用 -g（或 nvcc 的 -lineinfo）构建程序即可看到行号。"},
    entry{"lint.timeline", "时间线：{path}"},
    entry{"lint.gpu", "GPU {device}"},

    // hint
    entry{"hint.none", "课程 {folder} 没有提示。请阅读它的 lesson.md。"},
    entry{"hint.heading", "课程 {folder} 的提示：{title}"},
    entry{"hint.next", "再次运行 make hint LESSON={number} 可看下一条。"},
    entry{"hint.last", "这是最后一条提示。课文中有完整的解释：{path}"},
    entry{"hint.not-saved", "gpucheck hint：无法把进度保存到 {path}"},
    entry{"hint.no-lesson", "gpucheck hint：没有名为 '{name}' 的课。"},

    // status
    entry{"status.summary", "{total} 课中已通过 {passed} 课。"},
    entry{"status.column-title", "标题"},
    entry{"status.column-state", "状态"},
    entry{"status.column-checked", "上次检查"},
    entry{"status.damaged", "无法读取进度文件 {path}；下次检查时会重新写入。"},
    entry{"status.next", "下一步：make check LESSON={number}（{folder}，尚未通过的第一课；"
                         "只运行 `make check` 也会检查它）"},
    entry{"status.no-gpu", "这台机器没有 NVIDIA GPU（{reason}）：make check 会构建你的代码并运行"
                           "不需要 GPU 的检查，但只有在有 GPU 的机器上才能通过一课。"},
    entry{"status.all-passed", "所有课程均已通过。"},
    entry{"progress.not-started", "未开始"},
    entry{"progress.passed", "已通过"},
    entry{"progress.changed", "曾通过，之后有改动"},
    entry{"progress.no-device", "已构建，未运行（无 GPU）"},
    entry{"progress.build-failed", "未通过（无法构建）"},
    entry{"progress.crashed", "未通过（崩溃或超时）"},
    entry{"progress.inconclusive", "无法判定（请重新检查）"},
    entry{"progress.failing", "未通过"},

    // 规则的说明：发生了什么、影响多大、怎么改
    entry{"stale-queue.why",
          "这个区间包含了 {effect} 的先前工作，占你测得时间（{measured}）的 {percent}："
          "计时开始前提交的工作仍在队列中，而终点处的 {call} 等待了它们完成"},
    entry{"stale-queue.fix", "开始计时前先等先前的工作完成（在第一次读时钟前调用 "
                             "cudaDeviceSynchronize），或者用记录在工作所在流上的事件计时"},
    entry{"unsynced-stop.why-submission",
          "这个区间只测到了提交工作的时间 {measured}；工作本身在 GPU 上运行了 {truth}，"
          "在时钟停止 {late} 之后才完成"},
    entry{"unsynced-stop.fix-submission",
          "要测工作本身，先同步（cudaDeviceSynchronize，或对工作所在的流调用 "
          "cudaStreamSynchronize）再读时钟；如果你本来就想测提交的时间，请把停止计时的那一行"
          "标记为有意为之"},
    entry{"unsynced-stop.why", "你测得 {measured}；这个区间内启动的工作在 GPU 上运行了 {truth}，"
                               "在你的时钟停止 {late} 之后才完成"},
    entry{"unsynced-stop.fix",
          "内核启动是异步的，返回时 GPU 还没有做完工作：读时钟之前，对工作所在的流调用 "
          "cudaStreamSynchronize（或调用 cudaDeviceSynchronize），或者改用事件计时"},
};

} // namespace

std::span<const entry> chinese_catalogue() {
  return chinese;
}

} // namespace gpucheck::messages
