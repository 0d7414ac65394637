#define _GNU_SOURCE
#include "CPictureDecoding.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include <sched.h>
#include <dlfcn.h>

int cpd_spawn_helper(const char *path, char *const argv[], char *const envp[], int socket, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return status;
    }
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    if (status == 0) status = posix_spawnattr_setsigmask(&attributes, &none);
    if (status == 0) status = posix_spawnattr_setsigdefault(&attributes, &all);
    if (status == 0) status = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    /* The socket first (it may be 0–2 itself in a process started with them closed). */
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, socket, 3);
    for (int descriptor = 0; status == 0 && descriptor <= 2; descriptor++) {
        status = posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0);
    }
    if (status == 0) status = posix_spawn_file_actions_addclosefrom_np(&actions, 4);
    if (status == 0) status = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return status;
}

int cpd_socket_pair(int pair[2]) {
    return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) == 0 ? 0 : errno;
}

ssize_t cpd_send_message(int socket, const void *bytes, size_t length, int descriptor) {
    struct iovec part = {.iov_base = (void *)bytes, .iov_len = length};
    union {
        char buffer[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1};
    if (descriptor >= 0) {
        message.msg_control = control.buffer;
        message.msg_controllen = sizeof control.buffer;
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
    }
    ssize_t sent;
    do {
        sent = sendmsg(socket, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent;
}

ssize_t cpd_receive_message(int socket, void *bytes, size_t capacity, int *descriptor) {
    *descriptor = -1;
    struct iovec part = {.iov_base = bytes, .iov_len = capacity};
    union {
        char buffer[CMSG_SPACE(sizeof(int) * 4)];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.buffer, .msg_controllen = sizeof control.buffer};
    ssize_t received;
    do {
        received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (received < 0 && errno == EINTR);
    if (received < 0) return -1;
    int found = -1, extra = 0;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t index = 0; index < count; index++) {
            int received_descriptor;
            memcpy(&received_descriptor, CMSG_DATA(header) + index * sizeof(int), sizeof(int));
            if (found < 0) {
                found = received_descriptor;
            } else {
                close(received_descriptor);
                extra = 1;
            }
        }
    }
    if (extra || (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC))) {
        if (found >= 0) close(found);
        return -2;
    }
    *descriptor = found;
    return received;
}

int cpd_usable_processors(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
    int count = CPU_COUNT(&set);
    return count > 0 ? count : 1;
}

int cpd_set_no_new_privileges(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }
int cpd_set_parent_death_signal(int signal) { return prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0); }
int cpd_prctl_set_name(void) { return PR_SET_NAME; }
int cpd_prctl_get_name(void) { return PR_GET_NAME; }
int cpd_close_descriptors_from(unsigned int lowest) { return close_range(lowest, ~0U, 0); }
uint32_t cpd_seccomp_errno_action(int code) { return SCMP_ACT_ERRNO(code); }
int cpd_seccomp_mode(void) { return prctl(PR_GET_SECCOMP, 0, 0, 0, 0); }

unsigned long cpd_thread_clone_flags(void) {
    return CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM;
}

int cpd_has_address_sanitizer(void) { return dlsym(RTLD_DEFAULT, "__asan_init") != NULL; }

int cpd_memory_file(const char *name) { return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING); }

static const int all_seals = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL;

int cpd_seal_memory_file(int descriptor) { return fcntl(descriptor, F_ADD_SEALS, all_seals); }

int cpd_memory_file_is_sealed(int descriptor) {
    int seals = fcntl(descriptor, F_GET_SEALS);
    if (seals < 0) return -1;
    return (seals & all_seals) == all_seals ? 1 : 0;
}
