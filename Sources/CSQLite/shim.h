#pragma once
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
/// Binding with it makes SQLite copy the bytes before the bind call returns, so Swift may free
/// or move the buffer afterwards.
static inline sqlite3_destructor_type savvy_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
