/* rssmax.c — run a command, report its wall time and peak resident memory.
 *
 *   rssmax [-o FILE] COMMAND [ARG...]
 *
 * The command's standard output goes to FILE (default /dev/null); its
 * standard error is passed through.  On exit prints one line to stdout:
 *   "<seconds> <peak RSS in KiB> <exit status>"
 * Used by tools/bench.sh; not installed.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    const char *out = "/dev/null";
    int i = 1;
    if (i + 1 < argc && strcmp(argv[i], "-o") == 0) {
        out = argv[i + 1];
        i += 2;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: rssmax [-o FILE] COMMAND [ARG...]\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) {
        perror("rssmax: fork");
        return 2;
    }
    if (pid == 0) {
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 1) < 0) {
            perror("rssmax: output");
            _exit(127);
        }
        close(fd);
        execvp(argv[i], argv + i);
        perror("rssmax: exec");
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("rssmax: wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("%.3f %ld %d\n", secs, ru.ru_maxrss, code);
    return 0;
}
