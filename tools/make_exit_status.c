// SPDX-License-Identifier: MIT
// A GNU make plugin (the Makefile's `load`): $(run-exiting COMMAND) runs COMMAND with make's own
// terminal, and when it fails ends make at once with COMMAND's exit status.
//
// Why: a failing recipe makes GNU make print "make: *** [Makefile:NN: check] Error 77" and exit 2,
// whatever the command's status was; gpucheck has already said what happened, and its status (77:
// no GPU, 1: wrong, 3: build failed...) is what a script or CI wants from `make check; echo $?`.
// make has no way to exit with a status of one's choosing, but a loaded function can: the Makefile
// calls it as the whole of a recipe line, which make expands just before it would run that line
// (after the target's prerequisites are made), so the command runs at the same point a recipe
// would have, with the same stdin, stdout and stderr (a terminal stays a terminal: colours, Ctrl-C).
#include <gnumake.h>

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

int plugin_is_GPL_compatible; // make loads no plugin without it; MIT is GPL-compatible

static char* run_exiting(const char* name, unsigned int argc, char** argv) {
  (void)name;
  (void)argc;
  fflush(stdout);
  fflush(stderr);
  const int status = system(argv[0]);
  int code = 0;
  if (status == -1) {
    perror("make: run-exiting");
    code = 2;
  } else if (WIFEXITED(status)) {
    code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    code = 128 + WTERMSIG(status); // as a shell reports a command killed by a signal
  }
  if (code != 0) {
    fflush(stdout);
    exit(code);
  }
  // The recipe line becomes ":", the shell's no-op: a line that expanded to nothing would leave
  // the target without a command, and make would add "Nothing to be done for 'check'".
  char* no_op = gmk_alloc(2);
  no_op[0] = ':';
  no_op[1] = '\0';
  return no_op;
}

int make_exit_status_gmk_setup(const gmk_floc* floc) {
  (void)floc;
  gmk_add_function("run-exiting", run_exiting, 1, 1, GMK_FUNC_DEFAULT);
  return 1;
}
