"""Instruction counts of one `fire` per scenario, with callgrind: repeatable to a few thousand
instructions on a shared, noisy machine where wall times are not (perf's counters are not
available in this VM). Used by bench/run (a column beside the times) and by bench/instructions
(the CI check against the committed figure in bench/instructions.txt).

Python standard library only.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import gen  # noqa: E402

EVENT = "PreToolUse"


def available():
    return shutil.which("valgrind") is not None


def projects(root):
    """The projects the instruction counts are taken on, generated under `root`:
    {name: (project dir, hooks that run)}."""
    out = {}
    empty = os.path.join(root, "empty")
    os.makedirs(empty, exist_ok=True)
    out["empty"] = (empty, 0)
    none100 = os.path.join(root, "none-100")
    gen.gen_none_matching(none100, gen.ALL_DIALECTS)
    out["none-100"] = (none100, 0)
    for n in (1, 10):
        match = os.path.join(root, f"match-{n}")
        gen.gen_matching(match, "hookrun", gen.true_commands(n))
        out[f"match-{n}"] = (match, n)
    for matching in (0, 1):
        big = os.path.join(root, f"big-10k-{matching}")
        gen.gen_10k(big, matching)
        out[f"big-10k-{matching}"] = (big, matching)
    return out


def count(argv, env=None):
    """Instructions callgrind counts in the process `argv` starts (not in its children)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        p = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--", *argv],
            capture_output=True, text=True, env=env)
        found = re.search(r"Collected : (\d+)", p.stderr)
        if not found:
            raise RuntimeError(f"callgrind gave no count for {argv}: {p.stderr[-600:]}")
        return int(found.group(1)), p.returncode


def hookrun_argv(hookrun, project, payload, extra=()):
    return [hookrun, "-C", project, "--no-user-config", "--trust-project", *extra, "fire", EVENT,
            "--payload", payload]


def floor_argv(floor, n, payload):
    return [floor, str(n), "--payload", payload]


def isolated_env(cache_home):
    """hookrun's environment for counting: its own cache directory, so that a warm count reads
    the cache this run wrote and nothing else."""
    env = dict(os.environ)
    env["XDG_CACHE_HOME"] = cache_home
    return env


def faults(argv, env=None, runs=5):
    """The minor page faults of the process `argv` starts (not its children): the median of
    `runs` runs. The kernel maps a program's pages on first touch, so this counts how much of
    the binary, heap and stack a run touches; it is as repeatable as an instruction count (±1)
    and, unlike one, shows where the code a run needs lies in the binary."""
    counts = []
    for _ in range(runs):
        with open(os.devnull, "wb") as null:
            p = subprocess.Popen(argv, stdout=null, stderr=null, env=env)
            _, status, usage = os.wait4(p.pid, 0)
            p.returncode = os.waitstatus_to_exitcode(status)
        counts.append(usage.ru_minflt)
    counts.sort()
    return counts[len(counts) // 2], p.returncode
