// SPDX-License-Identifier: MIT
// The words the check programs print, in Chinese: lesson08 (catalogue_parts.hpp).
// 与 check_words_lesson08_en.cpp 的 id 一一对应，占位符相同；代码、API 名和单位保持原样。
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array chinese{
    // (a) 与 (b) 的字节，对照检查器自己跑的朴素循环
    entry{"check.l08.bytes.expected",
          "检查器自己跑的朴素循环的字节：同样 {count} 个随机整数上的 {steps} 步"},
    entry{"check.l08.bytes.same", "字节相同"},
    entry{"check.l08.bytes.wrong", "字节不同，从第 {index} 个整数起"},
    entry{"check.l08.batched-bytes.name", "run_batched 得到与朴素循环相同的字节"},
    entry{"check.l08.batched-bytes.message",
          "run_batched 之后，第 {index} 个整数是 {got}；朴素循环在那里留下的是 {expected}。"},
    entry{"check.l08.batched-bytes.untouched.message",
          "run_batched 之后，第 {index} 个整数仍是 {got}，即它的初始值：没有任何一步处理到它。"
          "缓冲区有 {count} 个整数，不是一个线程块大小的整数倍。"},
    entry{"check.l08.batched-bytes.hint",
          "给每个整数一个线程（线程块数向上取整，越过末尾的线程什么也不做），并让每个线程用 "
          "step_value 按顺序做完它那个整数的每一步，从第 0 步到第 steps - 1 步。"},
    entry{"check.l08.graph-bytes.name", "capture_naive 的图重放两次，每次都得到朴素循环的字节"},
    entry{"check.l08.graph-bytes.expected",
          "两次重放（其间缓冲区复位）之后，各自与检查器自己的朴素循环（同样 {count} "
          "个随机整数上的 {steps} 步）字节相同"},
    entry{"check.l08.graph-bytes.same", "两次重放之后字节都相同"},
    entry{"check.l08.graph-bytes.message",
          "第 {run} 次重放之后，第 {index} 个整数是 {got}；朴素循环在那里留下的是 {expected}。"},
    entry{"check.l08.graph-bytes.hint",
          "在给你的那个流上，于 cudaStreamBeginCapture 与 cudaStreamEndCapture 之间只捕获 "
          "run_naive(data, count, steps, stream)，并让 replay 把这个图启动一次。"},
    entry{"check.l08.graph-bytes.second.hint",
          "第一次重放正确，第二次不正确：每次重放都必须做同样的工作。用 cudaGraphLaunch "
          "启动可执行图，两次重放之间什么也不要改。"},
    entry{"check.l08.graph.none.measured", "capture_naive 没有返回图"},
    entry{"check.l08.graph.none.message",
          "capture_naive 返回了一个空的 cuda_graph_exec：没有可重放的图。"},
    entry{"check.l08.graph.none.hint",
          "在 capture_naive 中：cudaStreamBeginCapture(stream, ...)，run_naive(data, count, "
          "steps, stream)，cudaStreamEndCapture(stream, &graph)，cudaGraphInstantiate(&exec, "
          "graph, 0)，cudaGraphDestroy(graph)；返回 cuda_graph_exec{exec}。"},
    entry{"check.l08.graph.ran.measured", "capture_naive 运行期间缓冲区变了"},
    entry{"check.l08.graph.ran.message",
          "capture_naive 运行期间、任何重放之前，这些整数就变了：循环在 GPU "
          "上真的跑了，而不是（或不只是）被捕获。"},
    entry{"check.l08.graph.ran.hint",
          "在 cudaStreamBeginCapture 与 cudaStreamEndCapture 之间，排入该流的工作不会运行，"
          "只会被记录。只在那里把循环排入一次，并且只通过 replay 来运行它。"},

    // (a) 合并成一个内核后的速度
    entry{"check.l08.batched-speed.name", "run_batched 在 GPU 上比朴素循环快"},
    entry{"check.l08.batched-speed.expected",
          "至多为朴素循环 {naive} 的 {bar} 倍（检查器用事件分别包住两者，各取五次中最好的一次）"},
    entry{"check.l08.batched-speed.measured", "{batched}，是朴素循环的 {ratio} 倍"},
    entry{"check.l08.batched-speed.message",
          "run_batched 在 GPU 上用了 {batched}，{steps} 次启动的朴素循环用了 {naive}："
          "合并省下的太少。"},
    entry{"check.l08.batched-speed.hint",
          "在 run_batched 中只启动一个内核，而不是每步一个：让它的线程在寄存器里保存各自的整数，"
          "循环做完所有步。"},

    // (b) 图的重放对照朴素循环
    entry{"check.l08.graph-speed.name",
          "一次重放占用主机的时间远少于朴素循环，占用 GPU 的时间不多于它"},
    entry{"check.l08.graph-speed.expected",
          "主机上，至多为朴素循环 {steps} 次启动调用所用时间的 {host_bar} 倍，且至多为检查器"
          "自己重放同一循环的 4 倍（或多 50 us）；GPU 上，至多为朴素循环时间的 {gpu_bar} 倍"
          "（各取五次中最好的一次）"},
    entry{"check.l08.graph-speed.measured",
          "一次重放：主机上 {host}，朴素循环的启动调用 {naive_host}，检查器自己的重放 {own}；"
          "GPU 上 {gpu}，朴素循环 {naive_gpu}"},
    entry{"check.l08.graph-speed.setup.message",
          "一次重放让主机忙了 {host}；检查器对同一循环事先捕获并实例化好的图，启动一次用了 "
          "{own}。你的重放做的不只是一次 cudaGraphLaunch：还有一次实例化、一次捕获或一次等待。"},
    entry{"check.l08.graph-speed.host.message",
          "一次重放让主机忙了 {host}；朴素循环的 {steps} 次启动调用用了 {naive_host}。"
          "对一个事先捕获并实例化好的图，重放就是一次 cudaGraphLaunch。"},
    entry{"check.l08.graph-speed.host.hint",
          "只在 capture_naive 中捕获和实例化一次。replay 只调用 cudaGraphLaunch：不捕获，不调用 "
          "cudaGraphInstantiate，也不等待。"},
    entry{"check.l08.graph-speed.gpu.message",
          "一次重放在 GPU 上用了 {gpu}；朴素循环用了 {naive_gpu}。图里是同样的内核，不应更慢。"},
    entry{"check.l08.graph-speed.gpu.hint",
          "只捕获 run_naive 的启动，别的都不要（不要拷贝、不要等待、不要额外的内核）。"},

    // (c) 循环的时间
    entry{"check.l08.loop.name", "time_loop_ms 只计时一次整个循环，与检查器的事件一致"},
    entry{"check.l08.loop.expected",
          "{truth}（检查器的事件一次包住同样的 {iterations} 次背靠背启动，每次是一个 {work} "
          "的内核；误差在 15% 或 30 us 以内）"},
    entry{"check.l08.loop.measured", "你报告的是 {reported}"},
    entry{"check.l08.loop.runs.message",
          "time_loop_ms 运行了 {runs} 次工作；要求的是 {iterations} 次迭代。"},
    entry{"check.l08.loop.runs.hint",
          "恰好调用 work(stream) `iterations` 次，并对这些调用计时：函数里不要有预热运行，"
          "也不要漏掉任何一次迭代。"},
    entry{"check.l08.loop.summed.message",
          "你报告的是 {reported}；同样的启动背靠背运行用了 {truth}。你的数每次迭代多出 "
          "{per_iteration}：大约是一对事件加上一次等待给每次启动添上的开销。"},
    entry{"check.l08.loop.summed.hint",
          "在工作所在的流上，第一次迭代之前记录一个开始事件，最后一次之后记录一个结束事件；"
          "只等待结束事件一次，然后读出两者之间的时间。"},
    entry{"check.l08.loop.launches.message",
          "你报告的是 {reported}；这些启动在 GPU 上运行了 {truth}。你的数大约是主机花在启动"
          "调用上的时间（全部启动共 {launches}）：时钟在最后一次启动排入队列时就停了，"
          "而不是在它运行完之后。"},
    entry{"check.l08.loop.launches.hint",
          "停表之前先等 GPU（cudaStreamSynchronize(stream)），或者在该流上用事件为循环计时，"
          "并等待结束事件。"},
    entry{"check.l08.loop.too-long.message",
          "你报告的是 {reported}；同样的启动背靠背运行用了 {truth}。"},
    entry{"check.l08.loop.too-short.message",
          "你报告的是 {reported}；同样的启动背靠背运行用了 {truth}。"},
    entry{"check.l08.loop.not-a-number.message", "你报告的是 {reported}，这根本不是一个时间。"},
    entry{"check.l08.loop.wrong.hint",
          "只为循环计时一次：在工作所在的流上，第一次迭代之前记录开始事件、最后一次之后记录结束"
          "事件，cudaEventSynchronize(stop)，再调用 cudaEventElapsedTime。"},
};

} // namespace

std::span<const entry> check_words_lesson08_zh() {
  return chinese;
}

} // namespace gpucheck::messages::parts
