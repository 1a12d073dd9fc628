/* version.h — the version --version prints (and the SARIF and HTML
 * reports name). */
#ifndef ARB_VERSION_H
#define ARB_VERSION_H

#ifndef ARB_VERSION
#define ARB_VERSION "0.1.0"
#endif

#endif
