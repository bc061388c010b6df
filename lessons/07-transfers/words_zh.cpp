// SPDX-License-Identifier: MIT
// The words the check programs print, in Chinese: lesson07 (catalogue_parts.hpp).
// 与 check_words_lesson07_en.cpp 的 id 一一对应，占位符相同；代码、API 名和单位保持原样。
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array chinese{
    // a reported bandwidth against the checker's truth (transfer_judgement.hpp)
    entry{"check.l07.bandwidth.gib.message",
          "你报告的带宽是 {reported}；这次往返实际以 {truth} 传输数据。你的数字是真实值乘以 "
          "0.931：字节数除以了 2^30（GiB），而不是 10^9（GB）。"},
    entry{"check.l07.bandwidth.gib.hint",
          "字节数除以 1e9，再除以以秒计的时间：1 GB/s 是每秒 10^9 字节。"},
    entry{"check.l07.bandwidth.once.message",
          "你报告的带宽是 {reported}；这次往返实际以 {truth} 传输数据。你的数字只有一半："
          "用一个方向的字节数除以了两个方向的总时间。"},
    entry{"check.l07.bandwidth.once.hint",
          "一次往返把缓冲区搬运两次，先到设备再回主机：两个方向的字节都要计入。"},
    entry{"check.l07.bandwidth.mb.message",
          "你报告的带宽是 {reported}；这次往返实际以 {truth} 传输数据。你的数字是真实值的 1000 "
          "倍：那是 MB/s（每秒字节数除以 1e6），不是 GB/s。"},
    entry{"check.l07.bandwidth.mb.hint",
          "每秒字节数除以 1e9 才是 GB/s：bytes / (ms / 1000) / 1e9。"},
    entry{"check.l07.bandwidth.other.message",
          "你报告的带宽是 {reported}；检查器用覆盖每个流上全部工作的事件测得 {truth}。"},
    entry{"check.l07.bandwidth.other.hint",
          "为整个往返计时：从第一次拷贝之前到最后一次拷贝之后；开始事件要让每个流都等待它，"
          "结束事件要记录在每个流的最后一次拷贝之后（cudaStreamWaitEvent），"
          "并在读取之前等待结束事件完成。"},

    // the speed of the pinned, overlapped round trip
    entry{"check.l07.speed.below-peak.message",
          "你的往返只达到重叠下限速度的 {share}（要求：{bar}）；它用了 "
          "{yours}，而同样的拷贝和核函数在"
          "一个流上依次执行用了 {serial}。"},
    entry{"check.l07.speed.below-peak.hint",
          "把缓冲区分成若干块，交给两个或更多的流：这样一块拷往设备、另一块运行核函数、第三块拷回"
          "主机，可以同时进行。"},
    entry{"check.l07.speed.pageable.message",
          "你的往返用了 {yours}：几乎不比依次拷贝的可分页内存（{pageable}）快，而仅仅使用锁页内存"
          "就只需 {pinned}。"},
    entry{"check.l07.speed.pageable.hint",
          "在计时之前用 cudaMallocHost 分配一次主机缓冲区（锁页内存）：从可分页内存发出的 "
          "cudaMemcpyAsync 要由主机中转，不会与任何工作重叠。"},

    // check.cu 自己的话：字节、速度、数字
    entry{"check.l07.bytes.name", "round_trip_gbps 取回了核函数的结果字节"},
    entry{"check.l07.bytes.expected",
          "round_trip_gbps 一返回，host_out 中抽样的每个字都是核函数对 host_in 中对应字的结果"},
    entry{"check.l07.bytes.measured", "抽样的每个字都正确"},
    entry{"check.l07.bytes.wrong", "第 {index} 个字错误"},
    entry{"check.l07.bytes.message",
          "round_trip_gbps 返回时，host_out 的第 {index} 个字不是核函数的结果。"},
    entry{"check.l07.bytes.hint",
          "让每个分块的拷入、核函数和拷出在同一个流上、用同一个偏移量，覆盖所有的字（最后一块可以"
          "更短），并且只在每个流的拷回都结束之后才返回。"},
    entry{"check.l07.speed.name", "往返达到重叠下限速度的一定比例"},
    entry{"check.l07.speed.expected",
          "至少达到重叠下限速度的 {bar}%（下限：较慢方向的拷贝单独以链路峰值进行；"
          "此处用锁页内存拷贝实测：到设备 {to_device}，回主机 {to_host}），并明显快于可分页内存"},
    entry{"check.l07.speed.measured",
          "下限速度的 {share}%：{yours}（锁页内存、单流：{pinned}；可分页内存、单流：{pageable}）"},
    entry{"check.l07.number.name", "round_trip_gbps 报告的带宽与检查器测得的一致"},
    entry{"check.l07.number.expected",
          "{truth}（两个方向的字节数除以 {ms}，由检查器在承载这些工作的流上用事件测得）"},
    entry{"check.l07.number.measured", "你报告的是 {reported}"},
};

} // namespace

std::span<const entry> check_words_lesson07_zh() {
  return chinese;
}

} // namespace gpucheck::messages::parts
