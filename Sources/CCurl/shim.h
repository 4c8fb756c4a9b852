#pragma once
#include <curl/curl.h>
#include <dlfcn.h>

/* libcurl is opened with dlopen the first time savvy talks to an LLM server, not linked: linked,
   it and what it needs (OpenSSL, GnuTLS through librtmp, Kerberos, LDAP, libssh2 — 20 libraries)
   are loaded and relocated, and GnuTLS's constructor builds its ASN.1 tables, at every start of
   every command; that was about a third of the start-up of `savvy history` and `savvy --version`
   (issue 13). Every libcurl call Swift makes goes through the `savvy_curl_*` functions below.

   When the library cannot be opened, `savvy_curl_global_init_default` returns CURLE_FAILED_INIT
   (the caller reports "libcurl failed to initialise … reinstall libcurl4") and the functions that
   return a handle return NULL. The name is the soname Debian's libcurl4 ships. */

static inline void *savvy_curl_symbol(const char *name) {
    /* one handle per translation unit; dlopen counts references, so every copy is the same
       library, and a race between two first calls only opens it twice */
    static void *library;
    void *handle = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (handle == NULL) {
        handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) return NULL;
        __atomic_store_n(&library, handle, __ATOMIC_RELEASE);
    }
    return dlsym(handle, name);
}

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call; these typed
   wrappers pass one argument of each kind. */

typedef size_t (*savvy_curl_data_callback)(char *data, size_t size, size_t count, void *user);
typedef CURLcode (*savvy_curl_setopt_function)(CURL *handle, CURLoption option, ...);
typedef CURLcode (*savvy_curl_getinfo_function)(CURL *handle, CURLINFO info, ...);

static inline CURLcode savvy_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    savvy_curl_setopt_function f = (savvy_curl_setopt_function)savvy_curl_symbol("curl_easy_setopt");
    return f ? f(handle, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode savvy_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    savvy_curl_setopt_function f = (savvy_curl_setopt_function)savvy_curl_symbol("curl_easy_setopt");
    return f ? f(handle, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode savvy_curl_setopt_callback(CURL *handle, CURLoption option,
                                                  savvy_curl_data_callback callback) {
    savvy_curl_setopt_function f = (savvy_curl_setopt_function)savvy_curl_symbol("curl_easy_setopt");
    return f ? f(handle, option, callback) : CURLE_FAILED_INIT;
}

static inline CURLcode savvy_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    savvy_curl_setopt_function f = (savvy_curl_setopt_function)savvy_curl_symbol("curl_easy_setopt");
    return f ? f(handle, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode savvy_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    savvy_curl_getinfo_function f = (savvy_curl_getinfo_function)savvy_curl_symbol("curl_easy_getinfo");
    return f ? f(handle, info, value) : CURLE_FAILED_INIT;
}

static inline CURLcode savvy_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    savvy_curl_getinfo_function f = (savvy_curl_getinfo_function)savvy_curl_symbol("curl_easy_getinfo");
    return f ? f(handle, info, value) : CURLE_FAILED_INIT;
}

static inline CURLcode savvy_curl_global_init_default(void) {
    CURLcode (*f)(long) = (CURLcode (*)(long))savvy_curl_symbol("curl_global_init");
    return f ? f(CURL_GLOBAL_DEFAULT) : CURLE_FAILED_INIT;
}

static inline CURL *savvy_curl_easy_init(void) {
    CURL *(*f)(void) = (CURL *(*)(void))savvy_curl_symbol("curl_easy_init");
    return f ? f() : NULL;
}

static inline CURLcode savvy_curl_easy_perform(CURL *handle) {
    CURLcode (*f)(CURL *) = (CURLcode (*)(CURL *))savvy_curl_symbol("curl_easy_perform");
    return f ? f(handle) : CURLE_FAILED_INIT;
}

static inline void savvy_curl_easy_cleanup(CURL *handle) {
    void (*f)(CURL *) = (void (*)(CURL *))savvy_curl_symbol("curl_easy_cleanup");
    if (f) f(handle);
}

static inline const char *savvy_curl_easy_strerror(CURLcode code) {
    const char *(*f)(CURLcode) = (const char *(*)(CURLcode))savvy_curl_symbol("curl_easy_strerror");
    return f ? f(code) : "libcurl could not be loaded";
}

static inline struct curl_slist *savvy_curl_slist_append(struct curl_slist *list, const char *text) {
    struct curl_slist *(*f)(struct curl_slist *, const char *) =
        (struct curl_slist *(*)(struct curl_slist *, const char *))savvy_curl_symbol("curl_slist_append");
    return f ? f(list, text) : NULL;
}

static inline void savvy_curl_slist_free_all(struct curl_slist *list) {
    void (*f)(struct curl_slist *) = (void (*)(struct curl_slist *))savvy_curl_symbol("curl_slist_free_all");
    if (f) f(list);
}

static inline CURLU *savvy_curl_url(void) {
    CURLU *(*f)(void) = (CURLU *(*)(void))savvy_curl_symbol("curl_url");
    return f ? f() : NULL;
}

static inline void savvy_curl_url_cleanup(CURLU *handle) {
    void (*f)(CURLU *) = (void (*)(CURLU *))savvy_curl_symbol("curl_url_cleanup");
    if (f) f(handle);
}

static inline CURLUcode savvy_curl_url_set(CURLU *handle, CURLUPart part, const char *content, unsigned int flags) {
    CURLUcode (*f)(CURLU *, CURLUPart, const char *, unsigned int) =
        (CURLUcode (*)(CURLU *, CURLUPart, const char *, unsigned int))savvy_curl_symbol("curl_url_set");
    return f ? f(handle, part, content, flags) : CURLUE_OUT_OF_MEMORY;
}

static inline CURLUcode savvy_curl_url_get(const CURLU *handle, CURLUPart part, char **content, unsigned int flags) {
    CURLUcode (*f)(const CURLU *, CURLUPart, char **, unsigned int) =
        (CURLUcode (*)(const CURLU *, CURLUPart, char **, unsigned int))savvy_curl_symbol("curl_url_get");
    return f ? f(handle, part, content, flags) : CURLUE_OUT_OF_MEMORY;
}

static inline void savvy_curl_free(void *pointer) {
    void (*f)(void *) = (void (*)(void *))savvy_curl_symbol("curl_free");
    if (f) f(pointer);
}
