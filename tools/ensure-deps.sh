#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Makes sure this machine has what the course needs, before the first configure.
# Missing Debian packages are installed when running as root, or the exact command is printed.
# Usage: tools/ensure-deps.sh [--check] [base|book|docs|slurm]...   (default: base)
#   --check: install nothing; print the install line and exit 1 when something is missing.
set -euo pipefail

check_only=0
if [ "${1:-}" = --check ]; then
  check_only=1
  shift
fi
want_groups=("${@:-base}")
missing=()

need_package() { # need_package PACKAGE TEST-COMMAND...
  local package=$1
  shift
  if ! "$@" >/dev/null 2>&1; then
    missing+=("$package")
  fi
}
have_header() { [ -f "/usr/include/$1" ] || [ -f "$(dirname "$0")/../.deps/include/$1" ]; }
# A CMake package (cmake/ThirdParty.cmake finds doctest and nlohmann_json by their packages).
have_cmake_package() {
  local config
  for config in /usr/lib/cmake/"$1"/*onfig.cmake /usr/share/cmake/"$1"/*onfig.cmake \
    /usr/lib/*/cmake/"$1"/*onfig.cmake; do
    [ -f "$config" ] && return 0
  done
  return 1
}

for group in "${want_groups[@]}"; do
  case "$group" in
  base)
    need_package cmake command -v cmake
    need_package g++ command -v g++
    need_package make command -v make
    need_package doctest-dev have_cmake_package doctest
    need_package nlohmann-json3-dev have_cmake_package nlohmann_json
    need_package libopenblas-dev have_header x86_64-linux-gnu/cblas.h
    # The diagnosis corpus's traces are kept gzip-compressed (trace_model/read_trace.cpp).
    need_package zlib1g-dev have_header zlib.h
    # gpucheck grade runs every submission in a sandbox of its own (docs/grading-security.md).
    need_package bubblewrap command -v bwrap
    ;;
  book)
    # make book: pandoc and XeLaTeX with CJK support (xeCJK needs ctex's ctexhook.sty), the
    # fonts the template names, SVG to PDF for figures, and poppler and epubcheck for its tests.
    need_package pandoc command -v pandoc
    need_package texlive-xetex command -v xelatex
    need_package texlive-latex-extra kpsewhich mdframed.sty
    need_package texlive-latex-recommended kpsewhich fancyvrb.sty
    need_package texlive-fonts-recommended kpsewhich pzdr.tfm # hyperref's links under XeTeX
    need_package texlive-lang-cjk kpsewhich xeCJK.sty
    need_package texlive-lang-chinese kpsewhich ctexhook.sty
    # fc-list exits 0 even when nothing matches: look for the very font the template names.
    need_package fonts-noto-cjk sh -c 'fc-list "Noto Sans Mono CJK SC" | grep -q .'
    need_package fonts-noto-core sh -c 'fc-list "Noto Serif" | grep -q .'
    need_package librsvg2-bin command -v rsvg-convert
    need_package poppler-utils command -v pdftotext
    need_package python3 command -v python3
    need_package epubcheck test -f /usr/share/java/epubcheck.jar
    ;;
  docs)
    need_package doxygen command -v doxygen
    ;;
  slurm)
    # The loopback Slurm cluster of checker/tests/integration/slurm_loopback.sh (grade --slurm).
    need_package slurm-wlm command -v slurmctld
    need_package munge command -v munged
    ;;
  *)
    echo "ensure-deps: unknown group '$group' (base, book, docs, slurm)" >&2
    exit 2
    ;;
  esac
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ $check_only = 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing missing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
      { apt-get update >/dev/null && apt-get install -y --no-install-recommends "${missing[@]}"; }
  else
    echo "Missing packages. Install them with:" >&2
    echo "    sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

# The CUDA Toolkit does not come from Debian's archive: say where to get it.
if [[ " ${want_groups[*]} " == *" base "* ]] && ! command -v nvcc >/dev/null &&
  ! [ -x /usr/local/cuda/bin/nvcc ]; then
  cat >&2 <<'MSG'
nvcc (the CUDA compiler) was not found. Install the CUDA Toolkit 12.x or 13.x from NVIDIA
(https://developer.nvidia.com/cuda-downloads, package 'cuda-toolkit'), then:
    export PATH=/usr/local/cuda/bin:$PATH
MSG
  exit 1
fi
