/* term.c — the terminal of a full-screen view that keys drive (see
 * term.h): raw mode and the alternate screen, given back on the signals
 * that end the program; keys read byte by byte, an escape sequence
 * gathered with a short wait for its rest; the window's size; text wrapped
 * to the window's columns.  Machinery in src/run/, used by `arbiter
 * replay`'s interactive board (cli/cmd_replay.c).
 */
#include "run/term.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "base/out.h"
#include "base/utf8.h"

static struct termios saved_tio;
static int tty_fd = -1;
static volatile sig_atomic_t raw_on;
static volatile sig_atomic_t resized;     /* the window changed size: draw again */

static const char screen_leave[] = "\033[0m\033[?25h\033[?1049l";

bool arb_term_open(void)
{
    tty_fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
    return tty_fd >= 0;
}

void arb_term_close(void)
{
    arb_term_restore();
    if (tty_fd >= 0)
        close(tty_fd);
    tty_fd = -1;
}

void arb_term_restore(void)
{
    if (!raw_on)
        return;
    raw_on = 0;
    (void)!write(1, screen_leave, sizeof screen_leave - 1);
    tcsetattr(tty_fd, TCSAFLUSH, &saved_tio);
}

static void on_winch(int sig)
{
    (void)sig;   /* and to interrupt read(): the screen is drawn again */
    resized = 1;
}

static void on_signal(int sig)
{
    arb_term_restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

bool arb_term_raw(void)
{
    if (tcgetattr(tty_fd, &saved_tio) < 0)
        return false;
    struct termios raw = saved_tio;
    raw.c_lflag &= (tcflag_t)~(ICANON | ECHO | ISIG | IEXTEN);
    raw.c_iflag &= (tcflag_t)~(IXON | ICRNL);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    /* A signal that ends the program gives the terminal back first (with
     * ISIG off, Ctrl-C is a key; SIGINT from kill(1) still comes). */
    signal(SIGINT, on_signal);
    signal(SIGQUIT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    struct sigaction sa = {.sa_handler = on_winch};   /* no SA_RESTART: read() returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGWINCH, &sa, NULL);
    if (tcsetattr(tty_fd, TCSAFLUSH, &raw) < 0)
        return false;
    raw_on = 1;
    arb_out_write("\033[?1049h", 8);
    return true;
}

bool arb_term_resized(void)
{
    if (!resized)
        return false;
    resized = 0;
    return true;
}

bool arb_term_key_waiting(void)
{
    struct pollfd p = {.fd = tty_fd, .events = POLLIN};
    return poll(&p, 1, 0) != 0;
}

enum arb_key arb_term_read_key(char *ch)
{
    unsigned char c;
    ssize_t r;
    r = read(tty_fd, &c, 1);
    if (r < 0 && errno == EINTR)
        return ARB_KEY_NONE;   /* the window changed size: draw again */
    if (r <= 0)
        return ARB_KEY_EOF;
    *ch = (char)c;
    if (c != 27)
        return ARB_KEY_BYTE;
    struct pollfd p = {.fd = tty_fd, .events = POLLIN};
    char seq[8];
    int n = 0;
    while (n < (int)sizeof seq - 1 && poll(&p, 1, 40) > 0 && read(tty_fd, &seq[n], 1) == 1) {
        n++;
        if (n >= 2 && ((seq[n - 1] >= 'A' && seq[n - 1] <= 'Z') || seq[n - 1] == '~'))
            break;
    }
    seq[n] = 0;
    if (n == 0)
        return ARB_KEY_ESC;
    static const struct {
        const char *seq;
        enum arb_key key;
    } keys[] = {
        {"C", ARB_KEY_RIGHT}, {"B", ARB_KEY_DOWN}, {"6~", ARB_KEY_PAGE_DOWN},
        {"D", ARB_KEY_LEFT}, {"A", ARB_KEY_UP}, {"5~", ARB_KEY_PAGE_UP},
        {"H", ARB_KEY_HOME}, {"1~", ARB_KEY_HOME}, {"7~", ARB_KEY_HOME},
        {"F", ARB_KEY_END}, {"4~", ARB_KEY_END}, {"8~", ARB_KEY_END},
    };
    const char *s = seq + 1;            /* after '[' or 'O' */
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (strcmp(s, keys[i].seq) == 0)
            return keys[i].key;
    return ARB_KEY_NONE;
}

void arb_term_size(int *cols, int *rows)
{
    struct winsize ws;
    *cols = 80;
    *rows = 24;
    if (ioctl(tty_fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
        *cols = ws.ws_col;
        *rows = ws.ws_row;
    }
}

bool arb_term_utf8_locale(void)
{
    const char *names[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *s = getenv(names[i]);
        if (s && *s)
            return strstr(s, "UTF-8") || strstr(s, "utf8") || strstr(s, "UTF8") || strstr(s, "utf-8");
    }
    return false;
}

/* ---- text that fits the window ---- */

/* The character at s[i] (n bytes): its length, *cols its columns; an
 * escape sequence (ESC [ ... final byte) is one of no columns. */
static size_t char_at(const char *s, size_t n, size_t i, int *cols)
{
    if (s[i] == '\033') {
        size_t j = i + 1;
        if (j < n && s[j] == '[') {
            j++;
            while (j < n && !((unsigned char)s[j] >= 0x40 && (unsigned char)s[j] <= 0x7E))
                j++;
        }
        *cols = 0;
        return j < n ? j + 1 - i : n - i;
    }
    size_t len = arb_utf8_valid((const unsigned char *)s + i, n - i);
    if (!len) {
        *cols = 1;
        return 1;
    }
    *cols = arb_utf8_cols(arb_utf8_decode((const unsigned char *)s + i, len));
    return len;
}

int arb_term_text_cols(const char *s, size_t n)
{
    int w = 0, c;
    for (size_t i = 0; i < n;) {
        i += char_at(s, n, i, &c);
        w += c;
    }
    return w;
}

static void line_add(struct arb_term_lines *L, const char *s, size_t n, bool cont, int indent)
{
    arb_buf_addc(&L->cont, cont);
    for (int i = 0; i < indent; i++)
        arb_buf_addc(&L->b, ' ');
    arb_buf_add(&L->b, s, n);
    arb_buf_addc(&L->b, '\n');
    L->n++;
}

void arb_term_wrap(struct arb_term_lines *L, const struct arb_buf *text, int cols, int indent)
{
    const char *s = text->data ? text->data : "";
    size_t end = text->len;
    for (size_t at = 0; at < end;) {
        const char *nl = memchr(s + at, '\n', end - at);
        size_t n = nl ? (size_t)(nl - s) : end;   /* this line is s[at, n) */
        bool first = true;
        size_t pos = at;
        do {
            int avail = cols - (first ? 0 : indent), w = 0, c;
            if (avail < 1)
                avail = 1;
            size_t i = pos, brk = 0;
            bool have_brk = false;
            while (i < n) {
                if (s[i] == ' ' && i > pos) {
                    brk = i;
                    have_brk = true;
                }
                size_t len = char_at(s, n, i, &c);
                if (w + c > avail)
                    break;
                w += c;
                i += len;
            }
            if (i >= n) {
                line_add(L, s + pos, n - pos, !first, first ? 0 : indent);
                break;
            }
            size_t cut = have_brk ? brk : (i > pos ? i : pos + char_at(s, n, pos, &c));
            line_add(L, s + pos, cut - pos, !first, first ? 0 : indent);
            pos = cut;
            while (pos < n && s[pos] == ' ')
                pos++;
            first = false;
        } while (pos < n);
        at = n + 1;
    }
}
