"""The benchmark driver behind bench/run: generates bench/work/, checks every command does what
it claims (right hook count, exit code), measures, and prints the markdown table.

Python standard library only. bench/run installs the tools and builds the binaries first and
passes their paths in the environment (BENCH_HOOKRUN, BENCH_FLOOR, BENCH_LEFTHOOK).
"""

import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import gen  # noqa: E402
import instr  # noqa: E402
import interleave  # noqa: E402

BENCH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(BENCH, "work")
RESULTS = os.path.join(WORK, "results")
PROJECTS = os.path.join(WORK, "projects")
NAIVE = os.path.join(BENCH, "peers", "naive-runner.sh")

def _path(var):
    value = os.environ.get(var, "")
    return os.path.abspath(value) if value else ""


HOOKRUN = _path("BENCH_HOOKRUN")
# hookrun as `cargo build --release` builds it (dynamically linked), compared with FLOOR.
HOOKRUN_DYNAMIC = _path("BENCH_HOOKRUN_DYNAMIC")
FLOOR = _path("BENCH_FLOOR")
# The floor linked like hookrun's release binary (static, fixed address): its pair's floor.
FLOOR_STATIC = _path("BENCH_FLOOR_STATIC")
# Instruction counts with callgrind, where valgrind is installed (BENCH_INSTR=0 skips them).
INSTR = os.environ.get("BENCH_INSTR", "1") != "0" and instr.available()
LEFTHOOK = _path("BENCH_LEFTHOOK")
# The `hookrun` an npm install and a wheel install put on PATH (bench/run installs target/dist/).
NPM_HOOKRUN = _path("BENCH_NPM_HOOKRUN")
WHEEL_HOOKRUN = _path("BENCH_WHEEL_HOOKRUN")
# hookrun-serve (cargo feature `serve`), for scenario h.
HOOKRUN_SERVE = _path("BENCH_HOOKRUN_SERVE")
# hookrun-wasm (cargo feature `plugins`) and the directory bench_plugin_files wrote, for scenario i
# (BENCH_PLUGIN=1 only).
HOOKRUN_WASM = _path("BENCH_HOOKRUN_WASM")
PLUGIN_FILES = _path("BENCH_PLUGIN_FILES")
PLUGIN = os.environ.get("BENCH_PLUGIN", "") not in ("", "0")
# BENCH_ONLY=installed: only the installed-packages row (a quick look at it alone); BENCH_ONLY=serve:
# only scenario h (hookrun serve); BENCH_ONLY=big: only scenario c (big payloads); BENCH_ONLY=plugin (with BENCH_PLUGIN=1): only scenario i.
ONLY = os.environ.get("BENCH_ONLY", "")
QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
# The paired rows' timer: interleaved run by run (the default), or hyperfine's batches.
TIMER = os.environ.get("BENCH_TIMER", "interleaved")
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "1" if QUICK else "3"))
DIALECTS = [d.strip() for d in os.environ.get("BENCH_DIALECTS", ",".join(gen.ALL_DIALECTS)).split(",") if d.strip()]
EVENT = "PreToolUse"
MIB = 1024 * 1024

rows = []  # the table, in order
notes = []  # printed under the table
loads = []  # (comparison, 1-minute load average when it started)


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def runs(n):
    return max(3, n // 10) if QUICK else n


# ---------------------------------------------------------------------------------------------
# Commands. Debian's hyperfine 1.15 has no --input, and with -N a command's stdin is /dev/null.
# So hookrun and the floor, which both take `--payload FILE`, are measured with -N and that flag
# (no shell at all) where they are compared with each other; commands that need stdin (the peers,
# and hookrun beside them) use `< file` through hyperfine's shell, whose start-up hyperfine measures
# and subtracts (see the book "Method"). BENCH_STDIN=1 puts every command on stdin.

STDIN_ONLY = os.environ.get("BENCH_STDIN", "") not in ("", "0")


def q(s):
    return shlex.quote(s)


def hookrun_cmd(project, payload, stdin=False, binary=None):
    cmd = f"{q(binary or HOOKRUN)} -C {q(project)} --no-user-config --trust-project fire {EVENT}"
    return f"{cmd} < {q(payload)}" if stdin or STDIN_ONLY else f"{cmd} --payload {q(payload)}"


def floor_cmd(n, payload, hook="true", stdin=False, binary=None):
    cmd = f"{q(binary or FLOOR)} {n}"
    if hook != "true":
        cmd += f" --cmd {q(hook)}"
    return f"{cmd} < {q(payload)}" if stdin or STDIN_ONLY else f"{cmd} --payload {q(payload)}"


def lefthook_cmd(payload):
    return f"{q(LEFTHOOK)} run pre-tool-use --no-auto-install --no-tty < {q(payload)}"


def naive_cmd(config, payload):
    return f"{q(NAIVE)} {EVENT} {q(config)} < {q(payload)}"


def run_once(cmd, cwd=None):
    p = subprocess.run(["sh", "-c", cmd], cwd=cwd, capture_output=True, text=True, errors="replace")
    return p.returncode, p.stdout, p.stderr


def check(label, cmd, want_hooks, cwd=None, want_codes=(0,)):
    """Runs `cmd` once and checks its exit code and, for JSON printers, the hook count; returns
    an error string or None."""
    code, out, err = run_once(cmd, cwd)
    if code not in want_codes:
        return f"{label}: exit {code} (want {want_codes}); stderr: {err.strip()[:600]}"
    if want_hooks is None:
        return None
    try:
        doc = json.loads(out.strip().splitlines()[-1])
        got = len(doc["hooks"])
    except (ValueError, KeyError, IndexError, TypeError):
        return f"{label}: stdout is not a decision document: {out[:300]!r}; stderr: {err.strip()[:300]}"
    if got != want_hooks:
        return f"{label}: ran {got} hooks, expected {want_hooks}; stdout: {out[:300]}"
    return None


# ---------------------------------------------------------------------------------------------
# Measuring: ROUNDS hyperfine invocations per comparison, the command order reversed every other
# round, each round's median per command kept; a comparison's figure is the median of its rounds'
# medians, and its spread the min–max of those.


def hyperfine(name, commands, warmup, nruns, cwd=None, shell=False, prepare=None):
    """commands: list of (label, cmdline); `prepare` runs (untimed) before every run. Returns
    {label: [per-round median seconds]} and {label: [all times]}."""
    medians = {label: [] for label, _ in commands}
    times = {label: [] for label, _ in commands}
    cpu = {label: [] for label, _ in commands}
    loads.append((name, loadavg()))
    for r in range(ROUNDS):
        order = commands if r % 2 == 0 else list(reversed(commands))
        out = os.path.join(RESULTS, f"{name}.round{r}.json")
        argv = ["hyperfine", "--style", "basic", "-w", str(runs(warmup)), "-r", str(runs(nruns)),
                "--export-json", out]
        if prepare:
            argv += ["--prepare", prepare]
        if not (shell or STDIN_ONLY):
            argv.append("-N")
        for label, cmd in order:
            argv += ["-n", label, cmd]
        with open(os.path.join(RESULTS, f"{name}.round{r}.log"), "w") as logf:
            subprocess.run(argv, cwd=cwd, stdout=logf, stderr=subprocess.STDOUT, check=True)
        with open(out) as f:
            for result in json.load(f)["results"]:
                medians[result["command"]].append(statistics.median(result["times"]))
                cpu[result["command"]].append(result["user"] + result["system"])
                times[result["command"]].extend(result["times"])
    CPU.update(cpu)
    return medians, times


CPU = {}  # label -> per-round mean user+system seconds (the process and its hooks)


def timed(name, commands, warmup, nruns):
    """The paired comparisons' timer: interleaved run by run (bench/lib/interleave.py), or
    hyperfine's batches with BENCH_TIMER=hyperfine. Same returns as `hyperfine`."""
    if TIMER == "hyperfine":
        return hyperfine(name, commands, warmup, nruns)
    loads.append((name, loadavg()))
    medians, times, cpu = interleave.measure(commands, ROUNDS, runs(warmup), runs(nruns), log)
    CPU.update(cpu)
    with open(os.path.join(RESULTS, f"{name}.interleaved.json"), "w") as f:
        json.dump({"commands": dict(commands), "round_medians": medians, "times": times}, f)
    return medians, times


def loadavg():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def ms(seconds):
    return f"{seconds * 1000:.2f}"


def figure(round_medians):
    return statistics.median(round_medians)


def spread(values, fmt=ms):
    return f"{fmt(min(values))}–{fmt(max(values))}"


def add_row(scenario, label, medians, base=None, budget=None, base_label=None):
    row = {"scenario": scenario, "command": label, "median_ms": figure(medians[label]) * 1000,
           "round_medians_ms": [m * 1000 for m in medians[label]]}
    cpu = f"{ms(figure(CPU[label]))}" if CPU.get(label) else ""
    row["cpu_ms"] = [c * 1000 for c in CPU.get(label, [])]
    counted = INSTRUCTIONS.get(label)
    row["instructions"] = counted
    faulted = FAULTS.get(label)
    row["page_faults"] = faulted
    cells = [scenario, label, ms(figure(medians[label])), spread(medians[label]), cpu,
             f"{counted / 1e6:.2f} M" if counted else "", str(faulted) if faulted else ""]
    if base is not None:
        ratio = figure(medians[label]) / figure(medians[base])
        per_round = [a / b for a, b in zip(medians[label], medians[base])]
        verdict = "" if budget is None else ("PASS" if ratio <= budget else "FAIL")
        row.update(vs=base, ratio=ratio, per_round_ratio=per_round, budget=budget, verdict=verdict)
        cells += [f"{base_label or base}", f"**{ratio:.2f}×** ({spread(per_round, lambda x: f'{x:.2f}')})",
                  f"≤ {budget}×" if budget is not None else "", verdict]
    else:
        cells += ["", "", "", ""]
    rows.append((cells, row))


def pending_row(scenario, label, why):
    rows.append(([scenario, label, "pending", "", "", "", "", "", "", "", ""],
                 {"scenario": scenario, "command": label, "pending": why}))


# ---------------------------------------------------------------------------------------------


def detect_fire(payload):
    """Is `hookrun fire` there? Returns None when it works, else why not."""
    if not HOOKRUN or not os.access(HOOKRUN, os.X_OK):
        return "hookrun binary not built"
    empty = os.path.join(PROJECTS, "empty")
    os.makedirs(empty, exist_ok=True)
    code, out, err = run_once(hookrun_cmd(empty, payload, stdin=True))
    try:
        doc = json.loads(out.strip().splitlines()[-1])
        if code in (0, 2) and "decision" in doc:
            return None
    except (ValueError, IndexError):
        pass
    said = (err or out).strip()[:300] or "nothing"
    return f"`hookrun fire` exited {code} without a decision document on stdout (it said: {said})"


def hooks_seen(project):
    """How many hooks `hookrun list --format json` reports (None when `list` isn't there)."""
    code, out, _ = run_once(f"{q(HOOKRUN)} -C {q(project)} --no-user-config list --format json")
    if code != 0:
        return None
    try:
        doc = json.loads(out)
    except ValueError:
        return None
    if isinstance(doc, dict):
        doc = doc.get("hooks", doc.get("sources", []))
    if not isinstance(doc, list):
        return None
    # Either a flat list of hooks or a list of sources each holding its hooks.
    return sum(len(x["hooks"]) if isinstance(x, dict) and isinstance(x.get("hooks"), list) else 1
               for x in doc)

def paired(scenario, variants, n, budget, verify, have_hookrun, payload, why_pending, warm,
           nruns):
    """Measures hookrun on each of `variants` (label, project; N hooks run) beside `floor N`,
    each linkage against the floor linked the same way, all in one interleaved comparison, and
    adds the rows."""
    cmds = [(f"floor {n}", floor_cmd(n, payload))]
    verify(cmds[0][0], cmds[0][1], n)
    if FLOOR_STATIC:
        cmd = floor_cmd(n, payload, binary=FLOOR_STATIC)
        if verify(f"floor {n} (static)", cmd, n):
            cmds.append((f"floor {n} (static)", cmd))
    mine = []
    for label, project in variants:
        for binary, linkage in ((HOOKRUN, "static"), (HOOKRUN_DYNAMIC, "dynamic")):
            if not have_hookrun or not binary:
                continue
            cmd = hookrun_cmd(project, payload, binary=binary)
            if verify(f"{label} ({linkage})", cmd, n):
                mine.append((f"{label} ({linkage})", cmd))
        if not any(cmd_label.startswith(f"{label} (") for cmd_label, _ in mine):
            pending_row(scenario, label, why_pending or "check failed")
    log(f"{scenario}: measuring")
    slug = "".join(c if c.isalnum() else "-" for c in f"{scenario}-{variants[0][0]}")[:60]
    med, _ = timed(slug, cmds + mine, warm, nruns)
    for cmd_label, cmd in cmds + mine:
        count_instructions(cmd_label, cmd)
    for cmd_label, _ in cmds:
        add_row(scenario, cmd_label, med)
    static_floor = f"floor {n} (static)" if FLOOR_STATIC else None
    for cmd_label, _ in mine:
        if cmd_label.endswith("(static)") and static_floor in med:
            add_row(scenario, cmd_label, med, static_floor, budget)
            add_row(scenario, cmd_label, med, f"floor {n}", base_label=f"floor {n} (mixed)")
        else:
            add_row(scenario, cmd_label, med, f"floor {n}", budget)


INSTRUCTIONS = {}  # label -> instructions callgrind counted in one run (not in the hooks)
FAULTS = {}  # label -> minor page faults of the process (not its hooks), median of 5 native runs


def count_instructions(label, cmd):
    """One callgrind count of `cmd`, the second of two: under valgrind `/proc/self/exe` is not
    the file it is natively, so hookrun's configuration cache written by the timed runs is not
    valid there, and the first run under valgrind writes the one the second reads."""
    if not INSTR or label in INSTRUCTIONS:
        return
    try:
        instr.count(shlex.split(cmd))
        INSTRUCTIONS[label], _ = instr.count(shlex.split(cmd))
        FAULTS[label], _ = instr.faults(shlex.split(cmd))
    except RuntimeError as error:
        log(f"instructions of {label}: {error}")




def main():
    subprocess.run(["rm", "-rf", RESULTS], check=True)  # only this run's raw data
    os.makedirs(RESULTS)
    unknown = [d for d in DIALECTS if d not in gen.ALL_DIALECTS]
    if unknown:
        sys.exit(f"bench: unknown dialect(s) in BENCH_DIALECTS: {unknown}; known: {gen.ALL_DIALECTS}")

    log("generating bench/work/")
    # hookrun's configuration cache, the run's own: written by the first (checking) run of each
    # command, read by the measured ones, as it is on every fire after a project's first.
    os.environ["XDG_CACHE_HOME"] = os.path.join(WORK, "cache")
    subprocess.run(["rm", "-rf", os.environ["XDG_CACHE_HOME"]], check=True)
    p1k = os.path.join(WORK, "payload-1k.json")
    gen.write(p1k, gen.payload_1k())
    big_sizes = [16 * MIB, 64 * MIB - 4096]  # 64 MiB less 4 KiB: stays under hookrun's 64 MiB cap
    big = {}
    for size in big_sizes:
        big[size] = os.path.join(WORK, f"payload-{round(size / MIB)}m.json")
        if not os.path.exists(big[size]) or os.path.getsize(big[size]) != size:
            gen.payload_big(big[size], size)

    none100 = os.path.join(PROJECTS, "none-100")
    subprocess.run(["rm", "-rf", PROJECTS], check=True)
    counts = gen.gen_none_matching(none100, DIALECTS)
    match_dialects = [d for d in ("hookrun", "claude") if d in DIALECTS] or ["claude"]
    match = {}
    for n in (1, 10):
        for d in match_dialects:
            match[(n, d)] = os.path.join(PROJECTS, f"match-{n}-{d}")
            gen.gen_matching(match[(n, d)], d, gen.true_commands(n))
        gen.gen_lefthook(os.path.join(WORK, f"lefthook-{n}"), gen.true_commands(n))
        gen.gen_naive(os.path.join(WORK, f"naive-{n}.json"), gen.true_commands(n))
    bigproj = os.path.join(PROJECTS, "big-10")
    gen.gen_matching(bigproj, match_dialects[0], [f"cat >/dev/null # {i}" for i in range(10)],
                     matcher="Write")  # the big payloads are Write calls
    sigterm = os.path.join(PROJECTS, "sigterm")
    gen.gen_sigterm(sigterm)

    why_pending = detect_fire(p1k)
    have_hookrun = why_pending is None
    if have_hookrun:
        log(f"hookrun fire works; dialects in scenario a: {counts}")
    else:
        log(f"hookrun rows pending: {why_pending}")
        notes.append(f"hookrun rows are **pending**: {why_pending}")

    failures = []

    def verify(label, cmd, want_hooks, cwd=None, want_codes=(0,)):
        problem = check(label, cmd, want_hooks, cwd, want_codes)
        if problem:
            failures.append(problem)
            log(f"CHECK FAILED {problem}")
        return problem is None

    if ONLY == "installed":
        measure_installed(p1k, have_hookrun, verify)
        print_table([], [], failures)
        return 1 if failures else 0
    if ONLY == "serve":
        measure_serve(p1k, match, match_dialects[0], have_hookrun, verify)
        note_busy()
        print_table([], [], failures)
        return 1 if failures else 0
    if ONLY == "big":
        big_rows = measure_big(big, bigproj, have_hookrun, verify)
        print_table(big_rows, [], failures)
        return 1 if failures else 0
    if ONLY == "plugin":
        measure_plugin(p1k, have_hookrun, verify, failures)
        note_busy()
        print_table([], [], failures)
        return 1 if failures else 0

    # --- empty project, a (100 hooks, none match), e (10 000 hooks, one matches), b (N match) --
    # Each against the floor linked the same way: the static hookrun with the static floor, the
    # dynamic hookrun with the dynamic floor; the static hookrun against the dynamic floor (the
    # pair the budgets used to be read on) is kept beside them, marked "mixed".
    empty = os.path.join(PROJECTS, "empty")
    os.makedirs(empty, exist_ok=True)
    many = os.path.join(PROJECTS, "big-10k")
    gen.gen_10k(many, matching=1)
    paired("empty project", [("hookrun", empty)], 0, 1.15, verify, have_hookrun, p1k,
           why_pending, 50, 500)
    sa = "a. 100 hooks, none match"
    if have_hookrun and not check("hookrun a", hookrun_cmd(none100, p1k), 0):
        seen = hooks_seen(none100)
        if seen is not None:
            notes.append(f"scenario a: `hookrun list` sees {seen} of the 100 configured hooks")
    elif have_hookrun and len(DIALECTS) > 1:
        for d in DIALECTS:  # which dialect's file breaks it?
            one = os.path.join(PROJECTS, f"only-{d}")
            gen.GENERATORS[d](one, 12)
            if check(d, hookrun_cmd(one, p1k), 0):
                failures.append(f"  (the {d} file alone fails too: try BENCH_DIALECTS without {d})")
    paired(sa, [(f"hookrun ({len(DIALECTS)} dialects)", none100)], 0, 1.3, verify, have_hookrun,
           p1k, why_pending, 50, 500)
    notes.append(f"scenario a dialects: {', '.join(f'{d} {n}' for d, n in counts.items())} hooks")
    paired("f. 10 000 hooks, 1 matches", [("hookrun (10 000 hooks)", many)], 1, 1.5, verify,
           have_hookrun, p1k, why_pending, 20, 200)
    notes.append("scenario f: Claude 4 000 hooks over its 33 events, ProxyAI 2 000, hookrun.toml "
                 "4 000 over 50 events with `if` rules, and one hookrun.toml hook that matches")

    # --- a, by dialect: what one 100-hook file of each dialect costs to load ------------------
    by_dialect = []
    if have_hookrun and os.environ.get("BENCH_BY_DIALECT", "1") != "0":
        empty = os.path.join(PROJECTS, "empty")
        cmds = [("floor 0", floor_cmd(0, p1k)), ("empty project", hookrun_cmd(empty, p1k))]
        for d in DIALECTS:
            one = os.path.join(PROJECTS, f"by-dialect-{d}")
            gen.GENERATORS[d](one, 100)
            if verify(f"hookrun {d} x100", hookrun_cmd(one, p1k), 0):
                cmds.append((f"{d} x100", hookrun_cmd(one, p1k)))
        log("a by dialect: measuring")
        med, _ = hyperfine("a-by-dialect", cmds, 20, 200)
        base = figure(med["empty project"])
        for label, _ in cmds:
            by_dialect.append({"command": label, "median_ms": figure(med[label]) * 1000,
                               "round_medians_ms": [m * 1000 for m in med[label]],
                               "over_empty_ms": (figure(med[label]) - base) * 1000})

    # --- b. N matching `true` hooks, against the floor -----------------------------------------
    for n, budget, warm, nruns in ((1, 1.10, 30, 300), (10, 1.05, 10, 150)):
        sb = f"b. {n} matching `true` hook{'s' if n > 1 else ''}"
        paired(sb, [(f"hookrun {n} ({d})", match[(n, d)]) for d in match_dialects], n, budget,
               verify, have_hookrun, p1k, why_pending, warm, nruns)

    # --- peers: lefthook and bash+jq, same N hooks, payload on stdin ---------------------------
    for n, nruns in ((1, 100), (10, 40)):
        sp = f"peers, {n} hook{'s' if n > 1 else ''}"
        repo = os.path.join(WORK, f"lefthook-{n}")
        naive = os.path.join(WORK, f"naive-{n}.json")
        cmds = []
        d = match_dialects[0]
        if have_hookrun and verify(f"hookrun {n}", hookrun_cmd(match[(n, d)], p1k, stdin=True), n):
            cmds.append((f"hookrun {n} ({d})", hookrun_cmd(match[(n, d)], p1k, stdin=True)))
        if LEFTHOOK and verify(f"lefthook {n}", lefthook_cmd(p1k), None, cwd=repo):
            cmds.append((f"lefthook {n}", lefthook_cmd(p1k)))
        if verify(f"bash+jq {n}", naive_cmd(naive, p1k), n):
            cmds.append((f"bash+jq {n}", naive_cmd(naive, p1k)))
        log(f"peers {n}: measuring")
        med, _ = hyperfine(f"peers-{n}", cmds, 5, nruns, cwd=repo, shell=True)
        labels = [label for label, _ in cmds]
        if have_hookrun and labels and labels[0].startswith("hookrun"):
            for label in labels[1:]:
                add_row(sp, label, med)
            for label in labels[1:]:
                budget = 0.5 if label.startswith("lefthook") else None
                add_row(sp, labels[0], med, label, budget, base_label=label)
        else:
            for label in labels:
                add_row(sp, label, med)
            pending_row(sp, f"hookrun {n}", why_pending or "check failed")

    # --- e. the hookrun npm and pip install put on PATH, against the release binary ------------
    measure_installed(p1k, have_hookrun, verify)

    # --- c. big payload to 10 `cat >/dev/null` hooks: time and peak RSS ------------------------
    big_rows = measure_big(big, bigproj, have_hookrun, verify)

    # --- d. a hook that ignores SIGTERM --------------------------------------------------------
    sd = "d. hook ignores SIGTERM"
    if have_hookrun:
        measure_sigterm(sd, sigterm, p1k, verify)
    else:
        pending_row(sd, "hookrun", why_pending)

    # --- g. one http hook against a local server, beside one command hook ---------------------
    sg = "g. 1 http hook (local server) + 1 command hook"
    if have_hookrun:
        import http_row
        alone, both = http_row.projects(PROJECTS, http_row.serve())
        cmds = [(label, hookrun_cmd(path, p1k)) for label, path, n in
                (("hookrun 1 command hook", alone, 1), ("hookrun + 1 http hook", both, 2))
                if verify(label, hookrun_cmd(path, p1k), n)]
        if len(cmds) == 2:
            log("g: measuring")
            med, _ = hyperfine("g-http", cmds, 10, 100)
            add_row(sg, cmds[0][0], med)
            add_row(sg, cmds[1][0], med, cmds[0][0])
        else:
            pending_row(sg, "hookrun + 1 http hook", "check failed")
    else:
        pending_row(sg, "hookrun + 1 http hook", why_pending)

    # --- h. hookrun serve: POST /api/fire against hookrun fire spawned per event ---------------
    measure_serve(p1k, match, match_dialects[0], have_hookrun, verify)

    # --- i. a PRX WASM plugin hook beside a command hook, cold and warm (BENCH_PLUGIN=1) --------
    if PLUGIN:
        measure_plugin(p1k, have_hookrun, verify, failures)

    note_busy()
    print_table(big_rows, by_dialect, failures)
    with open(os.path.join(RESULTS, "summary.json"), "w") as f:
        json.dump({"rows": [r for _, r in rows], "big": big_rows, "by_dialect": by_dialect, "notes": notes,
                   "failures": failures, "loadavg": loads, "rounds": ROUNDS, "quick": QUICK,
                   "dialects": DIALECTS, "machine": machine()}, f, indent=2)
    log(f"raw JSON and hyperfine logs in {os.path.relpath(RESULTS, os.getcwd())}/")
    return 1 if failures else 0


def measure_installed(payload, have_hookrun, verify):
    """The `hookrun` that `npm i -g` and `pip install` of target/dist/'s packages put on PATH,
    each against the release binary itself, on the empty project: the install must leave the
    native binary on PATH (no Node or Python start per event), so the budget is 1.05."""
    se = "e. installed, empty project"
    empty = os.path.join(PROJECTS, "empty")
    os.makedirs(empty, exist_ok=True)
    if not have_hookrun:
        pending_row(se, "hookrun (npm, pip)", "hookrun binary not built")
        return
    cmds = [("release binary", hookrun_cmd(empty, payload))]
    for label, binary in (("npm i -g hookrun", NPM_HOOKRUN), ("pip install hookrun", WHEEL_HOOKRUN)):
        cmd = hookrun_cmd(empty, payload).replace(q(HOOKRUN), q(binary or ""), 1)
        if binary and verify(label, cmd, 0):
            cmds.append((label, cmd))
        else:
            pending_row(se, label, "not installed (dist/build or dist/install-local failed)")
    if len(cmds) == 1:
        return
    log("e: measuring")
    med, _ = hyperfine("e-installed", cmds, 30, 300)
    add_row(se, "release binary", med)
    for label, _ in cmds[1:]:
        add_row(se, label, med, "release binary", 1.05)


def measure_plugin(payload, have_hookrun, verify, failures):
    """Scenario i (bench/lib/plugin_row.py): the project with one command hook `true` and one
    plugin hook against the same project without the plugin; cold (the compiled-component cache
    emptied before every run) and warm (cached)."""
    import plugin_row
    si = "i. 1 plugin hook + 1 command hook"
    if not have_hookrun or not HOOKRUN_WASM or not PLUGIN_FILES:
        why = "hookrun not built" if not have_hookrun else "hookrun-wasm (feature plugins) not built"
        pending_row(si, "+ 1 plugin hook", why)
        return
    os.environ["HOOKRUN_WASM_BIN"] = HOOKRUN_WASM
    alone, both = plugin_row.projects(PROJECTS, plugin_row.plugin_wasm(PLUGIN_FILES))
    wasm_cache = os.path.join(os.environ["XDG_CACHE_HOME"], "hookrun", "wasm")
    base, warm, cold = "hookrun 1 command hook", "+ 1 plugin hook, warm (cached)", "+ 1 plugin hook, cold (compiled)"
    if not (verify(base, hookrun_cmd(alone, payload), 1) and verify(warm, hookrun_cmd(both, payload), 2)):
        pending_row(si, "+ 1 plugin hook", "check failed")
        return
    # The checking run above compiled the plugin; this one must come from the cache.
    for label, want in ((warm, "cached"), (cold, "compiled")):
        if want == "compiled":
            shutil.rmtree(wasm_cache, ignore_errors=True)
        _, out, err = run_once(hookrun_cmd(both, payload))
        record = plugin_row.plugin_record(out)
        if not record or record.get("outcome") != "success" or record.get("compiled") != want:
            problem = f"{label}: the plugin hook's record was {json.dumps(record)}; stderr: {err.strip()[:300]}"
            failures.append(problem)
            log(f"CHECK FAILED {problem}")
            pending_row(si, label, "check failed")
            return
    log("i: measuring")
    med, _ = hyperfine("i-plugin-warm", [(base, hookrun_cmd(alone, payload)),
                                         (warm, hookrun_cmd(both, payload))], 5, 50)
    cold_med, _ = hyperfine("i-plugin-cold", [(cold, hookrun_cmd(both, payload))], 1, 20,
                            prepare=f"rm -rf {q(wasm_cache)}")
    med.update(cold_med)
    add_row(si, base, med)
    add_row(si, warm, med, base)
    add_row(si, cold, med, base)
    notes.append("scenario i: the plugin's `on-event` returns `ok` at once; hookrun-wasm is the "
                 "release build of `cargo build --release --features plugins` (target/plugins/)")


def note_busy():
    busiest = max(loads, key=lambda x: x[1], default=("", 0.0))
    if busiest[1] > 1.5:  # the harness itself keeps about one core busy
        notes.append(f"**the machine was busy** (1-minute load {busiest[1]:.1f} when `{busiest[0]}` "
                     "started, on 2 cores): other work shares the CPUs, so figures and even ratios "
                     "are unreliable; rerun when it is quiet")


def measure_serve(payload, match, dialect, have_hookrun, verify):
    """Scenario h (bench/lib/serve_row.py): one warm `hookrun serve` answering POST /api/fire,
    with 0 and 10 matching `true` hooks, against `hookrun fire` spawned per event on the same
    project; then requests per second under concurrent clients."""
    import serve_row
    sh = "h. hookrun serve"
    if not have_hookrun or not HOOKRUN_SERVE:
        pending_row(sh, "POST /api/fire", "hookrun or hookrun-serve (feature serve) not built")
        return
    empty = os.path.join(PROJECTS, "empty")
    os.makedirs(empty, exist_ok=True)
    with open(payload, "rb") as f:
        body = f.read()
    for n, project in ((0, empty), (10, match[(10, dialect)])):
        spawned = f"hookrun fire, {n} hooks (spawned)"
        served = f"POST /api/fire, {n} hooks (served)"
        if not verify(spawned, hookrun_cmd(project, payload), n):
            continue
        log(f"h: {n} hooks, measuring")
        med, _ = hyperfine(f"h-spawned-{n}", [(spawned, hookrun_cmd(project, payload))], 10, 100)
        server = serve_row.Server(HOOKRUN, HOOKRUN_SERVE, project)
        try:
            conn = server.connect()
            got = serve_row.hooks_in(serve_row.fire(conn, EVENT, body))
            conn.close()
            if got != n:
                notes.append(f"scenario h: {served} ran {got} hooks, expected {n}: not measured")
                continue
            loads.append((f"h-served-{n}", loadavg()))
            med[served] = serve_row.latency_rounds(server, EVENT, body, ROUNDS, runs(200), runs(20))
            add_row(sh, spawned, med)
            add_row(sh, served, med, spawned)
            for clients in (1, 8):
                rate = serve_row.throughput(server, EVENT, body, clients, runs(100 if n else 400))
                label = f"{clients} concurrent client{'s' if clients > 1 else ''}, {n} hooks"
                rows.append(([sh, label, "", "", "", "", "", f"**{rate:.0f} requests/s**", "", ""],
                             {"scenario": sh, "command": label, "requests_per_s": rate}))
        finally:
            server.stop()


def time_rss(cmd):
    """Wall seconds (measured here) and peak RSS in KiB (GNU time's %M: the largest of the
    process and the children it waited for) of one run."""
    out = os.path.join(RESULTS, "time.out")
    start = time.perf_counter()
    p = subprocess.run(["sh", "-c", f"exec /usr/bin/time -f '%e %M' -o {q(out)} {cmd}"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if p.returncode != 0:
        raise RuntimeError(f"{cmd}: exit {p.returncode}: {p.stderr[:300]}")
    with open(out) as f:
        rss_kib = int(f.read().split()[-1])
    return wall, rss_kib


def measure_big(big, project, have_hookrun, verify):
    reps = 2 if QUICK else 5
    results = []
    for size, payload in big.items():
        # On stdin, the contract's way in, for both: no shell correction is involved here.
        cmds = [("floor 10", floor_cmd(10, payload, "cat >/dev/null", stdin=True))]
        if have_hookrun:
            cmds.append(("hookrun 10", hookrun_cmd(project, payload, stdin=True)))
        ok = [(label, cmd) for label, cmd in cmds if verify(f"{label} {size / MIB:.0f} MiB", cmd, 10)]
        log(f"c: {size / MIB:.0f} MiB, measuring")
        samples = {label: [] for label, _ in ok}
        for r in range(reps):  # alternate A, B, A, B
            for label, cmd in (ok if r % 2 == 0 else list(reversed(ok))):
                samples[label].append(time_rss(cmd))
        for label, s in samples.items():
            results.append({"payload_bytes": size, "command": label,
                            "wall_s": [w for w, _ in s], "rss_kib": [k for _, k in s]})
    return results


def measure_sigterm(scenario, project, payload, verify):
    marker = "sleep 60.4242"
    subprocess.run(["pkill", "-f", marker], capture_output=True)  # leftovers of an earlier run
    code, out, err = run_once(hookrun_cmd(project, payload))
    try:
        record = json.loads(out)["hooks"][0]
        notes.append("scenario d record: " + json.dumps(
            {k: record.get(k) for k in ("outcome", "timed_out_after_ms", "killed", "duration_ms")}))
    except (ValueError, KeyError, IndexError, TypeError):
        notes.append(f"scenario d: unexpected output (exit {code}): {out[:200]!r} {err[:200]!r}")
    log("d: measuring")
    med, times = hyperfine("d-sigterm", [("hookrun", hookrun_cmd(project, payload))], 0,
                           3 if QUICK else 10)
    time.sleep(0.2)
    survivors = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True).stdout.split()
    worst = max(times["hookrun"])
    verdict = "PASS" if worst <= 0.450 and not survivors else "FAIL"
    cells = [scenario, "hookrun (timeout 200ms, grace 200ms)", ms(figure(med["hookrun"])),
             spread(times["hookrun"]), ms(figure(CPU["hookrun"])), "", "", "worst run", f"{ms(worst)} ms, {len(survivors)} `sleep` left",
             "≤ 450 ms, none left", verdict]
    rows.append((cells, {"scenario": scenario, "median_ms": figure(med["hookrun"]) * 1000,
                         "worst_ms": worst * 1000, "survivors": survivors, "verdict": verdict}))
    if survivors:
        subprocess.run(["kill", "-9", *survivors], capture_output=True)


def print_table(big_rows, by_dialect, failures):
    out = []
    out.append(f"## hookrun bench — {time.strftime('%Y-%m-%d %H:%M')}, "
               f"{ROUNDS} round(s){' (QUICK)' if QUICK else ''}\n")
    out.append("| scenario | command | median ms | round medians | CPU ms | instructions | page faults | vs | ratio (per-round) | budget | |")
    out.append("|---|---|---:|---:|---:|---:|---:|---|---|---|---|")
    for cells, _ in rows:
        out.append("| " + " | ".join(cells) + " |")
    if big_rows:
        out.append("")
        out.append("| payload | command (10 × `cat >/dev/null`) | median wall ms | ms per MiB·hook | peak RSS MiB (max) | RSS budget MiB | |")
        out.append("|---:|---|---:|---:|---:|---:|---|")
        for r in big_rows:
            mib = r["payload_bytes"] / MIB
            wall = statistics.median(r["wall_s"])
            rss = max(r["rss_kib"]) / 1024
            budget = 2.5 * mib + 16
            verdict = ("PASS" if rss <= budget else "FAIL") if r["command"].startswith("hookrun") else ""
            out.append(f"| {mib:.0f} MiB | {r['command']} | {wall * 1000:.0f} | "
                       f"{wall * 1000 / (mib * 10):.2f} | {rss:.1f} | {budget:.0f} | {verdict} |")
    if by_dialect:
        out.append("")
        out.append("| one file of 100 hooks (none match), by dialect | median ms | round medians | over the empty project, ms | µs per hook |")
        out.append("|---|---:|---:|---:|---:|")
        for r in by_dialect:
            per_hook = f"{r['over_empty_ms'] * 10:.1f}" if r["command"].endswith("x100") else ""
            over = f"{r['over_empty_ms']:+.2f}" if r["command"] != "empty project" else ""
            out.append(f"| {r['command']} | {r['median_ms']:.2f} | "
                       f"{spread([m / 1000 for m in r['round_medians_ms']])} | {over} | {per_hook} |")
    if notes:
        out.append("")
        out += [f"- {n}" for n in notes]
    if failures:
        out.append("")
        out.append("**Checks that failed** (these commands were left out of the measurements):")
        out += [f"- {f}" for f in failures]
    print("\n".join(out))
    with open(os.path.join(RESULTS, "table.md"), "w") as f:
        f.write("\n".join(out) + "\n")


def machine():
    def sh(cmd):
        return subprocess.run(["sh", "-c", cmd], capture_output=True, text=True).stdout.strip()
    return {
        "cpu": sh("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"),
        "cores": os.cpu_count(),
        "kernel": sh("uname -r"),
        "os": sh(". /etc/os-release && echo $PRETTY_NAME"),
        "hyperfine": sh("hyperfine --version"),
        "lefthook": sh(f"{q(LEFTHOOK)} version") if LEFTHOOK else None,
        "rustc": sh("rustc --version"),
        "sh": sh("readlink -f /bin/sh"),
    }


if __name__ == "__main__":
    sys.exit(main())
