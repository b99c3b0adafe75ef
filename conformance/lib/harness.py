"""Differential conformance harness: common part.

Each agent module (conformance/<agent>/agent.py) defines a class with
  name, version, file (the agent's hook file, relative to a project),
  write_config(project, scenario)            -> writes the agent's own file with the scenario's hooks
  write_single_hook(project, scenario, src)  -> writes the agent's file whose only hook is hookrun
  run_agent(jobs)                            -> runs the agent on [(scenario, project, mode)] and
                                                returns {(name, mode): effect}
  payload(scenario, project)                 -> the payload the agent sends (for side c)
  effect_from_doc(scenario, doc, rc, project)-> what the agent would do with hookrun's document
The harness materialises three projects per scenario (a: the agent runs the hooks, b: the agent's
only hook is `hookrun fire --output <agent>`, c: `hookrun fire` reads the agent's file), runs
them, and compares the effects field by field.

Trust scenarios ("trust": "untrusted" | "unreviewed" | "trusted") run the agent without its trust
(or with it) and hookrun without `--trust-project`, with a trust store of its own (a scratch
`XDG_STATE_HOME`): empty, or filled by `hookrun trust --yes` for "trusted". For the held-back kinds
agreement is one-sided (`compare_held_back`): whenever the agent held a hook back, hookrun must
hold it back too (outcome `untrusted`, not run); hookrun holding back more is reported, and passes.
An agent that supports them lists them in `trust_kinds`; held-back scenarios have no (b) side.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HOOKS_DIR = os.path.join(ROOT, "hooks")


def hookrun_bin():
    return os.environ["HOOKRUN_BIN"]


def shq(s):
    return "'" + s.replace("'", "'\\''") + "'"


def emit_command(spec):
    """["NAME", EXIT, STDOUT, STDERR, SLEEP, "once"] -> the shell command running hooks/emit.sh.
    STDOUT may be a JSON value (printed compact) or a string (printed as is)."""
    spec = list(spec) + [None] * (6 - len(spec))
    name, code, out, err, nap, once = spec[:6]
    if out is not None and not isinstance(out, str):
        out = json.dumps(out, separators=(",", ":"))
    if err is not None and not isinstance(err, str):
        err = json.dumps(err, separators=(",", ":"))
    args = [name or "", str(code if code is not None else 0), out or "", err or "", "" if nap is None else str(nap)]
    if once:
        args.append("once")
    # A hook that kills itself is exec'd, so that the agent's own child dies by the signal
    # (else the shell reports it as exit 128+n).
    prefix = "exec " if args[1] in ("KILL", "TERM") else ""
    return prefix + "sh h/emit.sh " + " ".join(shq(a) for a in args)


def expand(obj, key="command"):
    """Replaces {"emit": [...]} inside hook entries by the command that runs hooks/emit.sh."""
    if isinstance(obj, list):
        return [expand(x, key) for x in obj]
    if isinstance(obj, dict):
        out = {}
        for k, v in obj.items():
            if k == "emit":
                out[key] = emit_command(v)
            else:
                out[k] = expand(v, key)
        return out
    return obj


def load_scenarios(agent):
    path = os.path.join(ROOT, agent, "scenarios.json")
    with open(path) as f:
        data = expand(json.load(f))
    names = set()
    for s in data:
        if s["name"] in names:
            raise SystemExit(f"{path}: scenario {s['name']} written twice")
        names.add(s["name"])
    return data


def make_project(base, scenario, mode):
    """A fresh project directory with the shared hook scripts in h/ and the scenario's files."""
    d = os.path.join(base, scenario["name"], mode)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    shutil.copytree(HOOKS_DIR, os.path.join(d, "h"))
    for rel, text in (scenario.get("files") or {}).items():
        p = os.path.join(d, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)
        if rel.endswith(".sh") or rel.endswith(".py"):
            os.chmod(p, 0o755)
    return d


def markers(project):
    """Which hooks ran, and how often: hooks/emit.sh appends a line to ran.<name> per run."""
    out = []
    for f in sorted(os.listdir(project)):
        if f.startswith("ran."):
            with open(os.path.join(project, f)) as fh:
                n = len(fh.read().splitlines())
            out.append(f[4:] if n == 1 else f"{f[4:]}x{n}")
    return out


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(obj, f, indent=1)


HELD_BACK = ("untrusted", "unreviewed")


def state_dir(project):
    """hookrun's trust store for one side of a trust scenario: beside the project, never in it."""
    return project.rstrip("/") + "-state"


def side_effects(scenario, project):
    """The scenario's `side_effects` paths (relative to the project) that exist after the run."""
    return [p for p in scenario.get("side_effects") or [] if os.path.exists(os.path.join(project, p))]


def hookrun_trust(project, env):
    """`hookrun trust --yes` in the project, as a user who reviewed its hooks would."""
    subprocess.run([hookrun_bin(), "-C", project, "--no-user-config", "trust", "--yes"], env=env,
                   stdin=subprocess.DEVNULL, capture_output=True, check=True, timeout=60)


def run_hookrun_c(agent, scenario, project):
    """Side (c): hookrun reads the agent's file directly."""
    payload = agent.payload(scenario, project)
    raw = scenario.get("payload_raw")
    seps = getattr(agent, "json_separators", None)
    data = raw.replace("$CWD", project).encode() if raw is not None else json.dumps(payload, separators=seps).encode()
    env = dict(os.environ, **scenario.get("runtime_env", {}))
    env.pop("HOOKRUN_TRUST_PROJECT", None)
    trust = scenario.get("trust")
    if trust:
        # The trust store is the scenario's own: empty, or filled as a user would fill it.
        env["XDG_STATE_HOME"] = state_dir(project)
        if trust == "trusted":
            hookrun_trust(project, env)
        opts = []
    else:
        opts = ["--trust-project"]
    # An agent whose scenario has user-level files gives (c) a HOME holding them (`user_home`);
    # hookrun then reads its user level, else it reads the project's files alone.
    user_env = agent.user_home(scenario, project) if hasattr(agent, "user_home") else None
    if user_env:
        env.update(user_env)
    else:
        opts.insert(0, "--no-user-config")
    cmd = [hookrun_bin(), "-C", project, *opts, "fire", scenario.get("fire_event", scenario["event"])]
    t = time.time()
    p = subprocess.run(cmd, input=data, capture_output=True, cwd=project, timeout=300, env=env)
    doc = None
    try:
        doc = json.loads(p.stdout.decode() or "null")
    except ValueError:
        pass
    if p.returncode not in (0, 2) or doc is None:
        eff = {"error": f"hookrun exit {p.returncode}: " + (p.stderr.decode().strip().splitlines() or [""])[0][:200]}
    else:
        eff = agent.effect_from_doc(scenario, doc, p.returncode, project)
    eff = dict(eff)
    eff["ran"] = markers(project)
    eff["side_effects"] = side_effects(scenario, project)
    outcomes = [h.get("outcome") for h in (doc or {}).get("hooks") or []] if isinstance(doc, dict) else []
    return eff, {"exit_code": p.returncode, "stdout": p.stdout.decode()[:4000], "stderr": p.stderr.decode()[:2000],
                 "seconds": round(time.time() - t, 3), "outcomes": outcomes}


def norm(eff):
    return {k: v for k, v in (eff or {}).items() if v is not None and v is not False and v != [] and v != ""
            or k in ("proceeds", "continue") and v is not None}


def canonical(eff):
    e = norm(eff)
    e.setdefault("proceeds", True)
    if e.get("continue") is True:
        del e["continue"]
    return e


def diff(a, b, keys=None):
    """Fields where two effects differ (after dropping empty ones)."""
    a, b = canonical(a), canonical(b)
    out = []
    for k in sorted(set(a) | set(b)):
        if keys and k not in keys:
            continue
        if a.get(k) != b.get(k):
            out.append(k)
    return out


def short(eff, fields):
    e = canonical(eff)
    parts = []
    for k in fields:
        v = e.get(k)
        if k == "proceeds":
            parts.append("proceeds" if v else "blocked")
        elif v is None:
            parts.append(f"no {k}")
        else:
            s = json.dumps(v, ensure_ascii=False)
            parts.append(f"{k}={s[:90]}")
    return ", ".join(parts)


def expect_mismatch(expect, eff):
    """The scenario's expectation (written from the agent's source) against what the agent did."""
    e = canonical(eff)
    bad = []
    for k, v in (expect or {}).items():
        if k == "proceeds":
            if e.get("proceeds", True) != v:
                bad.append(k)
        elif v is None or v == []:
            if e.get(k) not in (None, []):
                bad.append(k)
        elif k == "reason_contains":
            if v not in (e.get("reason") or ""):
                bad.append(k)
        elif e.get(k) != v:
            bad.append(k)
    return bad


def compare_held_back(a, c, cinfo):
    """A held-back scenario: wherever the agent held the project's hooks back (none of them ran, no
    side effect), hookrun must have held every one back too: outcome `untrusted`, nothing ran, no
    side effect, and the `hookrun trust` line on stderr. Returns (fields that differ, notes).
    hookrun holding back what the agent ran is stricter, and noted."""
    bad, notes = [], []
    a, c = canonical(a), canonical(c)
    if not a.get("ran") and not a.get("side_effects"):
        outcomes = cinfo.get("outcomes") or []
        if c.get("ran"):
            bad.append("ran")
        if c.get("side_effects"):
            bad.append("side_effects")
        if not outcomes or any(o != "untrusted" for o in outcomes):
            bad.append("outcome")
        if "hookrun trust" not in cinfo.get("stderr", ""):
            bad.append("stderr")
        # Nothing ran on either side, so the action goes on or stops alike.
        if a.get("proceeds") != c.get("proceeds"):
            bad.append("proceeds")
    elif not c.get("ran"):
        notes.append("hookrun holds back more: the agent ran " + ", ".join(a.get("ran") or a.get("side_effects")))
    return bad, notes


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def documented(scenario):
    """An intended difference counts as passing only when its "intended" names a section of the
    docs (`<path from the repository root>#anchor`, e.g. `docs/dialects/gemini.md#differences-from-gemini-cli`)
    that lists the scenario's name in backquotes."""
    page, _, anchor = (scenario.get("intended") or "").partition("#")
    if not page.endswith(".md") or not anchor:
        return False
    try:
        with open(os.path.join(os.path.dirname(ROOT), page)) as f:
            lines = f.read().splitlines()
    except OSError:
        return False
    for i, line in enumerate(lines):
        m = re.match(r"(#+) (.*)", line)
        if m and slug(m.group(2)) == anchor:
            level = len(m.group(1))
            section = []
            for rest in lines[i + 1:]:
                n = re.match(r"(#+) ", rest)
                if n and len(n.group(1)) <= level:
                    break
                section.append(rest)
            return f"`{scenario['name']}`" in "\n".join(section)
    return False


def has_b(agent, s):
    """Side (b) exists for agents with an output mode, and not in a held-back scenario: with
    `--output <agent>` hookrun leaves the agent's own files to the agent (it runs only what `-c`
    names, which needs no trust), so what holds those files back there is the agent alone.
    A scenario whose point (b) cannot express says why in `no_b`."""
    return bool(agent.output_mode) and s.get("trust") not in HELD_BACK and not s.get("no_b")


def evaluate(agent, scenarios, out_dir):
    """Runs every scenario on the three sides; returns the per-scenario records."""
    base = tempfile.mkdtemp(prefix=f"conformance-{agent.name}-", dir=os.environ.get("CONFORMANCE_WORK"))
    jobs = []
    for s in scenarios:
        pa = make_project(base, s, "a")
        agent.write_config(pa, s)
        jobs.append((s, pa, "a"))
        if s.get("trust") and s["trust"] not in getattr(agent, "trust_kinds", ()):
            raise SystemExit(f"{agent.name}: scenario {s['name']}: trust kind {s['trust']!r} not supported")
        if has_b(agent, s):
            pb = make_project(base, s, "b")
            agent.write_single_hook(pb, s)
            jobs.append((s, pb, "b"))
    effects = agent.run_agent(jobs)
    for s, project, mode in jobs:
        if s.get("side_effects") and (s["name"], mode) in effects:
            effects[(s["name"], mode)] = dict(effects[(s["name"], mode)], side_effects=side_effects(s, project))

    def side_c(s):
        pc = make_project(base, s, "c")
        agent.write_config(pc, s)
        return run_hookrun_c(agent, s, pc)

    with ThreadPoolExecutor(max_workers=int(os.environ.get("CONFORMANCE_JOBS", "2"))) as ex:
        cs = list(ex.map(side_c, scenarios))

    records = []
    for s, (ceff, cinfo) in zip(scenarios, cs):
        a = effects.get((s["name"], "a"), {"error": "agent side did not run"})
        b = effects.get((s["name"], "b")) if has_b(agent, s) else None
        rec = {"name": s["name"], "event": s["event"], "a": canonical(a), "c": canonical(ceff), "c_run": cinfo}
        if b is not None:
            rec["b"] = canonical(b)
        keys = None
        rec["expect_mismatch"] = expect_mismatch(s.get("expect"), a)
        if s.get("trust") in HELD_BACK:
            rec["diff_b"] = None
            rec["diff_c"], rec["notes"] = compare_held_back(a, ceff, cinfo)
        else:
            if b is not None and hasattr(agent, "compare_b"):
                rec["diff_b"] = agent.compare_b(s, a, b)
            else:
                rec["diff_b"] = diff(a, b, keys) if b is not None else None
            if hasattr(agent, "compare_c"):
                rec["diff_c"] = agent.compare_c(s, a, ceff)
            else:
                rec["diff_c"] = diff(a, ceff, keys)
        for k in s.get("ignore", []):
            for d in (rec["diff_b"], rec["diff_c"]):
                if d and k in d:
                    d.remove(k)
        differs = bool(rec["diff_c"]) or bool(rec["diff_b"])
        rec["intended"] = s.get("intended")
        if "error" in canonical(a) or rec["expect_mismatch"]:
            rec["status"] = "harness-error"
        elif not differs:
            rec["status"] = "agree"
        elif s.get("intended") and documented(s):
            rec["status"] = "intended"
        else:
            rec["status"] = "differ"
        if s.get("note"):
            rec["note"] = s["note"]
        records.append(rec)
    if not os.environ.get("CONFORMANCE_KEEP"):
        shutil.rmtree(base, ignore_errors=True)
    else:
        rec_dir = base
        for r in records:
            r["work_dir"] = os.path.join(rec_dir, r["name"])
    return records


def report(agent_name, version, records, marked):
    """Prints the agent's table; returns (passed, failed)."""
    n = len(records)
    agree = sum(r["status"] == "agree" for r in records)
    intended = sum(r["status"] == "intended" for r in records)
    differ = n - agree - intended
    harness_errors = sum(r["status"] == "harness-error" for r in records)
    print(f"\n{'agent':<10} {'version':<44} {'scenarios':>9} {'agree':>6} {'intended':>9} {'differ':>7}")
    print(f"{agent_name:<10} {version:<44} {n:>9} {agree:>6} {intended:>9} {differ:>7}"
          + (f"  ({harness_errors} of them HARNESS)" if harness_errors else ""))
    for r in records:
        for note in r.get("notes") or []:
            print(f"  {'stricter':<8} {r['name']} [{r['event']}]: {note}")
        if r["status"] == "agree":
            continue
        fields_b = r.get("diff_b") or []
        fields_c = r.get("diff_c") or []
        tag = {"harness-error": "HARNESS", "intended": "intended", "differ": "DIFFER"}[r["status"]]
        if r["status"] == "harness-error":
            why = ("agent error: " + r["a"]["error"][:200]) if "error" in r["a"] else \
                f"agent did not do what the scenario (from source) expects: {r['expect_mismatch']}: {short(r['a'], r['expect_mismatch'])}"
            print(f"  {tag:<8} {r['name']}: {why}")
            continue
        allf = sorted(set(fields_b) | set(fields_c))
        line = f"  {tag:<8} {r['name']} [{r['event']}]: agent: {short(r['a'], allf)}"
        if "b" in r:
            line += " | (b) " + ("same" if not fields_b else short(r["b"], fields_b))
        line += " | (c) " + ("same" if not fields_c else short(r["c"], fields_c))
        print(line)
    passed = agree + (intended if marked else 0)
    return passed, n - passed
