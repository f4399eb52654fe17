#!/bin/sh
# Remakes the saves of this folder with the version before the automatic end-of-production growth (commit 6982cff),
# where the growth was a yes/no prompt `growth` (answer growth yes|no) and per-city prompts grow-CITY grew at once.
#   mkdir -p /tmp/oldcode && git archive 6982cff | tar -x -C /tmp/oldcode
#   PYTHONPATH=/tmp/oldcode PYTHON=.venv/bin/python sh tests/data/legacy_growth/make.sh /tmp/oldsaves
# Each save NAME.json is kept with its `show NAME.json ports --json` and `show NAME.json phase --json`, all gzipped.
set -e
out=${1:?folder}
hm="${PYTHON:-python3} -m tui.cli"
cd "$out"
start() {  # a Channel Coast game (seed 1), turn 1 played with a factory hit, to turn 2's End of production
  rm -f "$1.json"
  $hm new "$1.json" --ruleset logistics --seed 1 >/dev/null
  $hm exec "$1.json" "answer initiative 6,6,1,1" "next" "answer storm 2,3" "goto combat" "hit factory Kingsbridge army" \
    "goto production-end" "next" "answer initiative 1,1,6,6" "next" "answer storm 5,1" "goto produce" \
    "resource Calvade 1 navy" "next" >/dev/null
}
record() {
  $hm show "$1.json" ports --json > "$1.ports.json"
  $hm show "$1.json" phase --json > "$1.phase.json"
}
# growth applied with its per-city choices, then the next turn begun
start yes
$hm exec yes.json "answer growth yes" "answer grow-1602 air" "answer grow-1103 navy" "next" "answer initiative 3,3,2,2" >/dev/null
record yes
# growth declined
start no
$hm exec no.json "answer growth no" "next" >/dev/null
record no
# growth applied, one city's choice left open across `next` (allowed then) and answered a turn later
start late
$hm exec late.json "answer growth yes" "answer grow-1602 navy" "next" "answer grow-1103 navy" >/dev/null
record late
# growth skipped with next --force
start skipped
$hm exec skipped.json "next --force" >/dev/null
record skipped
# saved at End of production, the growth prompt not answered yet
start asked
record asked
# saved at End of production after `answer growth yes`, one choice answered, one open
start choosing
$hm exec choosing.json "answer growth yes" "answer grow-1602 air" >/dev/null
record choosing
# the growth answered, then undone: redo will replay it
start undone
$hm exec undone.json "answer growth yes" "undo" >/dev/null
record undone
# a Mulberry beside the storm: its roll (required, raised by the storm's move) left open across two `next` (allowed then)
rm -f carried.json
$hm new carried.json --ruleset logistics --seed 1 >/dev/null
$hm exec carried.json "answer initiative 6,6,1,1" "next" "answer storm 2,3" "goto production-end" "next" \
  "answer initiative 1,1,6,6" "next" "answer storm 5,1" "goto produce" "mulberry 1401" "next" "answer growth yes" \
  "answer grow-1602 air" "answer grow-1103 navy" "next" "answer initiative 3,3,2,2" "next" "answer storm 1,6" "next" "next" >/dev/null
record carried
rm -f ./*.json.lock ./*.json.[0-9]
gzip -9nf ./*.json
