#!/bin/sh
# Runs one Qwen Code scenario inside a network and mount namespace of its own (started as
# `unshare -rnm sh run-in-netns.sh WORK PROJECT NODE QWEN PROMPT SECONDS [COMMAND]`): brings up lo,
# starts the scripted model server on 127.0.0.1, runs `qwen -p` against it (the `openai`
# provider, `--yolo`) for at most SECONDS, stops the server. Nothing can leave the namespace: it
# has no interface but lo.
# HOME is WORK/home, where qwen/agent.py wrote `~/.qwen/settings.json` (telemetry, usage
# statistics and update checks off, folder trust on) and `~/.qwen/trustedFolders.json` (the
# project trusted) first. NODE runs QWEN (its cli.js): Qwen Code needs Node 22 or later.
# COMMAND: the shell command the scripted model asks `run_shell_command` to run (default
# `echo marker > out.txt`).
set -u
work="$1"; project="$2"; node="$3"; qwen="$4"; prompt="$5"; seconds="$6"
command="${7:-echo marker > out.txt}"
here="$(cd "$(dirname "$0")" && pwd)"
ip link set lo up
python3 "$here/../lib/model_server.py" "$work/port" "$work/model.jsonl" "$command" </dev/null >/dev/null 2>&1 &
server=$!
i=0
while [ ! -f "$work/port" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
port="$(cat "$work/port")"
mkdir -p "$work/home"
cd "$project"
env -u QWEN_HOME -u DASHSCOPE_API_KEY -u OPENAI_API_KEY -u QWEN_CODE_SYSTEM_SETTINGS_PATH \
  -u QWEN_CODE_SYSTEM_DEFAULTS_PATH -u QWEN_CODE_TRUSTED_FOLDERS_PATH \
  HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_CACHE_HOME="$work/home/.cache" \
  XDG_STATE_HOME="$work/home/.local/state" TERM=dumb NO_COLOR=1 \
  OPENAI_BASE_URL="http://127.0.0.1:$port/v1" OPENAI_API_KEY=sk-conformance-dummy OPENAI_MODEL=conformance-model \
  QWEN_TELEMETRY_ENABLED=false QWEN_USAGE_STATISTICS_ENABLED=false QWEN_CODE_SUPPRESS_YOLO_WARNING=1 \
  timeout -k 2 "$seconds" "$node" "$qwen" -p "$prompt" --yolo --auth-type openai --output-format json \
  </dev/null >"$work/qwen.out" 2>"$work/qwen.err"
echo $? > "$work/qwen.rc"
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
exit 0
