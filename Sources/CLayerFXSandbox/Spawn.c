#define _GNU_SOURCE
#include "CLayerFXSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// One spawn request, handed to the spawner thread.
typedef struct job {
  const char *path;
  char *const *argv;
  char *const *envp;
  const lfx_spawn_limits *limits;
  pid_t result;
  int done;
} job;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static job *pending;
static pthread_once_t started = PTHREAD_ONCE_INIT;

// Sets `resource`'s soft and hard limits to `wanted`, or to the soft limit this process already
// has when that is lower (the user's `ulimit -v` or `-t`): a process without CAP_SYS_RESOURCE
// cannot raise its hard limit, so asking for more failed and no child started (exit 127), and
// the child runs within the limit the user gave, as a child inherits it.
// In the child, between fork and exec: getrlimit and setrlimit are plain system calls.
static int lower_limit(int resource, uint64_t wanted) {
  struct rlimit current;
  if (getrlimit(resource, &current) != 0) return -1;
  rlim_t value = current.rlim_cur != RLIM_INFINITY && current.rlim_cur < wanted
                     ? current.rlim_cur
                     : (rlim_t)wanted;
  struct rlimit limit = {value, value};
  return setrlimit(resource, &limit);
}

// In the child, between fork and exec: async-signal-safe calls only.
static void child(const job *j, pid_t parent) {
  const lfx_spawn_limits *limits = j->limits;
  setpgid(0, 0);
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  for (int s = 1; s < 32; ++s) {
    if (s != SIGKILL && s != SIGSTOP) signal(s, SIG_DFL);
  }
  if (limits->address_space && lower_limit(RLIMIT_AS, limits->address_space) != 0) _exit(127);
  if (limits->cpu_seconds && lower_limit(RLIMIT_CPU, limits->cpu_seconds) != 0) _exit(127);
  int input = limits->input >= 0 ? limits->input : open("/dev/null", O_RDONLY);
  int output = limits->output >= 0 ? limits->output : open("/dev/null", O_WRONLY);
  int error = limits->error >= 0 ? limits->error : open("/dev/null", O_WRONLY);
  // Descriptors are moved above the ones they replace first, so no dup2 clobbers another.
  int moved[5];
  int wanted[5] = {input, output, error, limits->keep[0], limits->keep[1]};
  for (int i = 0; i < 5; ++i) moved[i] = wanted[i] >= 0 ? fcntl(wanted[i], F_DUPFD, 10) : -1;
  for (int i = 0; i < 5; ++i) {
    if (moved[i] >= 0) dup2(moved[i], i);
  }
  syscall(SYS_close_range, 5, ~0U, 0);
  execve(j->path, j->argv, j->envp);
  _exit(127);
}

static void *spawner(void *unused) {
  (void)unused;
  pthread_mutex_lock(&lock);
  for (;;) {
    while (!pending) pthread_cond_wait(&changed, &lock);
    job *j = pending;
    pending = NULL;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) child(j, parent);
    j->result = pid < 0 ? -errno : pid;
    j->done = 1;
    pthread_cond_broadcast(&changed);
  }
  return NULL;
}

static void start(void) {
  pthread_t thread;
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  // Every signal blocked on the spawner: the process's handlers run on other threads.
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pthread_create(&thread, &attributes, spawner, NULL);
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  pthread_attr_destroy(&attributes);
}

pid_t lfx_spawn(const char *path, char *const argv[], char *const envp[],
                const lfx_spawn_limits *limits) {
  pthread_once(&started, start);
  job j = {path, argv, envp, limits, 0, 0};
  pthread_mutex_lock(&lock);
  while (pending) pthread_cond_wait(&changed, &lock);
  pending = &j;
  pthread_cond_broadcast(&changed);
  while (!j.done) pthread_cond_wait(&changed, &lock);
  pthread_mutex_unlock(&lock);
  return j.result;
}

int64_t lfx_monotonic_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

int lfx_wait_bounded(pid_t pid, int output, int timeout_ms, char *buffer, size_t capacity,
                     size_t *length) {
  int64_t deadline = timeout_ms < 0 ? 0 : lfx_monotonic_ns() + (int64_t)timeout_ms * 1000000;
  *length = 0;
  int open_output = output >= 0;
  for (;;) {
    int status;
    if (!open_output) {
      pid_t done = waitpid(pid, &status, WNOHANG);
      if (done == pid) return status;
    }
    int wait_ms = open_output ? 1000 : 2;
    if (deadline) {
      int64_t left = (deadline - lfx_monotonic_ns()) / 1000000;
      if (left <= 0) {
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        return -1;
      }
      if (left < wait_ms || open_output) wait_ms = left < 1000 ? (int)left : 1000;
    }
    if (open_output) {
      struct pollfd p = {output, POLLIN, 0};
      if (poll(&p, 1, wait_ms) > 0) {
        char scratch[4096];
        ssize_t n = read(output, scratch, sizeof scratch);
        if (n <= 0) {
          open_output = 0;
        } else {
          size_t keep = capacity - *length < (size_t)n ? capacity - *length : (size_t)n;
          memcpy(buffer + *length, scratch, keep);
          *length += keep;
        }
      }
    } else {
      struct timespec pause = {0, (long)wait_ms * 1000000};
      nanosleep(&pause, NULL);
    }
  }
}
