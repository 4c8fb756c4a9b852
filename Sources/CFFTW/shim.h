#pragma once
#include <fftw3.h>

/// FFTW planner flags are `#define`d with shifts; expose them as typed constants so Swift
/// does not depend on how the importer treats macro expressions.
static inline unsigned savvy_fftw_estimate(void) { return FFTW_ESTIMATE; }
