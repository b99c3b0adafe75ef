#!/bin/sh
# Runs one Codex scenario inside its own network namespace (started as `unshare -rn sh run-in-netns.sh
# WORK PROJECT CODEX PROMPT`): brings up lo, starts the scripted model server on 127.0.0.1 inside
# the namespace, writes CODEX_HOME/config.toml pointing Codex at it, runs `codex exec`, stops the
# server. Nothing can leave the namespace: it has no interface but lo.
set -u
work="$1"; project="$2"; codex="$3"; prompt="$4"
here="$(cd "$(dirname "$0")" && pwd)"
ip link set lo up
python3 "$here/../lib/model_server.py" "$work/port" "$work/model.jsonl" "echo marker > out.txt" </dev/null >/dev/null 2>&1 &
server=$!
i=0
while [ ! -f "$work/port" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
port="$(cat "$work/port")"
mkdir -p "$work/codex-home"
cat > "$work/codex-home/config.toml" <<EOT
model = "gpt-5.1-codex"
model_provider = "conformance"
[model_providers.conformance]
name = "conformance"
base_url = "http://127.0.0.1:$port/v1"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0
[projects."$project"]
trust_level = "trusted"
EOT
cd "$project"
CODEX_HOME="$work/codex-home" OPENAI_API_KEY=sk-conformance-dummy HOME="$work" \
  timeout 120 "$codex" exec --skip-git-repo-check --dangerously-bypass-hook-trust \
  --dangerously-bypass-approvals-and-sandbox --json "$prompt" </dev/null >"$work/codex.out" 2>"$work/codex.err"
echo $? > "$work/codex.rc"
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
exit 0
