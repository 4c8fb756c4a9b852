// Hot loops Swift cannot express: AVX2's lane permutation and mask extraction.
//
// The CPPS medians (SelectionBracket in SavvyDSP) copy the few dozen of 256 or 513 values that
// fall inside a bracket. In Swift the branch-free copy stores every value and advances the write
// index by the test's result, so each store waits on the previous index: about 2.5 cycles a value.
// With AVX2, eight values are tested at once and packed to the left by one lane permutation
// (the "left-pack": a table gives, for each 8-bit mask, the lanes to move to the front), then
// stored together; the write index moves by the mask's population count. The scalar path is used
// on CPUs without AVX2, chosen once when the library loads. Both copy the same values in the
// same order, so the median — and every CPPS number — is the same either way.
#include "savvy_kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define SAVVY_X86 1
#endif

static size_t copy_inside_scalar(const float *values, size_t count, uint32_t lower, uint32_t upper, float *out) {
    const uint32_t *bits = (const uint32_t *)(const void *)values;
    size_t copied = 0;
    for (size_t i = 0; i < count; i++) {
        out[copied] = values[i];
        copied += (bits[i] >= lower) & (bits[i] <= upper);
    }
    return copied;
}

#ifdef SAVVY_X86
/// For each 8-bit mask, the lanes holding its set bits, lowest first (the rest: 0, never read).
static uint32_t left_pack[256][8] __attribute__((aligned(32)));
static int have_avx2;

__attribute__((constructor)) static void savvy_kernels_init(void) {
    for (int mask = 0; mask < 256; mask++) {
        int n = 0;
        for (int lane = 0; lane < 8; lane++) {
            if (mask & (1 << lane)) left_pack[mask][n++] = (uint32_t)lane;
        }
        for (; n < 8; n++) left_pack[mask][n] = 0;
    }
    __builtin_cpu_init();
    have_avx2 = __builtin_cpu_supports("avx2");
}

__attribute__((target("avx2,popcnt")))
static size_t copy_inside_avx2(const float *values, size_t count, uint32_t lower, uint32_t upper, float *out) {
    // Positive floats' bit patterns are below 2^31, so the signed comparisons AVX2 has order them.
    const __m256i below = _mm256_set1_epi32((int32_t)lower - 1);
    const __m256i above = _mm256_set1_epi32((int32_t)upper + 1);
    size_t copied = 0;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(values + i));
        __m256i inside = _mm256_and_si256(_mm256_cmpgt_epi32(x, below), _mm256_cmpgt_epi32(above, x));
        unsigned mask = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(inside));
        __m256i lanes = _mm256_load_si256((const __m256i *)(const void *)left_pack[mask]);
        _mm256_storeu_si256((__m256i *)(void *)(out + copied), _mm256_permutevar8x32_epi32(x, lanes));
        copied += (size_t)__builtin_popcount(mask);
    }
    return copied + copy_inside_scalar(values + i, count - i, lower, upper, out + copied);
}
#endif

size_t savvy_copy_inside_f32(const float *values, size_t count, uint32_t lower, uint32_t upper, float *out) {
#ifdef SAVVY_X86
    // upper + 1 must stay within int32 for the vector comparisons (lower − 1 may be −1)
    if (have_avx2 && lower <= 0x7fffffffu && upper < 0x7fffffffu) return copy_inside_avx2(values, count, lower, upper, out);
#endif
    return copy_inside_scalar(values, count, lower, upper, out);
}
