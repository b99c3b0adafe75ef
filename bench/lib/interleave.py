"""Interleaved timing: the commands of one comparison take turns run by run, so that what the
machine does meanwhile (a neighbour's load, frequency steps, the page cache) falls on all of them
alike.

hyperfine runs all of one command's runs before the next command's: on a shared 2-core machine
the floor measured in one stretch and hookrun in the next differed by up to 20 % from batch to
batch with nothing changed, more than the budgets being read (bench/README.md, "Method"). Here
each trial runs every command once, in an order shuffled anew for each trial (a run's cost
depends a little on what ran just before it: no command always follows the same one), and a
round's figure per command is the median of its trials.

Each run is started with `posix_spawn` and waited for with `wait4`: the time is from just before
the spawn to the wait's return, the same for every command; the CPU time is the child's and its
waited-for descendants' (`wait4`'s rusage).
"""

import os
import random
import shlex
import statistics
import time


def _argv(cmd):
    """A command line as bench.py writes them: a program with arguments, optionally `< FILE`."""
    words = shlex.split(cmd)
    stdin = os.devnull
    if "<" in words:
        at = words.index("<")
        stdin = words[at + 1]
        words = words[:at] + words[at + 2:]
    return words, stdin


def _run(argv, stdin, env):
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, stdin, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ]
    start = time.perf_counter_ns()
    pid = os.posix_spawnp(argv[0], argv, env, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    elapsed = (time.perf_counter_ns() - start) / 1e9
    if os.waitstatus_to_exitcode(status) != 0:
        # As hyperfine without --ignore-failure: a failing command's time measures nothing.
        raise RuntimeError(f"{shlex.join(argv)} exited {os.waitstatus_to_exitcode(status)}")
    return elapsed, usage.ru_utime + usage.ru_stime


def measure(commands, rounds, warmup, nruns, log=None):
    """commands: list of (label, cmdline). Returns {label: [per-round median seconds]},
    {label: [all times]} and {label: [per-round mean CPU seconds]}, as bench.hyperfine does."""
    parsed = [(label, *_argv(cmd)) for label, cmd in commands]
    env = dict(os.environ)
    medians = {label: [] for label, _ in commands}
    times = {label: [] for label, _ in commands}
    cpu = {label: [] for label, _ in commands}
    order = random.Random(20261125)  # fixed: the same orders from run to run
    for r in range(rounds):
        for trial in range(warmup):
            for label, argv, stdin in parsed:
                _run(argv, stdin, env)
        this = {label: [] for label, _ in commands}
        used = {label: [] for label, _ in commands}
        for trial in range(nruns):
            for label, argv, stdin in order.sample(parsed, len(parsed)):
                elapsed, cpu_s = _run(argv, stdin, env)
                this[label].append(elapsed)
                used[label].append(cpu_s)
        for label in this:
            medians[label].append(statistics.median(this[label]))
            times[label].extend(this[label])
            cpu[label].append(statistics.mean(used[label]))
        if log:
            log("  round %d: %s" % (r + 1, ", ".join(
                f"{label} {statistics.median(this[label]) * 1000:.3f} ms" for label in this)))
    return medians, times, cpu
