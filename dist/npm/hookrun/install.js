// hookrun's install step: puts this platform's native binary where bin/hookrun is, so that the
// `hookrun` npm links onto PATH is the binary itself and an agent's hook event starts no Node
// (esbuild's install step does the same). Without this step (install scripts disabled) the
// Node launcher in bin/hookrun stays and starts the binary on each run.
"use strict";

const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const { binaryPath, launcher } = require("./lib/platform.js");

function main() {
  const native = binaryPath();
  // A binary that cannot run here (another libc, a damaged download) fails the install loudly
  // instead of failing every hook event later.
  const version = execFileSync(native, ["--version"], { encoding: "utf8" }).trim();
  const staged = path.join(path.dirname(launcher), `.hookrun-${process.pid}`);
  fs.copyFileSync(native, staged);
  fs.chmodSync(staged, 0o755);
  fs.renameSync(staged, launcher);
  process.stdout.write(`hookrun: ${launcher} is the native binary (${version})\n`);
}

try {
  main();
} catch (error) {
  process.stderr.write(`hookrun: install failed: ${error.message}\n`);
  process.exit(1);
}
