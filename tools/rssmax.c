/* rssmax.c — run a command, report its wall time and peak resident memory.
 *
 *   rssmax [-c] [-o FILE] COMMAND [ARG...]
 *
 * The command's standard output goes to FILE (default /dev/null); its
 * standard error is passed through.  On exit prints one line to stdout:
 *   "<seconds> <peak RSS in KiB> <exit status>"
 * and with -c a fourth field, the command's CPU seconds (user + system):
 *   "<seconds> <peak RSS in KiB> <exit status> <CPU seconds>"
 * Used by tools/bench.sh (the three fields) and tests/recon/eval.sh (-c);
 * not installed.
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
    int cpu = 0;
    int i = 1;
    for (;;) {
        if (i + 1 < argc && strcmp(argv[i], "-o") == 0) {
            out = argv[i + 1];
            i += 2;
        } else if (i < argc && strcmp(argv[i], "-c") == 0) {
            cpu = 1;
            i++;
        } else {
            break;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "usage: rssmax [-c] [-o FILE] COMMAND [ARG...]\n");
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
    if (cpu) {
        double cpu_secs = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6
                          + (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
        printf("%.3f %ld %d %.3f\n", secs, ru.ru_maxrss, code, cpu_secs);
    } else {
        printf("%.3f %ld %d\n", secs, ru.ru_maxrss, code);
    }
    return 0;
}
