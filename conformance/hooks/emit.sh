#!/bin/sh
# The scenarios' hook: emit.sh NAME EXIT STDOUT STDERR SLEEP
# Appends a line to ran.NAME (which hooks ran, and how often), saves its stdin to in.NAME,
# sleeps SLEEP seconds, prints STDOUT and STDERR as given, then exits EXIT
# (EXIT "KILL"/"TERM": the hook kills itself with that signal).
name="$1"; code="${2:-0}"; out="$3"; err="$4"; nap="$5"
if [ -n "$name" ]; then echo x >> "ran.$name"; cat > "in.$name"; else cat > /dev/null; fi
[ -n "$nap" ] && sleep "$nap"
[ -n "$out" ] && printf '%s' "$out"
[ -n "$err" ] && printf '%s' "$err" >&2
case "$code" in
  KILL|TERM) kill -s "$code" $$ ;;
esac
exit "$code"
