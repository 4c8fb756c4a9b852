#!/usr/bin/env bash
# Scores one recording of a cohort per Slurm array task; merge the results with `savvy import`.
#
#   ls /data/cohort/*.wav > files.txt
#   sbatch --array=0-$(( $(wc -l < files.txt) - 1 ))%32 scripts/cohort-slurm.sh files.txt results/ --drill star
#   savvy import results/*.json --audio /data/cohort      # once every task has finished
#
# Arguments: a file with one recording path per line, the folder for results, then any
# `savvy score` flags. SAVVY (default: `savvy` on PATH) names the binary. Each task writes
# `<folder>/<recording name without extension>.json` through a temporary file, so a killed task
# leaves no half-written result for `import` to trip over; rerunning the array redoes only what
# is missing. Outside Slurm, set SLURM_ARRAY_TASK_ID yourself to run one task.
#SBATCH --job-name=savvy-cohort
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
set -euo pipefail

if [ $# -lt 2 ]; then
    echo "usage: $0 FILE-LIST RESULT-FOLDER [savvy score flags…]" >&2
    exit 64
fi
list=$1
out=$2
shift 2
task=${SLURM_ARRAY_TASK_ID:?"set SLURM_ARRAY_TASK_ID (Slurm sets it for array jobs)"}
savvy=${SAVVY:-savvy}

recording=$(sed -n "$((task + 1))p" "$list")
if [ -z "$recording" ]; then
    echo "$0: task $task has no line in '$list' (it has $(wc -l < "$list") lines)" >&2
    exit 64
fi
name=$(basename "$recording")
result="$out/${name%.*}.json"
if [ -s "$result" ]; then
    echo "$result exists; skipping" >&2
    exit 0
fi
mkdir -p "$out"
tmp=$(mktemp "$out/.${name%.*}.XXXXXX")
trap 'rm -f "$tmp"' EXIT
"$savvy" score "$recording" --json --no-save "$@" > "$tmp"
mv "$tmp" "$result"
trap - EXIT
