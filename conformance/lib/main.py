"""conformance/run's Python half: runs the agents named on the command line, prints one table
per agent, writes $CONFORMANCE_OUT/results.json, ends with `N passed, N failed`."""

import importlib.util
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402


def load_agent(name, install_dir, version):
    path = os.path.join(harness.ROOT, name, "agent.py")
    spec = importlib.util.spec_from_file_location(f"agent_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.Agent(install_dir, version)


def main():
    # argv: triples AGENT INSTALL_DIR VERSION
    args = sys.argv[1:]
    triples = [args[i:i + 3] for i in range(0, len(args), 3)]
    only = os.environ.get("CONFORMANCE_ONLY")  # run only scenarios whose name contains this text
    out_dir = os.environ["CONFORMANCE_OUT"]

    def run(t):
        name, inst, ver = t
        start = time.time()
        agent = load_agent(name, inst, ver)
        scen = harness.load_scenarios(name)
        if only:
            scen = [s for s in scen if only in s["name"]]
        recs = harness.evaluate(agent, scen, out_dir)
        return agent, recs, time.time() - start

    par = int(os.environ.get("CONFORMANCE_AGENTS_PARALLEL", "2"))
    with ThreadPoolExecutor(max_workers=par) as ex:
        results = list(ex.map(run, triples))
    total_p = total_f = 0
    out = {"agents": []}
    for agent, recs, secs in results:
        p, f = harness.report(agent.name, agent.version, recs, marked=True)
        print(f"  ({secs:.0f} s)")
        total_p += p
        total_f += f
        out["agents"].append({"agent": agent.name, "version": agent.version, "scenarios": len(recs),
                              "agree": sum(r["status"] == "agree" for r in recs),
                              "intended": sum(r["status"] == "intended" for r in recs),
                              "differ": sum(r["status"] == "differ" for r in recs),
                              "harness_errors": sum(r["status"] == "harness-error" for r in recs),
                              "seconds": round(secs, 1), "records": recs})
    out["passed"], out["failed"] = total_p, total_f
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "results.json"), "w") as fh:
        json.dump(out, fh, indent=1, ensure_ascii=False)
    print(f"\nresults: {os.path.join(out_dir, 'results.json')}")
    print(f"{total_p} passed, {total_f} failed")
    return 1 if total_f else 0


if __name__ == "__main__":
    sys.exit(main())
