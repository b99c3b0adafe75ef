#!/bin/sh
# Runs one Codex scenario inside a network and mount namespace of its own (started as
# `unshare -rnm sh run-in-netns.sh WORK PROJECT CODEX PROMPT SECONDS [TRUST]`): brings up lo, points the
# resolver at null_dns.py on 127.0.0.1 (every outside name fails at once instead of after a
# timeout), starts the scripted model server on 127.0.0.1, writes CODEX_HOME/config.toml pointing
# Codex at it, runs `codex exec` for at most SECONDS, stops both servers. Nothing can leave the
# namespace: it has no interface but lo.
# TRUST: "trusted" (default: the project trusted in config.toml, hook review bypassed),
# "untrusted" (no [projects] entry: Codex disables the project's .codex/ layer, hooks and all;
# review still bypassed, so user-level hooks run) or "unreviewed" (the project trusted, no
# bypass and no [hooks.state] trusted_hash: every non-managed hook waits for review in /hooks).
set -u
work="$1"; project="$2"; codex="$3"; prompt="$4"; seconds="$5"; trust="${6:-trusted}"
here="$(cd "$(dirname "$0")" && pwd)"
ip link set lo up
echo "nameserver 127.0.0.1" > "$work/resolv.conf"
mount --bind "$work/resolv.conf" /etc/resolv.conf
python3 "$here/null_dns.py" "$work/dns-ready" </dev/null >/dev/null 2>&1 &
dns=$!
python3 "$here/../lib/model_server.py" "$work/port" "$work/model.jsonl" "echo marker > out.txt" </dev/null >/dev/null 2>&1 &
server=$!
i=0
while { [ ! -f "$work/port" ] || [ ! -f "$work/dns-ready" ]; } && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
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
EOT
if [ "$trust" != untrusted ]; then
  printf '[projects."%s"]\ntrust_level = "trusted"\n' "$project" >> "$work/codex-home/config.toml"
fi
bypass=--dangerously-bypass-hook-trust
[ "$trust" = unreviewed ] && bypass=
cd "$project"
# shellcheck disable=SC2086 # $bypass is one option or none
CODEX_HOME="$work/codex-home" OPENAI_API_KEY=sk-conformance-dummy HOME="$work" \
  timeout -k 2 "$seconds" "$codex" exec --skip-git-repo-check $bypass \
  --dangerously-bypass-approvals-and-sandbox --json "$prompt" </dev/null >"$work/codex.out" 2>"$work/codex.err"
echo $? > "$work/codex.rc"
kill "$server" "$dns" 2>/dev/null
wait "$server" "$dns" 2>/dev/null
exit 0
