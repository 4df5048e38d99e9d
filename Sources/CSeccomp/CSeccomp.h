// libseccomp from Debian (apt install libseccomp-dev): the shader worker's system-call filter.
#include <seccomp.h>
