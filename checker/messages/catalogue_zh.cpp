// SPDX-License-Identifier: MIT
// gpucheck 的中文消息：与 catalogue_en.cpp 的 id 一一对应，占位符（{name}）相同
// （test_messages_catalogue 检查）。API 名、规则 id、文件名和命令保持原样。
#include "messages/catalogue_parts.hpp"
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
    entry{"field.fix", "修改建议"},
    entry{"field.rule", "规则"},
    entry{"field.learn", "参阅"},
    entry{"report.sentence-end", "。"},
    entry{"report.also-finding", "；另有 [{rule}] {message}"},
    entry{"report.pass-on-disturbed-gpu",
          "它的数字是在受到干扰的 GPU 上通过的（干扰的原因见下文）；第二次运行的跟踪记录显示了"
          "这个数字是怎样得出的，而这一点不会因任何干扰而改变。"},
    // 检查的说法所假定的原因，拿跟踪记录核对（analysis/assumed_cause.cpp）。
    entry{"assumed.copies-pinned",
          "跟踪记录显示，你的 {copies} 次拷贝用的都是锁页主机内存，所以原因不在可分页内存："
          "它们在 {streams} 个流上共搬运了 {bytes}，每次拷贝的中位大小为 {median}，"
          "在你这次调用的 {call} 里让拷贝引擎忙了 {busy}"},
    entry{"assumed.copies-pinned.between",
          "你这次调用的大部分时间花在拷贝之间，而不是拷贝本身：每次拷贝不论大小，都要付出一次调用"
          "和一次在 GPU 上启动的开销。改为次数更少、每次更大的拷贝。"},
    entry{
        "assumed.copies-pinned.one-stream",
        "你的拷贝全都在同一个流上，而一个流会依次执行它们：两个方向从未重叠。把它们放到两个流上。"},
    entry{"assumed.copies-pinned.undetermined",
          "跟踪记录看不出拷贝为什么慢（内存是锁页的，拷贝引擎在调用的大部分时间里都在忙，而且用了"
          "多个流）：把拷贝的大小和顺序与课文中的做法对照一下。"},
    entry{"assumed.copies-managed",
          "跟踪记录显示，你的 {copies} 次拷贝中有 {managed} 次用的是托管内存（cudaMallocManaged），"
          "既不是可分页内存，也不是锁页内存：托管内存由驱动自行在主机和设备之间迁移，它的拷贝不是本"
          "检查所测的锁页拷贝"},
    entry{"assumed.copies-managed.fix",
          "在计时之前用 cudaMallocHost（锁页）一次性分配主机缓冲区。"},
    entry{"report.why-from-numbers", "（由你返回的数值推断；跟踪记录中没有发现计时错误）{why}"},
    entry{"report.no-line", "在 {function} 中（用 -g 构建可看到行号）"},
    entry{"report.sanitizer-found", "compute-sanitizer 发现："},
    entry{"report.sanitizer-clean", "compute-sanitizer（{tools}）未发现问题。"},
    entry{"report.program-output", "程序最后输出的几行："},
    entry{"report.output-cut", "程序输出被截断："},
    entry{"report.output-cut-detail", "输出超过检查器保留的上限（256 KiB），其余部分已丢弃。"},
    entry{"report.forged", "已忽略结果通道中的 "},
    entry{"report.forged-detail",
          " 行内容：它们不是本次运行的检查写入的（可能是伪造的，也可能已损坏）。"},
    entry{"report.sandboxed",
          "在独立的沙箱中运行：没有网络，课程只读，参考答案、其他提交和评分结果均不可见。"},
    entry{"report.not-sandboxed", "未在沙箱中运行（--no-sandbox），拥有 gpucheck 本身的权限。"},
    entry{"report.sandbox-unavailable",
          "警告：未在沙箱中运行，因为沙箱在此无法启动（{why}）。其代码拥有 gpucheck 本身的权限："
          "可以读取参考答案和其他提交，写入评分结果，并访问网络。请在 bubblewrap 能创建用户命名"
          "空间的机器上评判不可信的代码（docs/grading-security.md），或加上 --require-sandbox。"},
    entry{"report.disturbed", "检查运行期间 GPU 受到干扰："},
    entry{"report.passes-confirmed", "- 因此已用第二次运行的跟踪记录复核了 {count} 项通过的检查："
                                     "这些数字背后的方法没有错误"},
    entry{"report.timeline", "本次运行的时间线：{path}"},
    entry{"report.footer-gpu", "GPU {device}   "},
    entry{"report.footer-seed", "用 GPUCHECK_SEED={seed} 可复现   "},
    entry{"report.footer-times", "构建 {build_s} s，运行 {run_s} s"},
    entry{"report.next-step", "修改 {file} 后，再运行 make check LESSON={number}。卡住了？"
                              "运行 make hint LESSON={number}"},

    // check：标题行与建议
    entry{"headline.build-failed", "构建失败。"},
    entry{"headline.defined-twice",
          "代码能编译但无法链接：{where} 定义了 `{name}`，而程序中已经有它。"},
    entry{"headline.your-code", "你的代码"},
    entry{"headline.link-error", "代码能编译但无法链接：{message}"},
    entry{"advice.link-error", "检查要调用的某个函数只有声明、没有定义：保留起始代码中的每个函数，"
                               "名字和参数都不要改。"},
    entry{"headline.compile-error", "代码无法编译：{where}: {message}"},
    entry{"headline.not-started", "无法启动检查程序：{error}"},
    entry{"headline.sandbox-required",
          "未运行：--require-sandbox 要求使用沙箱，而沙箱在此无法启动（{why}）。"},
    entry{"headline.sandbox-failed", "无法为检查程序建立沙箱：{error}"},
    entry{"headline.time-limit", "代码未在时间限制（{limit}）内结束，已被终止，"
                                 "它启动的所有进程也一并终止。"},
    entry{"advice.time-limit", "找一找永不结束的循环，或永远等不到完成的 GPU 工作。"
                               "时间限制可用 TIMEOUT=<秒数> 设置。"},
    entry{"headline.crashed", "代码崩溃：{signal}。"},
    entry{"headline.cuda-error", "CUDA 调用失败：{error}，检查未能全部完成。"},
    entry{"advice.illegal-address", "某个核函数读写了分配范围之外的内存。运行 make check "
                                    "LESSON={number} SANITIZE=1，可看到是哪个核函数、哪一行。"},
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
    entry{"headline.exception-also-failed",
          "此外，给出报告的 {total} 项检查中有 {failed} 项未通过。"},
    entry{"advice.exception",
          "让函数的每条路径都返回一个数值；可能失败的地方用 CUDA_CHECK 报告，而不要抛出异常。"},
    entry{"headline.no-device",
          "已构建。GPU 检查需要一块 NVIDIA GPU，而这台机器没有（{reason}）。"},
    entry{"report.not-run", "未在这里运行（需要 NVIDIA GPU）："},
    entry{"advice.no-gpu-meanwhile",
          "在此之前：上面的 {ran} 项检查不需要 GPU，已在这里运行；make hint LESSON={number} "
          "每次给出一条提示，{text} 解释了其余检查测量的内容。在有 NVIDIA GPU "
          "的机器上才能得到结论。"},
    entry{"advice.no-gpu-meanwhile-none",
          "在此之前（这一课的每项检查都需要 GPU）：make hint LESSON={number} 每次给出一条提示，"
          "{text} 解释了这些检查测量的内容。在有 NVIDIA GPU 的机器上才能得到结论。"},
    entry{"headline.passed", "全部 {total} 项检查通过。"},
    entry{"headline.inconclusive", "{failed} 项计时检查未通过，但 GPU 受到的干扰太大，"
                                   "无法评判计时：结果无法判定，请重新运行。"},
    entry{"advice.disturbed-but-wrong",
          "检查运行期间 GPU 受到了干扰，但这不能解释所有的失败：GPU 繁忙只会让时间变长，"
          "不会变短，不会比测量它的那次调用更长，也不会改变单位、结果或你的代码做了什么"
          "（跟踪记录显示了这一点）。"},
    entry{"advice.pass-refuted",
          "检查运行期间 GPU 受到了干扰，所以每一项通过的检查，只要它的调用出现在第二次运行的"
          "跟踪记录中，都已用这份跟踪记录复核：在繁忙的 GPU 上，错误的方法也可能碰巧得出容差之内"
          "的数字，但代码实际做了什么不会因干扰而改变。"},
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
    entry{"lint.fix", "修改建议：{hint}"},
    entry{"lint.learn", "参阅：{lesson}"},
    entry{"lint.in-function", "在 {function} 中"},
    entry{"lint.without-lines",
          "有些问题只能指出函数而不是行：用 -g（或 nvcc 的 -lineinfo）构建程序即可看到行号。"},
    entry{"lint.timeline", "时间线：{path}"},
    entry{"lint.gpu", "GPU {device}"},
    entry{"lint.no-gpu",
          "已构建并运行。计时分析需要 NVIDIA GPU，而这台机器没有：程序打印的数字不是 GPU "
          "的数字，什么也没有评判。"},
    entry{"lint.would-judge", "在 GPU 上，lint 会评判这次运行用主机时钟或事件计时的 {count} "
                              "个区间中的每一个，检查以下错误："},
    entry{"lint.would-judge-none",
          "在 GPU 上，lint 会评判程序用主机时钟或事件计时的每个区间（这次运行没有计时："
          "没有 GPU 时它可能在第一个 CUDA 调用处就停止了），检查以下错误："},
    entry{"lint.no-gpu-next",
          "请在有 NVIDIA GPU 的机器上再次运行 make lint 以得到结果（退出码 77：未评判）。"},

    // hint
    entry{"hint.none", "课程 {folder} 没有提示。请阅读它的 lesson.md。"},
    entry{"hint.heading", "课程 {folder} 的提示：{title}"},
    entry{"hint.next", "再次运行 make hint LESSON={number} 可看下一条。"},
    entry{"hint.last", "这是最后一条提示。课文中有完整的解释：{path}"},
    entry{"hint.not-saved", "gpucheck hint：无法把进度保存到 {path}"},
    entry{"hint.shared-counter",
          "（已看过的提示数按课程记录，各种语言的 make hint 共用同一个计数。）"},

    // 为什么没有 GPU
    entry{"gpu.no-driver", "没有安装 NVIDIA 驱动：找不到 {library}"},
    entry{"gpu.not-a-driver", "{library} 不是 CUDA 驱动（没有 cuInit）"},
    entry{"gpu.no-device", "NVIDIA 驱动看不到任何 CUDA 设备"},
    entry{"gpu.driver-failed", "NVIDIA 驱动未能启动（cuInit 错误 {status}）"},

    // run
    entry{"run.compiling", "正在把你的 exercise.cu 与课程 {folder} 的程序一起编译..."},
    entry{"run.compiling-solution", "正在把参考答案与课程 {folder} 的程序一起编译..."},
    entry{"run.first-build",
          "（本课第一次：nvcc 也要编译 main.cu，约需一分钟；之后只编译你的文件）"},
    entry{"run.no-gpu",
          "已构建，未运行：课程 {folder} 的程序需要 NVIDIA GPU，而这台机器没有（{reason}）。\n"
          "你的代码能编译。make check LESSON={number} 会运行不需要 GPU 的检查；课文中有 GPU "
          "上的输出。"},

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
          "这个区间计入了 {effect} 先前的工作，占你测得时间（{measured}）的 {percent}："
          "计时开始前提交的工作仍在队列中，而终点处的 {call} 等待了它们完成"},
    entry{"stale-queue.why-other-streams",
          "这个区间计入了其他流上 {effect} 先前的工作，占你测得时间（{measured}）的 {percent}："
          "终点处的 {call} 等待了设备上的所有流，而不只是承载你的工作的那个流"},
    entry{"stale-queue.fix-other-streams",
          "只等待承载你的工作的那个流（对它调用 cudaStreamSynchronize），而不是整个设备，"
          "或者用记录在那个流上的事件计时"},
    entry{"stale-queue.fix",
          "确保开始计时时，先前排队的工作都已经完成（在第一次读时钟前先等它们），"
          "或者用记录在工作所在流上的事件计时"},
    entry{"unsynced-stop.why-submission",
          "这个区间只测到了提交工作的时间 {measured}；工作本身在 GPU 上运行了 {truth}，"
          "在时钟停止 {late} 之后才完成"},
    entry{"unsynced-stop.fix-submission",
          "要测工作本身，先同步（cudaDeviceSynchronize，或对工作所在的流调用 "
          "cudaStreamSynchronize）再读时钟；如果你本来就想测提交的时间，请把停止计时的那一行"
          "标记为有意为之"},
    entry{"unsynced-stop.why", "你测得 {measured}；这个区间内启动的工作在 GPU 上运行了 {truth}，"
                               "在你的时钟停止 {late} 之后才完成"},
    entry{"unsynced-stop.why-host-paced",
          "这个区间内启动的工作还在运行，你的时钟就停了，中间没有等待它：在失败的那次运行里，"
          "你报告了 {reported}，而工作用了 {truth}；在带跟踪器的重放中（跟踪器会拖慢每个 API "
          "调用），工作仍然在你的时钟停止 {late} 之后才完成"},
    entry{"unsynced-stop.fix",
          "核函数启动是异步的，返回时 GPU 还没有做完工作：读时钟之前，先等 GPU 做完这项工作"
          "（等它所在的流，或者等整个设备），或者改用事件计时"},
    entry{"sync-other-stream.why",
          "你测得 {measured}；终点前的 {call} 等待的是{waited_on}，而工作在{work_stream}上运行了 "
          "{truth}，在你的时钟停止 {late} 之后才完成"},
    entry{"sync-other-stream.why-host-paced",
          "终点前的 {call} 等待的是{waited_on}，而工作在{work_stream}上运行：在失败的那次运行里，"
          "你报告了 {reported}，而工作用了 {truth}；在带跟踪器的重放中（跟踪器会拖慢每个 API "
          "调用），工作仍然在你的时钟停止 {late} 之后才完成"},
    entry{"sync-other-stream.why-held",
          "你测得 {measured}；终点前的 {call} 等待的是{waited_on}，而被计时的工作都不在那里（它在"
          "{work_stream}上运行），所以你的时钟还计入了那个流上先前的工作 {effect}，占你测得时间的 "
          "{percent}"},
    entry{"sync-other-stream.fix",
          "读时钟之前，同步承载工作的那个流（对启动工作时用的流调用 cudaStreamSynchronize）"},
    entry{"setup-in-region.why",
          "这个区间包含了 {effect} 的一次性初始化（{calls}），占你测得时间（{measured}）的 "
          "{percent}"},
    entry{"setup-in-region.fix",
          "在开始计时之前分配内存、创建流、事件和句柄，在停止计时之后再释放它们；只对工作本身计时"},
    entry{"below-resolution.why",
          "你计时的工作在 GPU 上只运行了 {truth}，短于一次计时能分辨的时间（约 {resolution}）；"
          "你测得 {measured}"},
    entry{"below-resolution.fix",
          "一次计时本身带来的开销占了这个区间的很大一部分：让计时区间远长于这部分开销，"
          "并报告多次采样的中位数"},
    entry{"event-timing-disabled.both", "两个事件都是"},
    entry{"event-timing-disabled.start", "开始事件是"},
    entry{"event-timing-disabled.stop", "结束事件是"},
    entry{"event-timing-disabled.why",
          "cudaEventElapsedTime 失败（错误 {error}），因为{which}用 cudaEventDisableTiming "
          "创建的；程序没有得到任何时间"},
    entry{"event-timing-disabled.fix",
          "用于计时的事件请用 cudaEventCreate 创建（不带 cudaEventDisableTiming 标志）；"
          "该标志只留给仅用于同步的事件"},
    entry{"event-not-complete.why-early",
          "cudaEventElapsedTime 在结束事件完成之前 {early} 就被调用了，因此返回 "
          "cudaErrorNotReady，程序没有得到任何时间"},
    entry{"event-not-complete.why",
          "cudaEventElapsedTime 在结束事件完成之前就被调用了，因此返回 cudaErrorNotReady，"
          "程序没有得到任何时间"},
    entry{"event-not-complete.work-ran", "（两个事件之间的工作运行了 {truth}）"},
    entry{"event-not-complete.fix",
          "记录结束事件之后、调用 cudaEventElapsedTime 之前，先调用 cudaEventSynchronize(stop)；"
          "并检查每个 CUDA 调用返回的错误"},
    entry{"submission-only.fix", "已标记为有意为之：如果你本来就想测提交的时间，无需修改"},
    entry{"stream.legacy", "传统默认流（legacy default stream）"},
    entry{"stream.per-thread", "每线程默认流（per-thread default stream）"},
    entry{"stream.non-blocking", "一个 cudaStreamNonBlocking 流"},
    entry{"stream.blocking", "一个普通流"},
    entry{"stream.unknown", "一个流"},
    entry{"event-stream-mismatch.and", "和{stream}"},
    entry{"event-stream-mismatch.why",
          "你测得 {measured}，但事件记录在{events_on}上，而两个事件之间的工作运行在{work_stream}"
          "上，两者之间没有先后顺序的保证；那些工作在 GPU 上运行了 {truth}"},
    entry{"event-stream-mismatch.why-failed-run",
          "事件记录在{events_on}上，而两个事件之间的工作运行在{work_stream}上，两者之间没有先后"
          "顺序的保证：在失败的那次运行里，你报告了 {reported}，而工作用了 {truth}"},
    entry{"event-stream-mismatch.fix",
          "把两个事件都记录在承载工作的流上：cudaEventRecord(start, stream) ... "
          "cudaEventRecord(stop, stream)"},
    entry{"event-stream-mismatch.fix-non-blocking",
          "（用 cudaStreamNonBlocking 创建的流与 0 号流之间没有顺序关系）"},
    entry{"cpu-time-clock.why",
          "你用 {clock} 测得 {measured}，它计的是 CPU 时间，而这个区间按墙上时钟持续了 {wall}"},
    entry{"cpu-time-clock.work-ran", "（其中的 GPU 工作运行了 {truth}）"},
    entry{"cpu-time-clock.why-spun",
          "你用 {clock} 测得 {measured}，它计的是 CPU 时间；这次之所以与墙上时钟一致，只是因为"
          "主机在等待 GPU 时自旋了 {waited}：如果主机在等待中休眠（阻塞式同步），"
          "这个数字就会少掉这段时间"},
    entry{"cpu-time-clock.why-busy",
          "你用 {clock} 测得 {measured}，它计的是 CPU 时间；这次之所以接近墙上时钟的 {wall}，"
          "只是因为整个区间里 CPU 一直在忙：CPU 没有运行的时间（休眠式的等待、被抢占的线程）"
          "不会计入其中"},
    entry{"cpu-time-clock.fix",
          "同步之后用墙上时钟（std::chrono::steady_clock、CLOCK_MONOTONIC）为 GPU 工作计时，"
          "或者用 CUDA 事件计时"},
    entry{
        "calendar-clock.why-moved",
        "你用日历时钟 {clock} 测得 {measured}，而这个区间按单调时钟持续了 {wall}：测量期间日历时钟"
        "相对单调时钟跳了 {moved}"},
    entry{"calendar-clock.note", "用日历时钟 {clock} 计时（这次它相对单调时钟移动了 "
                                 "{moved}，小到无法与跟踪器自身的延迟区分）；"
                                 "时间服务或管理员可能在任何一次测量期间调整它，幅度不定；"
                                 "std::chrono::steady_clock（CLOCK_MONOTONIC）从不被调整"},
    entry{
        "calendar-clock.fix",
        "用 std::chrono::steady_clock（CLOCK_MONOTONIC，从不被调整）为区间计时，或者用 CUDA 事件"},
    entry{"event-order.why-swapped",
          "传给 cudaEventElapsedTime 的第一个是结束事件、第二个是开始事件（顺序颠倒），"
          "所以它测得 -{measured}"},
    entry{"event-order.fix-swapped", "把开始事件放在前面：cudaEventElapsedTime(&ms, start, stop)"},
    entry{"event-order.why-before-start",
          "工作（在 GPU 上运行 {missed}）是在记录开始事件之前启动的，所以两个事件之间{bracketed}；"
          "它们测得 {measured}"},
    entry{"event-order.why-after-stop",
          "工作（在 GPU 上运行 {missed}）是在记录结束事件之后启动的，所以两个事件之间{bracketed}；"
          "它们测得 {measured}"},
    entry{"event-order.no-work", "根本没有工作"},
    entry{"event-order.other-work", "只有别的工作"},
    entry{"event-order.fix-before-start",
          "先记录开始事件，再启动工作：cudaEventRecord(start, stream); 工作; "
          "cudaEventRecord(stop, stream)"},
    entry{"event-order.fix-after-stop",
          "启动工作之后再记录结束事件：cudaEventRecord(start, stream); 工作; "
          "cudaEventRecord(stop, stream)"},
    entry{"list.separator", "、"},
    entry{"cold-start.first-thrust-launch", "thrust/CUB 核函数 {kernel} 的首次启动"},
    entry{"cold-start.first-library-call", "本次运行中第一个启动了工作的 {library} 调用"},
    entry{"cold-start.compilation", "运行时编译（{call}）"},
    entry{"cold-start.context-in", "{call} 中的上下文创建"},
    entry{"cold-start.module-in", "{call} 中的模块加载"},
    entry{"cold-start.why",
          "这个区间包含了 {effect} 的一次性启动开销（{what}），占你测得时间（{measured}）的 "
          "{percent}"},
    entry{"cold-start.fix",
          "计时之前先预热：先做一次不计时的调用（启动一次核函数、创建库句柄、每个库函数调用一次）"
          "并同步，然后再开始计时"},
    entry{"host-gap.why",
          "这个区间包含了 {idle} 的主机时间，它不在任何 CUDA 调用之内，而这期间 GPU 空闲，"
          "占你测得时间（{measured}）的 {percent}；其中最长的一段 {longest}，紧挨在 {call} 之前"},
    entry{"host-gap.why-before-stop",
          "这个区间包含了 {idle} 的主机时间，它不在任何 CUDA 调用之内，而这期间 GPU 空闲，"
          "占你测得时间（{measured}）的 {percent}；其中最长的一段 {longest}，紧挨在计时终点之前"},
    entry{"host-gap.fix",
          "把主机上的工作（休眠、打印、计算）移出计时区间：两次读时钟之间只启动工作并等待它完成"},
    entry{"returned-value.events-swapped",
          "cudaEventElapsedTime 的两个事件传反了（它先接受开始事件，再接受结束事件），"
          "所以时间成了负数"},
    entry{"returned-value.clock-reads-swapped",
          "两次时钟读数减反了（start - stop），所以时间成了负数"},
    entry{"returned-value.truncated-or-rounded",
          "毫秒的小数部分被截断或四舍五入掉了（duration_cast<milliseconds>、std::round "
          "和整数类型都会这样）"},
    entry{"returned-value.truncated",
          "转换丢掉了小数部分：截断成了整毫秒（duration_cast<milliseconds> 或整数类型会这样）"},
    entry{"returned-value.rounded", "转换四舍五入成了整毫秒"},
    entry{"returned-value.microseconds", "这个数的单位是微秒，而不是毫秒"},
    entry{"returned-value.nanoseconds", "这个数的单位是纳秒，而不是毫秒"},
    entry{"returned-value.seconds", "这个数的单位是秒，而不是毫秒"},
    entry{"returned-value.other-number", "返回的数不是测得的那个数"},
    entry{"returned-value.sum-of-intervals",
          "它是函数逐次迭代计时得到的 {count} 个区间之和：每个区间除了工作本身，还多算了自己那对"
          "事件和那次等待的时间，把它们加起来并不是整个循环的时间"},
    entry{"returned-value.fix-sum",
          "整个循环只计时一次：第一次迭代之前记录一个开始，最后一次迭代之后记录一个结束，"
          "只等待结束一次，然后返回这一个时间"},
    entry{"returned-value.why-events",
          "你的函数返回了 {returned}（按毫秒计），但 cudaEventElapsedTime 给出的是 {measured}："
          "{slip}"},
    entry{"returned-value.why-clock",
          "你的函数返回了 {returned}（按毫秒计），但你的两次时钟读数测得 {measured}：{slip}"},
    entry{"returned-value.fix", "返回你测得的时间，单位为毫秒"},
    entry{"returned-value.fix-events",
          "原样返回 cudaEventElapsedTime(&ms, start, stop) 写入的 float（它的单位已经是毫秒）"},
    entry{"returned-value.fix-clock",
          "返回 std::chrono::duration<double, std::milli>(stop - start).count()："
          "一个保留小数部分的 double，单位为毫秒"},
    entry{"error.no-lesson", "gpucheck {command}：没有名为 '{name}' 的课。"},
    entry{"lessons.are", "现有的课程："},
    entry{"lessons.how-to-name", "可以用编号（LESSON=4）、目录名（LESSON=04-two-sync-methods）"
                                 "或简称（LESSON=two-sync-methods）指定一课。"},
    entry{"progress.checking", "正在检查课程 {folder} ..."},
    entry{"progress.checking-solution", "正在检查课程 {folder}（参考答案）..."},
    entry{"progress.compiling", "  正在把你的 exercise.cu 与本课的检查一起编译..."},
    entry{"progress.compiling-solution", "  正在把参考答案与本课的检查一起编译..."},
    entry{"progress.first-build",
          "  （本课第一次编译：两核上约需 {minutes} 分钟；之后的检查只编译你的文件，几秒即可）"},
    entry{"progress.running", "  正在运行检查..."},
    entry{"progress.waiting-for-gpu", "正在等待这块 GPU 上的另一项检查结束（{gpu}）..."},
    entry{"progress.replay-failed",
          "  有检查未通过：正在跟踪器下重新运行它，以查看你的代码做了什么..."},
    entry{"progress.replay-disturbed",
          "  GPU 受到了干扰：正在跟踪器下重新运行检查，按你的代码实际做了什么来复核通过的检查..."},
    entry{"progress.replay-asked", "  按你的要求，正在跟踪器下重新运行检查，以取得跟踪记录..."},
    entry{"noise.before", "检查开始前"},
    entry{"noise.after", "检查结束后"},
    entry{"noise.other-processes", "{when}有 {count} 个其他进程在这块 GPU 上计算（利用率 "
                                   "{utilization}%）"},
    entry{"noise.clocks-held-down", "{when} GPU 的时钟被压低了（{why}）"},
    entry{"noise.host-jitter",
          "用主机时钟测量已知工作，结果波动了 {varied} us（检查允许 {limit} us）"},
    entry{"noise.event-jitter",
          "用事件测量已知工作，结果波动了 {varied} us（检查允许 {limit} us）"},
    entry{"advice.query-not-ready",
          "工作还在运行时，查询返回 cudaErrorNotReady：这只是告诉你“还没完成”，并不是错误，所以"
          "轮询时不能因为它让程序停下（不要用 CUDA_CHECK 包住查询）。如果只是想等工作完成，"
          "请改用 cudaEventSynchronize(stop)。"},
    entry{"advice.elapsed-not-ready",
          "调用 cudaEventElapsedTime 时，它的两个事件还没有都在 GPU 上发生：它们之前的工作仍在"
          "运行，所以还没有时间可读（规则 event-not-complete）。先用 cudaEventSynchronize(stop) "
          "等待结束事件，并把两个事件都记录在承载工作的流上，这样结束事件就不会早于开始事件发生。"},
    entry{"advice.elapsed-bad-event",
          "cudaEventElapsedTime 需要两个都已记录、并且都是为计时而创建的事件：其中一个从未被记录"
          "（cudaEventRecord）、已被销毁，或是用 cudaEventDisableTiming 创建的（规则 "
          "event-timing-disabled）。请创建可计时的事件（gpucourse::cuda_event），读取之前把两个"
          "都记录下来。"},
    entry{"advice.capture-not-begun",
          "cudaStreamBeginCapture 失败：流捕获未能开始。捕获不能在传统默认流（0，"
          "cudaStreamLegacy）上开始，也不能在已经处于捕获中的流上开始：请在你自己创建的流上"
          "捕获（第 8 课中，就是传给 capture_naive 的那个流），并在同一个流上用 "
          "cudaStreamEndCapture 结束它。"},
    entry{"advice.capture-implicit",
          "另一个流正在捕获图时，使用了传统默认流（0）。请把要捕获的工作排入正在捕获的那个流本身，"
          "在 cudaStreamEndCapture 之前不要在流 0 上排入任何东西。"},
    entry{"advice.context-destroyed",
          "检查所用的 CUDA 上下文在运行中被销毁了：有代码调用了 cudaDeviceReset()。计时函数必须"
          "让设备保持原样；请删掉这次重置。"},
    entry{"advice.out-of-memory",
          "GPU 内存耗尽：某次分配超过了显卡的容量，或者每次调用都分配内存却从不释放。只分配一次，"
          "并交给一个所有者对象释放（cuda_raii.cuh 中的 gpucourse::device_buffer）。"},

    // lint: PyTorch (report/lint_report.cpp; issue 43)
    entry{"lint.inside-framework",
          "有些问题只能指出函数而不是脚本中的行：那个调用是框架在它自己的线程上发出的，该线程没有"
          "运行 Python 代码，所以脚本中没有哪一行发出了它。"},

    // why: number slips
    entry{"report.why-undetermined",
          "（原因无法确定：这次调用的追踪中没有计时错误，你的数值之间也没有确切的换算关系）{why}"},
    entry{"report.why-undetermined.hint",
          "对照下面课程中的章节检查你的函数计时的内容，并查看这次调用的时间线"
          "（make check ... TIMELINE=run.svg）：检查器无法判断是哪一个错误改变了数值。"},
};

} // namespace

std::span<const entry> chinese_catalogue() {
  static const std::vector<entry> table =
      parts::joined({std::span<const entry>(chinese), parts::check_words_zh()});
  return table;
}

} // namespace gpucheck::messages
