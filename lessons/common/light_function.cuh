// SPDX-License-Identifier: MIT
/// @file light_function.cuh
/// @brief light_function: the lessons' gpu_work, a lighter stand-in for std::function.
///
/// Why not std::function itself: every check compiles the student's exercise.cu, and
/// the `functional` header added about a second of nvcc's time to each of those compiles (measured
/// on the course's 2-core machine; README, "Measured: edit to verdict"). This type does the one
/// thing the lessons need, holding any callable and calling it, with headers that cost next to
/// nothing.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <utility>

namespace gpucourse {

template <class Signature> class light_function;

/// Holds a copy of any callable (a lambda, a function) with this signature, like std::function:
/// copyable, empty when default-constructed, `if (f)` tells whether it holds one.
template <class Result, class... Args> class light_function<Result(Args...)> {
public:
  light_function() = default;
  light_function(std::nullptr_t) {}

  template <class Callable, class = std::enable_if_t<
                                !std::is_same_v<std::decay_t<Callable>, light_function> &&
                                std::is_invocable_r_v<Result, std::decay_t<Callable>&, Args...>>>
  light_function(Callable&& callable) {
    if constexpr (std::is_pointer_v<std::remove_reference_t<Callable>>) {
      if (callable == nullptr) {
        return; // a null function pointer gives an empty light_function, as in std::function
      }
    }
    held_ = new holder<std::decay_t<Callable>>(std::forward<Callable>(callable));
  }

  light_function(const light_function& other)
      : held_(other.held_ ? other.held_->copy() : nullptr) {}
  light_function(light_function&& other) noexcept : held_(std::exchange(other.held_, nullptr)) {}
  light_function& operator=(light_function other) noexcept {
    std::swap(held_, other.held_);
    return *this;
  }
  ~light_function() { delete held_; }

  explicit operator bool() const noexcept { return held_ != nullptr; }
  friend bool operator==(const light_function& f, std::nullptr_t) noexcept { return !f; }
  friend bool operator!=(const light_function& f, std::nullptr_t) noexcept { return !!f; }
  friend bool operator==(std::nullptr_t, const light_function& f) noexcept { return !f; }
  friend bool operator!=(std::nullptr_t, const light_function& f) noexcept { return !!f; }

  Result operator()(Args... args) const {
    if (held_ == nullptr) {
      std::fprintf(stderr, "gpucourse::light_function: called while empty (nothing assigned)\n");
      std::abort();
    }
    return held_->call(std::forward<Args>(args)...);
  }

private:
  struct callable_base {
    virtual ~callable_base() = default;
    virtual Result call(Args... args) = 0;
    virtual callable_base* copy() const = 0;
  };
  template <class Callable> struct holder final : callable_base {
    template <class Given> explicit holder(Given&& given) : callable(std::forward<Given>(given)) {}
    Result call(Args... args) override { return callable(std::forward<Args>(args)...); }
    callable_base* copy() const override { return new holder(callable); }
    Callable callable;
  };

  callable_base* held_ = nullptr;
};

} // namespace gpucourse
