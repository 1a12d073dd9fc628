/* magic.c — formats told by their first bytes (see magic.h).
 *
 * Signatures as each format's specification gives them: gzip RFC 1952
 * (1F 8B, method 8), bzip2 ("BZh", a block size 1-9, then a block's or
 * the end's 48-bit magic), xz ("\xFD" "7zXZ\0"), zstd (frame magic
 * 0xFD2FB528, little-endian), lz4 (frame magic 0x184D2204), lzip ("LZIP"),
 * compress (1F 9D), zip (a local file header PK\3\4, or an empty
 * archive's end record PK\5\6), 7-Zip, RAR 4 and 5, POSIX tar ("ustar" at
 * offset 257), PDF, PNG, JPEG (FF D8 FF), GIF 87a/89a, ELF, SQLite 3 and
 * OLE2 compound files (old Word and Excel).  Every one starts with a byte
 * or a word no PGN file starts with; the bzip2 and tar ones are checked
 * past their short prefix, which text may hold.
 */
#include "read/magic.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct arb_magic_format table[] = {
    {ARB_MAGIC_GZIP, "a gzip file", true, "gzip -dc"},
    {ARB_MAGIC_BZIP2, "a bzip2 file", true, "bzip2 -dc"},
    {ARB_MAGIC_XZ, "an xz file", true, "xz -dc"},
    {ARB_MAGIC_ZSTD, "a zstd file", true, "zstd -dc"},
    {ARB_MAGIC_LZ4, "an lz4 file", true, "lz4 -dc"},
    {ARB_MAGIC_LZIP, "an lzip file", true, "lzip -dc"},
    {ARB_MAGIC_COMPRESS, "a compress (.Z) file", true, "gzip -dc"},
    {ARB_MAGIC_ZIP, "a zip archive", false, "unzip -p"},
    {ARB_MAGIC_7Z, "a 7-Zip archive", false, "7z e -so"},
    {ARB_MAGIC_RAR, "a RAR archive", false, "unrar p"},
    {ARB_MAGIC_TAR, "a tar archive", false, "tar -xOf"},
    {ARB_MAGIC_PDF, "a PDF document", false, NULL},
    {ARB_MAGIC_PNG, "a PNG image", false, NULL},
    {ARB_MAGIC_JPEG, "a JPEG image", false, NULL},
    {ARB_MAGIC_GIF, "a GIF image", false, NULL},
    {ARB_MAGIC_ELF, "an ELF executable", false, NULL},
    {ARB_MAGIC_SQLITE, "an SQLite database", false, NULL},
    {ARB_MAGIC_OLE2, "an OLE2 document (old Word, Excel)", false, NULL},
};

/* Do the n bytes at p start with the sig_len bytes at sig? */
static bool starts(const unsigned char *p, size_t n, const char *sig, size_t sig_len)
{
    return n >= sig_len && memcmp(p, sig, sig_len) == 0;
}
#define STARTS(p, n, lit) starts(p, n, lit, sizeof(lit) - 1)

static enum arb_magic_kind kind_of(const unsigned char *p, size_t n)
{
    if (n >= 3 && p[0] == 0x1F && p[1] == 0x8B && p[2] == 8)
        return ARB_MAGIC_GZIP;
    if (n >= 10 && STARTS(p, n, "BZh") && p[3] >= '1' && p[3] <= '9'
        && (memcmp(p + 4, "\x31\x41\x59\x26\x53\x59", 6) == 0 || memcmp(p + 4, "\x17\x72\x45\x38\x50\x90", 6) == 0))
        return ARB_MAGIC_BZIP2;
    if (STARTS(p, n, "\xFD" "7zXZ\0"))
        return ARB_MAGIC_XZ;
    if (STARTS(p, n, "\x28\xB5\x2F\xFD"))
        return ARB_MAGIC_ZSTD;
    if (STARTS(p, n, "\x04\x22\x4D\x18"))
        return ARB_MAGIC_LZ4;
    if (STARTS(p, n, "LZIP") && n >= 5 && p[4] <= 1)
        return ARB_MAGIC_LZIP;
    if (STARTS(p, n, "\x1F\x9D"))
        return ARB_MAGIC_COMPRESS;
    if (STARTS(p, n, "PK\x03\x04") || STARTS(p, n, "PK\x05\x06") || STARTS(p, n, "PK\x07\x08"))
        return ARB_MAGIC_ZIP;
    if (STARTS(p, n, "7z\xBC\xAF\x27\x1C"))
        return ARB_MAGIC_7Z;
    if (STARTS(p, n, "Rar!\x1A\x07"))
        return ARB_MAGIC_RAR;
    if (STARTS(p, n, "%PDF-"))
        return ARB_MAGIC_PDF;
    if (STARTS(p, n, "\x89PNG\r\n\x1A\n"))
        return ARB_MAGIC_PNG;
    if (STARTS(p, n, "\xFF\xD8\xFF"))
        return ARB_MAGIC_JPEG;
    if (STARTS(p, n, "GIF87a") || STARTS(p, n, "GIF89a"))
        return ARB_MAGIC_GIF;
    if (STARTS(p, n, "\x7F" "ELF"))
        return ARB_MAGIC_ELF;
    if (STARTS(p, n, "SQLite format 3\0"))
        return ARB_MAGIC_SQLITE;
    if (STARTS(p, n, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1"))
        return ARB_MAGIC_OLE2;
    /* POSIX tar: "ustar" and NUL (or GNU's "ustar  ") at offset 257. */
    if (n >= 263 && memcmp(p + 257, "ustar", 5) == 0 && (p[262] == 0 || p[262] == ' '))
        return ARB_MAGIC_TAR;
    return 0;
}

const struct arb_magic_format *arb_magic_of(const unsigned char *p, size_t n)
{
    if (!p)
        return NULL;
    enum arb_magic_kind k = kind_of(p, n);
    for (size_t i = 0; k && i < sizeof table / sizeof table[0]; i++)
        if (table[i].kind == k)
            return &table[i];
    return NULL;
}

const struct arb_magic_format *arb_magic_of_fd(int fd)
{
    unsigned char head[ARB_MAGIC_BYTES];
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
        return NULL;
    ssize_t got = pread(fd, head, sizeof head, 0);
    return got > 0 ? arb_magic_of(head, (size_t)got) : NULL;
}
