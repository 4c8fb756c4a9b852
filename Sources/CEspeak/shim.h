#pragma once
#include <espeak-ng/speak_lib.h>

/* espeak_Synth takes the text as `const void *`; the flags Swift needs are macros
 * (espeakCHARS_UTF8, espeakSSML) that are exposed here as constants so the Swift side does not
 * repeat their values. */
static const unsigned int savvy_espeak_chars_utf8 = espeakCHARS_UTF8;
static const int savvy_espeak_initialize_dont_exit = espeakINITIALIZE_DONT_EXIT;
