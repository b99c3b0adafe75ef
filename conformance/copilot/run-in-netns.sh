#!/bin/sh
# Runs one Copilot CLI scenario inside a network and mount namespace of its own (started as
# `unshare -rnm sh run-in-netns.sh WORK PROJECT COPILOT CACHE PROMPT SECONDS [TRUST [COMMAND]]`): brings up
# lo, starts the scripted model server on 127.0.0.1, runs `copilot -p` against it (offline, BYOK
# `openai` provider) for at most SECONDS, stops the server. Nothing can leave the namespace: it
# has no interface but lo.
# HOME is WORK/home (the agent may have put user-level files in WORK/home/.copilot first);
# XDG_CACHE_HOME is CACHE, where the installer unpacked the CLI's package once (235 MB), so no
# run unpacks it again.
# TRUST: "trusted" (default: --trust-folder, the folder trusted for this one session) or
# "untrusted" (no --trust-folder, no trustedFolders entry: Copilot loads no project hooks).
# COMMAND: the shell command the scripted model asks the bash tool to run (default
# `echo marker > out.txt`).
# Policy hooks: when WORK/etc/github-copilot/policy.d exists, WORK/etc is laid over /etc (an
# overlay inside the mount namespace: the machine's /etc is not touched) so that Copilot reads it
# as /etc/github-copilot/policy.d; files there belong to root, as Copilot requires, because the
# namespace maps the caller to root.
set -u
work="$1"; project="$2"; copilot="$3"; cache="$4"; prompt="$5"; seconds="$6"; trust="${7:-trusted}"
command="${8:-echo marker > out.txt}"
here="$(cd "$(dirname "$0")" && pwd)"
ip link set lo up
if [ -d "$work/etc/github-copilot/policy.d" ]; then
  mount -t overlay overlay -o "lowerdir=$work/etc:/etc" /etc || exit 3
fi
python3 "$here/../lib/model_server.py" "$work/port" "$work/model.jsonl" "$command" </dev/null >/dev/null 2>&1 &
server=$!
i=0
while [ ! -f "$work/port" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
port="$(cat "$work/port")"
mkdir -p "$work/home" "$work/logs"
trust_opt=--trust-folder
[ "$trust" = untrusted ] && trust_opt=
cd "$project"
# shellcheck disable=SC2086 # $trust_opt is one option or none
env -u COPILOT_ALLOW_ALL -u GITHUB_TOKEN -u GH_TOKEN -u COPILOT_GITHUB_TOKEN \
  HOME="$work/home" XDG_CACHE_HOME="$cache" XDG_CONFIG_HOME="$work/home/.config" \
  XDG_STATE_HOME="$work/home/.local/state" COPILOT_OFFLINE=true COPILOT_AUTO_UPDATE=false \
  COPILOT_PROVIDER_BASE_URL="http://127.0.0.1:$port/v1" COPILOT_PROVIDER_TYPE=openai \
  COPILOT_PROVIDER_API_KEY=sk-conformance-dummy COPILOT_MODEL=gpt-4.1 USE_TGREP=false \
  timeout -k 2 "$seconds" "$copilot" -p "$prompt" --allow-all-tools $trust_opt --no-auto-update \
  --no-ask-user --disable-client-telemetry --log-level all --log-dir "$work/logs" \
  </dev/null >"$work/copilot.out" 2>"$work/copilot.err"
echo $? > "$work/copilot.rc"
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
exit 0
