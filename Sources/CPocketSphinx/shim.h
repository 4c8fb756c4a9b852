#pragma once
#include <pocketsphinx.h>
/* err_set_logfp lives in sphinxbase's err.h, which pocketsphinx.h does not pull in; savvy uses it
   to switch off sphinxbase's stderr logging (a library must not print). */
#include <sphinxbase/err.h>
#include <sphinxbase/ngram_model.h>
#include <sphinxbase/logmath.h>
/* malloc_trim is glibc's (malloc.h): savvy calls it after freeing decoders, whose many small
   blocks leave free memory inside the heap that glibc does not hand back on its own. */
#include <malloc.h>
