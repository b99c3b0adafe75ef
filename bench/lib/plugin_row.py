"""bench scenario i (only with BENCH_PLUGIN=1): one PRX WASM plugin hook through `hookrun fire`
beside one command hook (the book, "Plugin hooks (PRX WASM)"). The plugin is bench/plugin's `ok`
plugin (built from WAT by the ignored test `wasm_host::bench_plugin_files`); hookrun starts the
release `hookrun-wasm` that bench/run built (HOOKRUN_WASM_BIN). The row compares the project with
both hooks to the same project with the command hook alone: cold with the compiled-component
cache emptied before every run (each fire compiles the component), warm from the cache."""

import json
import os
import shutil

MANIFEST = """[plugin]
name = "quiet"
version = "0.1.0"
api_version = "0.1"

[[capabilities]]
type = "hook"
name = "quiet-hook"
events = ["*"]
"""


def plugin_wasm(files_dir):
    """The `ok` plugin's component that `bench_plugin_files` wrote under `files_dir`."""
    with open(os.path.join(files_dir, "order-ok.json")) as f:
        return json.load(f)["plugin"]["wasm"]


def projects(root, wasm):
    """Writes the two projects; returns (command only, command + plugin)."""
    hook = '[[hook]]\nname = "t"\nevents = ["PreToolUse"]\ncommand = "true"\n'
    paths = []
    for name, with_plugin in (("plugin-0", False), ("plugin-1", True)):
        path = os.path.join(root, name)
        shutil.rmtree(path, ignore_errors=True)
        os.makedirs(path)
        with open(os.path.join(path, "hookrun.toml"), "w") as f:
            f.write(hook)
        if with_plugin:
            plugin = os.path.join(path, "plugins", "quiet")
            os.makedirs(plugin)
            with open(os.path.join(plugin, "plugin.toml"), "w") as f:
                f.write(MANIFEST)
            shutil.copyfile(wasm, os.path.join(plugin, "plugin.wasm"))
        paths.append(path)
    return paths


def plugin_record(stdout):
    """The plugin hook's record in a decision document, or None."""
    try:
        doc = json.loads(stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None
    return next((h for h in doc.get("hooks", []) if h.get("name") == "quiet"), None)
