#pragma once
#include <stddef.h>
#include <stdint.h>

/// Copies the values of `values[0..<count]` whose bit patterns lie in `lower...upper` to `out`,
/// in index order, and returns how many it copied. Meant for positive floats (and +0), whose bit
/// patterns order as the values do, with `lower` and `upper` below 2^31.
///
/// `out` must have room for `count` values (the vector path stores eight lanes at a time, but the
/// write index never runs ahead of the read index). The values copied and their order do not
/// depend on the path, so callers get the same result on every CPU.
size_t savvy_copy_inside_f32(const float *values, size_t count, uint32_t lower, uint32_t upper, float *out);
