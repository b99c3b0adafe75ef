#!/usr/bin/env bash
# A hook runner as a user would write it in bash + jq: the peer that bench/run compares hookrun to.
#
#   naive-runner.sh EVENT CONFIG.json < payload.json
#
# CONFIG is {"hooks": {"<Event>": [{"matcher": "regex"?, "command": "…"}]}}. Every hook whose
# matcher matches the payload's tool_name runs as `sh -c COMMAND` with the payload on stdin, in
# order; exit 2 or a JSON `"decision":"deny"` on stdout denies; one merged JSON line is printed.
set -u
event=$1
config=$2
payload=$(cat)
tool=$(jq -r '.tool_name // ""' <<<"$payload")
records='[]'
while IFS= read -r command; do
  out=$(printf '%s\n' "$payload" | sh -c "$command" 2>/dev/null)
  code=$?
  records=$(jq -c --arg out "$out" --argjson code "$code" \
    '. + [{exit_code: $code, stdout: $out}]' <<<"$records")
done < <(jq -r --arg ev "$event" --arg tool "$tool" \
  '.hooks[$ev][]? | select((.matcher // "") as $m | $m == "" or ($tool | test($m))) | .command' \
  "$config")
jq -cn --arg ev "$event" --argjson hooks "$records" '
  [$hooks[] | if .exit_code == 2 then "deny"
              else (.stdout | (try fromjson catch {}) | .decision? // "none") end] as $d
  | {event: $ev,
     decision: (if any($d[]; . == "deny") then "deny"
                elif any($d[]; . == "allow") then "allow" else "none" end),
     continue: true,
     hooks: $hooks}'
