/* json.h — writing JSON values into a buffer. */
#ifndef ARB_JSON_H
#define ARB_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"

/* Append s (n bytes of UTF-8) as a JSON string, quotes included.  Control
 * characters are escaped; invalid UTF-8 bytes become U+FFFD so the output
 * is always valid UTF-8. */
void arb_json_str(struct arb_buf *b, const char *s, size_t n);
/* The same for a NUL-terminated string; NULL gives null. */
void arb_json_cstr(struct arb_buf *b, const char *s);
/* "key": (with a leading comma unless first) */
void arb_json_key(struct arb_buf *b, const char *key, bool first);

/* Append a decimal integer. */
void arb_json_int(struct arb_buf *b, long long v);

#endif
