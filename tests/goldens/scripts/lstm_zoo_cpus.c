/* For tests/goldens/scripts/lstm_zoo_run.py under MindSpore 2.10 on a machine of fewer than 4
 * CPUs: MindSpore's dataset engine (C++) refuses the zoo's num_parallel_workers=4 there
 * ("MindDataDataset's num_workers=4, this value is not within the required range of
 * [1, cpu_thread_cnt=2]"), so the golden run preloads this, which reports 4 CPUs:
 *     gcc -shared -fPIC -O2 -o /tmp/libcpu4.so lstm_zoo_cpus.c -ldl
 */
#define _GNU_SOURCE
#include <unistd.h>
#include <dlfcn.h>
int get_nprocs(void) { return 4; }
int get_nprocs_conf(void) { return 4; }
long sysconf(int name) {
  static long (*real)(int) = 0;
  if (name == _SC_NPROCESSORS_ONLN || name == _SC_NPROCESSORS_CONF) return 4;
  if (!real) real = (long (*)(int))dlsym(RTLD_NEXT, "sysconf");
  return real(name);
}
