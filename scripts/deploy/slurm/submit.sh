#!/usr/bin/env bash
# Submit a sharded `dominosa build` to Slurm: an array of N shard builds (shard.sbatch) and a
# merge (merge.sbatch) that starts only once every shard has succeeded. Rerunning the same
# command resumes: a shard resumes from its last committed batch, and the merge is idempotent.
#
#   scripts/deploy/slurm/submit.sh --shards N --out DIR [--cpus K] [--audit] -- BUILD-OPTIONS...
#
# BUILD-OPTIONS are `dominosa build`'s (--sizes, --per-tier, --seed, --max-slots, ...); this
# script adds --shard i/N, --db DIR/shard-i.sqlite and --jobs K. DIR must be on a filesystem every
# node sees. Partition, time limit, account and so on come from Slurm's own SBATCH_* variables.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
usage() {
  echo "usage: $0 --shards N --out DIR [--cpus K] [--audit] [--cli FILE] [--node FILE] -- BUILD-OPTIONS..." >&2
  exit 2
}
fail() {
  echo "submit.sh: $*" >&2
  exit 2
}

shards='' out='' cpus=1 audit=0
cli="$here/../../../dist/scripts/cli.js"
node=$(command -v node || true)
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) [ $# -ge 2 ] || usage; shards=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
    --cpus) [ $# -ge 2 ] || usage; cpus=$2; shift 2 ;;
    --audit) audit=1; shift ;;
    --cli) [ $# -ge 2 ] || usage; cli=$2; shift 2 ;;
    --node) [ $# -ge 2 ] || usage; node=$2; shift 2 ;;
    --) shift; break ;;
    -h | --help) usage ;;
    *) fail "unknown option $1 (build options go after --)" ;;
  esac
done
[ -n "$shards" ] && [ -n "$out" ] || usage
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || fail "--shards must be a whole number ≥ 1 (got $shards)"
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || fail "--cpus must be a whole number ≥ 1 (got $cpus)"
for a in "$@"; do
  case "$a" in
    --shard | --shard=* | --db | --db=* | --jobs | --jobs=* | --dry-run) fail "$a: this script sets --shard, --db, --jobs and --dry-run itself (from --shards, --out, --cpus)" ;;
  esac
done
[ -n "$node" ] && [ -x "$node" ] || fail "no node to run dominosa with (put it on PATH or pass --node)"
[ -f "$cli" ] || fail "no dominosa at $cli (run npm ci in the checkout, or pass --cli)"
command -v sbatch >/dev/null || fail "sbatch is not on PATH: run this on a Slurm submit host"

mkdir -p "$out/logs"
out=$(cd "$out" && pwd)
cli=$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")
# The shards' command line is checked here, once, rather than failing in every array task.
if ! checked=$("$node" "$cli" build "$@" --shard "0/$shards" --db "$out/shard-0.sqlite" --jobs "$cpus" --dry-run 2>&1); then
  echo "$checked" >&2
  exit 2
fi

array=$(sbatch --parsable --array="0-$((shards - 1))" --cpus-per-task="$cpus" \
  --output="$out/logs/shard-%A_%a.out" "$here/shard.sbatch" "$node" "$cli" "$out" "$shards" "$cpus" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --cpus-per-task="$cpus" \
  --output="$out/logs/merge-%j.out" "$here/merge.sbatch" "$node" "$cli" "$out" "$shards" "$audit")
merge=${merge%%;*}

cat <<MSG
submitted job $array (shards 0-$((shards - 1)) of $shards) and job $merge (the merge, once every shard has succeeded)
  follow:   squeue -j $array,$merge
  details:  scontrol show job $merge
  logs:     $out/logs/shard-${array}_<i>.out and $out/logs/merge-$merge.out
  catalog:  $out/catalog.sqlite
  cancel:   scancel $array $merge
A failed shard cancels the merge; run this same command again to resume where it stopped.
MSG
