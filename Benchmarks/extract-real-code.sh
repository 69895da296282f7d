#!/usr/bin/env bash
# Extracts the .swift files of the real-code benchmark's repositories (Benchmarks/real-code.tsv)
# at their pinned commits into Benchmarks/.real-code/<owner>+<name>/ (ignored by git).
#
#   Benchmarks/extract-real-code.sh
#
# Environment:
#   MIRROR  where the local copies are: <MIRROR>/<owner>+<name>/ holding a clone (or a bare
#           clone, or a directory with one clone in it); default /work/.mirror
#   CLONE=1 clone a repository that is missing under MIRROR from github.com first
#   OUT     where the files go (default Benchmarks/.real-code)
#
# The extraction itself is Tools/Corpus/extract.sh (SWIFT_ONLY=1): a repository already
# extracted at its pinned commit is skipped. Each repository's folder, and OUT itself, get an
# empty `.git` directory: mvilint's search for the project root and its configuration stops
# there, so each folder is linted as a project of its own (as in a checkout) and not as part of
# this repository.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
manifest=$here/real-code.tsv
mirror=${MIRROR:-/work/.mirror}
out=${OUT:-$here/.real-code}

if [[ ${CLONE:-0} == 1 ]]; then
    while IFS=$'\t' read -r repo commit _; do
        key=${repo/\//+}
        if [[ ! -e $mirror/$key ]]; then
            mkdir -p "$mirror"
            git clone --bare --filter=blob:none "https://github.com/$repo.git" "$mirror/$key"
        fi
        git --git-dir="$mirror/$key" cat-file -e "$commit^{commit}" 2>/dev/null \
            || git --git-dir="$mirror/$key" fetch origin "$commit" || true
    done < <(tail -n +2 "$manifest")
fi

mkdir -p "$out"
MANIFEST=$manifest CORPUS=$out MIRROR=$mirror SWIFT_ONLY=1 "$here/../Tools/Corpus/extract.sh"

mkdir -p "$out/.git"
while IFS=$'\t' read -r repo _ _; do
    key=${repo/\//+}
    [[ -d $out/$key ]] && mkdir -p "$out/$key/.git"
done < <(tail -n +2 "$manifest")
exit 0
