// Which of hookrun's platform packages this machine needs, and where its native binary is.
// Shared by the install step (install.js) and the fallback launcher (bin/hookrun).
"use strict";

const path = require("path");

// `${process.platform} ${process.arch}` → the optional dependency that holds that build.
// Kept in step with package.json's optionalDependencies and dist/build's platform names.
const PACKAGES = {
  "linux x64": "@hookrun/linux-x64",
  "linux arm64": "@hookrun/linux-arm64",
  "darwin x64": "@hookrun/darwin-x64",
  "darwin arm64": "@hookrun/darwin-arm64",
};

/** The platform package for this machine; throws, naming the machine, when there is none. */
function packageName() {
  const key = `${process.platform} ${process.arch}`;
  const name = PACKAGES[key];
  if (!name) {
    throw new Error(
      `hookrun has no build for ${key} (it runs on ${Object.keys(PACKAGES).join(", ")}); ` +
        "build it from source with `cargo install hookrun`",
    );
  }
  return name;
}

/** The absolute path of the native hookrun binary in this machine's platform package. */
function binaryPath() {
  const name = packageName();
  try {
    return require.resolve(`${name}/bin/hookrun`);
  } catch {
    throw new Error(
      `the package ${name} is not installed (optional dependencies omitted?); ` +
        "reinstall hookrun without --omit=optional / --no-optional",
    );
  }
}

module.exports = { PACKAGES, packageName, binaryPath, launcher: path.join(__dirname, "..", "bin", "hookrun") };
