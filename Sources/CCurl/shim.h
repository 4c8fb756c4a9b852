#pragma once
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic macros/functions, which Swift cannot call.
   These typed wrappers are the only way SavvyCoach touches them. */

typedef size_t (*savvy_curl_data_callback)(char *data, size_t size, size_t count, void *user);

static inline CURLcode savvy_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode savvy_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode savvy_curl_setopt_callback(CURL *handle, CURLoption option,
                                                  savvy_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode savvy_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode savvy_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode savvy_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode savvy_curl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}
