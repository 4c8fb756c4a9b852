#pragma once
#include <alsa/asoundlib.h>

/* alsa-lib prints its diagnostics ("ALSA lib pcm.c:...: Unknown PCM x") straight to stderr
 * through a variadic handler that Swift cannot implement. savvy's libraries never print: they
 * report errors as values, so this shim installs a handler that drops the text. The negative
 * error code returned by each call still reaches Swift and is mapped to a message there. */
static void savvy_alsa_silent_error_handler(const char *file, int line, const char *function,
                                            int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/* Installs the silent handler; idempotent, returns 0 on success like snd_lib_error_set_handler. */
static inline int savvy_alsa_silence_errors(void) {
    return snd_lib_error_set_handler(savvy_alsa_silent_error_handler);
}
