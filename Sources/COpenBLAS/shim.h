#pragma once
#include <cblas.h>

/// OpenBLAS starts a thread pool sized to the machine; savvy runs it on one thread so the
/// encoder's sums are done in one fixed order (the same bytes every run) and it does not compete
/// with the rest of the pipeline for cores. `openblas_set_num_threads` and
/// `openblas_get_corename` are OpenBLAS extensions to CBLAS, so the shim is the one place that
/// names them.
static inline void savvy_openblas_single_thread(void) { openblas_set_num_threads(1); }

/// The kernel family OpenBLAS chose for this CPU when it loaded, e.g. "SkylakeX", or "Prescott"
/// (its slowest x86-64 kernels) on a CPU model newer than the library; `OPENBLAS_CORETYPE` in the
/// environment overrides the choice.
static inline const char *savvy_openblas_core(void) { return openblas_get_corename(); }

/// OpenBLAS's pthread build starts a pool of (cores − 1) threads as it loads — savvy links it, and
/// pocketsphinx pulls it in again as libblas — and they spin in `sched_yield` for about 0.1 s
/// waiting for work savvy never gives them (the encoder runs on one thread). On two cores that took
/// CPU from the delivery analysis's threads at the start of every `analyze` and `score`. This sets
/// OpenBLAS to one thread, so a later call runs on its caller, and ends the pool with
/// `blas_thread_shutdown_`, what OpenBLAS itself calls before a fork. That function is not part of
/// its API, so the reference is weak: in a build without it (OpenBLAS serial or OpenMP, where no
/// pool spins) only the thread count is set.
extern int blas_thread_shutdown_(void) __attribute__((weak));
static inline void savvy_openblas_stop_threads(void) {
    openblas_set_num_threads(1);
    if (blas_thread_shutdown_) blas_thread_shutdown_();
}
