#!/bin/sh
# The scenarios' hook: emit.sh NAME EXIT STDOUT STDERR SLEEP [once]
# Appends a line to ran.NAME (which hooks ran, and how often), saves its stdin to in.NAME,
# sleeps SLEEP seconds, prints STDOUT and STDERR as given, then exits EXIT
# (EXIT "KILL"/"TERM": the hook kills itself with that signal).
# "once": only the first run answers; later runs exit 0 silently. A Stop hook that blocks every
# time keeps the agent going for ever (Codex has no turn limit); real Stop hooks answer once.
name="$1"; code="${2:-0}"; out="$3"; err="$4"; nap="$5"; once="$6"
if [ -n "$once" ] && [ -n "$name" ] && [ -f "ran.$name" ]; then
  echo x >> "ran.$name"; cat > /dev/null; exit 0
fi
if [ -n "$name" ]; then echo x >> "ran.$name"; cat > "in.$name"; else cat > /dev/null; fi
[ -n "$nap" ] && sleep "$nap"
[ -n "$out" ] && printf '%s' "$out"
[ -n "$err" ] && printf '%s' "$err" >&2
case "$code" in
  KILL|TERM) kill -s "$code" $$ ;;
esac
exit "$code"
