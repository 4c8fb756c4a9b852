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
