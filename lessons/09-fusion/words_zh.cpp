// SPDX-License-Identifier: MIT
// The words the check programs print, in Chinese: lesson09 (catalogue_parts.hpp).
// 与 check_words_lesson09_en.cpp 的 id 一一对应，占位符相同；代码、API 名和单位保持原样。
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array chinese{
    // (c) 报告的带宽
    entry{"check.l09.number.name", "fused_gbps 报告的带宽与检查器测得的一致"},
    entry{"check.l09.number.expected",
          "{truth}：融合核函数的准确字节数，除以检查器对 run_fused 一次热运行的计时（{ms}，"
          "在承载它的流上用事件测得），误差 5% 以内"},
    entry{"check.l09.number.measured", "你报告的是 {reported}"},
    entry{"check.l09.number.cold.message",
          "你的第一次调用报告 {reported}，核函数热运行时以 {truth} 搬运数据，而你之后的每次调用"
          "都是对的：程序中的第一次调用计入了融合核函数的第一次启动，那次启动要加载它。"},
    entry{"check.l09.number.cold.hint", "开始计时前先把工作运行一次，让被计时的是一次热运行。"},
    entry{"check.l09.number.gib.message",
          "你报告的带宽是 {reported}；融合核函数实际以 {truth} 搬运数据。你的数字是真实值乘以 "
          "0.931：字节数除以了 2^30（GiB），而不是 10^9（GB）。"},
    entry{"check.l09.number.gib.hint",
          "字节数除以 1e9，再除以以秒计的时间：1 GB/s 是每秒 10^9 字节。"},
    entry{"check.l09.number.once.message",
          "你报告的带宽是 {reported}；融合核函数实际以 {truth} 搬运数据。你的数字只有一半："
          "只计了读的字节或写的字节，没有两者都计。"},
    entry{"check.l09.number.once.hint", "融合核函数读 x 的每一项、写 y 的每一项：两者都要计入。"},
    entry{"check.l09.number.twice.message",
          "你报告的带宽是 {reported}；融合核函数实际以 {truth} 搬运数据。你的数字是它的两倍："
          "用两个核函数的字节数（包括 t 的写和读）除以了融合核函数的时间。"},
    entry{"check.l09.number.twice.hint", "融合核函数从不碰 t：只计读 x 和写 y。"},
    entry{"check.l09.number.mb.message",
          "你报告的带宽是 {reported}；融合核函数实际以 {truth} 搬运数据。你的数字是真实值的 "
          "1000 倍：那是 MB/s（每秒字节数除以 1e6），不是 GB/s。"},
    entry{"check.l09.number.mb.hint", "每秒字节数除以 1e9 才是 GB/s：bytes / (ms / 1000) / 1e9。"},
    entry{"check.l09.number.none.message",
          "你报告的是 {reported}，这不是带宽：fused_gbps 没有测到时间（经过时间为 0，或在结束事件"
          "完成之前就读取了），或者还什么也没有测。融合核函数实际以 {truth} 搬运数据。"},
    entry{"check.l09.number.none.hint",
          "在流上用事件为 run_fused 的一次热运行计时，等待结束事件，再用 fused_bytes(n) 除以经过的"
          "秒数、再除以 1e9。"},
    entry{"check.l09.number.count.message",
          "你报告的带宽是 {reported}；融合核函数实际以 {truth} 搬运数据。你测得的时间是对的："
          "你的数字是你的 fused_bytes(n)（{counted} 字节）除以核函数的运行时间，而核函数搬运的是 "
          "{exact} 字节。"},
    entry{"check.l09.number.count.hint",
          "改正 fused_bytes（读 x、写 y，每项 4 字节），再像现在这样用它的字节数除以你的时间。"},
    entry{"check.l09.number.high.message",
          "你报告的带宽是 {reported}；融合核函数实际以 {truth} 搬运数据。你的数字偏高："
          "你测得的时间比核函数的运行时间短。"},
    entry{"check.l09.number.high.hint",
          "把两个事件都记录在给你的流上、夹住 run_fused，并在读取时间之前等待结束事件。"},
    entry{"check.l09.number.launch.message",
          "你报告的带宽是 {reported}；融合核函数实际以 {truth} 搬运数据。你测得的时间比核函数的运行"
          "长 {extra}，大约是一次启动的开销：你的时钟把启动，或运行前后的某个调用，算进了核函数。"},
    entry{"check.l09.number.launch.hint",
          "在流上紧挨着 run_fused 的前后记录事件：GPU 执行到它们时才打时间戳，启动在主机上花的时间"
          "就不会算进去。"},
    entry{"check.l09.number.low.message",
          "你报告的带宽是 {reported}；融合核函数实际以 {truth} 搬运数据。你的数字偏低："
          "你测得的时间包含了不止一次核函数的热运行。"},
    entry{"check.l09.number.low.hint",
          "只计时一次热运行（或几次，再除以次数），别的都不要计入：不计第一次启动，不计分配，"
          "不计其他工作。"},

    // (a) y 的字节，以及 t 不被改动
    entry{"check.l09.bytes.name", "run_fused 写入 y 的字节与两个核函数的结果一致，且不改动 t"},
    entry{"check.l09.bytes.expected",
          "全部 {n} 项的 y 与未融合的两个核函数写出的逐位相同；t 不被改动"},
    entry{"check.l09.bytes.measured", "y 与两个核函数的结果逐位相同；t 未被改动"},
    entry{"check.l09.bytes.wrong", "y 的第 {index} 项不同"},
    entry{"check.l09.bytes.message",
          "y 的第 {index} 项（共 {n} 项）与未融合的两个核函数写出的不同。"},
    entry{"check.l09.bytes.hint",
          "对每个 i，用 exercise.h 中的函数把 y[i] 算成 relu(scale_shift(x[i], a, b))，并在给你"
          "的流上启动核函数。"},
    entry{"check.l09.bytes.tail.message",
          "y 的第 {index} 项错了，它在 {n} 项的最后一段：{n} 不是任何线程块大小的整数倍，"
          "你的核函数漏掉了尾部。"},
    entry{"check.l09.bytes.tail.hint",
          "启动足够多的线程块以覆盖每一项（块数向上取整），并在核函数中检查 i < n；每个线程处理"
          "多项的核函数也要处理剩下的那几项。"},
    entry{"check.l09.bytes.wrote-t", "从第 {index} 项起 t 被写过"},
    entry{"check.l09.bytes.wrote-t.message",
          "y 是对的，但你的融合版本写了 t（最先是第 {index} 项）：中间结果仍然进出显存。"},
    entry{"check.l09.bytes.wrote-t.hint",
          "把 a * x + b 留在寄存器里，只写 y：一个核函数，每项读一次 x、写一次 y。"},

    // (b) 字节计数
    entry{"check.l09.counts.name", "unfused_bytes 和 fused_bytes 计入读写的每一个字节"},
    entry{"check.l09.counts.expected",
          "两个核函数每项 16 字节（x、t、t、y），融合核函数每项 8 字节（x、y），分毫不差"},
    entry{"check.l09.counts.measured", "所问的每个大小都准确"},
    entry{"check.l09.counts.wrong", "{function}({n}) 返回了 {reported}"},
    entry{"check.l09.counts.reads-only.message",
          "{function}({items}) 返回了 {reported}，是 {exact} "
          "的一半：你只计了读，或只计了写，没有两者都计"
          "（对两个核函数而言，这是两遍，即融合核函数的字节数）。"},
    entry{"check.l09.counts.reads-only.hint",
          "核函数读的每个字节和写的每个字节都要经过显存总线：两者都要计入。"},
    entry{"check.l09.counts.items.message",
          "{function}({items}) 返回了 {reported}，即 {exact} / 4：计的是项数，不是字节数。"},
    entry{"check.l09.counts.items.hint", "一个 float 是 sizeof(float)，即 4 字节。"},
    entry{"check.l09.counts.pair-for-fused.message",
          "{function}({items}) 返回了 {reported}，这是两个核函数的字节数：融合核函数搬运 "
          "{exact}。"},
    entry{"check.l09.counts.pair-for-fused.hint", "融合核函数从不写也不读 t：只剩 x 和 y。"},
    entry{"check.l09.counts.other.message",
          "{function}({items}) 返回了 {reported}；准确的字节数是 {exact}。"},
    entry{"check.l09.counts.other.hint",
          "遍数乘以项数再乘以 sizeof(float)，用 size_t 计算（大缓冲区的字节数会超过 2^32）。"},

    // (b) 速度
    entry{"check.l09.speed.name", "融合版本比两个核函数快出字节数所预言的幅度"},
    entry{"check.l09.speed.expected",
          "至多为两个核函数时间的 {ratio}（字节数预言 50%），且至少达到设备实测拷贝带宽"
          "（{copy}）的 {share}"},
    entry{"check.l09.speed.measured",
          "融合 {fused}，两个核函数 {pair}（{ratio}）；融合 {achieved}，两个核函数 "
          "{pair_achieved}；拷贝带宽的 {share}"},
    entry{"check.l09.speed.faster-than-memory.message",
          "按检查器的事件，你的融合核函数达到了 {achieved}，远高于设备的拷贝带宽（{copy}）："
          "给你的流上的事件没有夹住它。"},
    entry{"check.l09.speed.faster-than-memory.hint",
          "在 run_fused 收到的流上启动融合核函数（第四个启动参数），不要用默认流。"},
    entry{"check.l09.speed.no-gain.message",
          "你的融合版本用了 {fused}，是两个核函数 {pair} 的 {ratio}（要求至多 {bar}）；"
          "字节数预言的是一半。"},
    entry{"check.l09.speed.no-gain.hint",
          "只启动一次核函数还不算融合：中间结果必须留在寄存器里。读一次 x，写一次 y，别的都不做。"},
    entry{"check.l09.speed.below-copy.message",
          "你的融合核函数以 {achieved} 搬运数据，是设备拷贝带宽（{copy}）的 "
          "{share}（要求：{bar}）。"},
    entry{"check.l09.speed.below-copy.hint",
          "让相邻线程处理相邻的项（线程 i 读 x[i]），启动足够多的线程块占满 GPU，每项的计算保持"
          "很少。"},
};

} // namespace

std::span<const entry> check_words_lesson09_zh() {
  return chinese;
}

} // namespace gpucheck::messages::parts
