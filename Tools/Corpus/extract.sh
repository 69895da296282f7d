#!/usr/bin/env bash
# Extracts every manifest repository at its pinned commit from the local mirrors into the corpus:
# its .swift files and the other files mvilint reads (.mvilint.json, Package.swift, *.pbxproj,
# *.xcconfig, Core Data model contents).
#   Tools/Corpus/extract.sh       (MIRROR, CORPUS and MANIFEST override the defaults;
#                                  SWIFT_ONLY=1 takes the .swift files alone)
# A repository already extracted at its commit is skipped. Exit status 1 if a mirror or commit
# was missing or an extraction failed (the other repositories are still extracted).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
manifest=${MANIFEST:-$here/manifest.tsv}
mirror=${MIRROR:-/work/.mirror}
corpus=${CORPUS:-/work/corpus}

# git pathspecs (a `*` also matches `/`) and the same sets as regular expressions: git archive
# fails on a pathspec that matches nothing, so only the pathspecs that match are passed.
patterns=('*.swift' '*.mvilint.json' '*.pbxproj' '*.xcconfig' '*.xcdatamodel/contents')
regexes=('\.swift$' '\.mvilint\.json$' '\.pbxproj$' '\.xcconfig$' '\.xcdatamodel/contents$')
if [[ ${SWIFT_ONLY:-0} == 1 ]]; then patterns=('*.swift'); regexes=('\.swift$'); fi

# The git directory of a mirror holding $2: <mirror>/<owner>+<name>/<something>[/.git] (as the
# snapshots under /work/.mirror are laid out), or a clone or bare clone at <mirror>/<owner>+<name>.
git_dir() {
    local g
    for g in "$1"/*/.git "$1"/* "$1"/.git "$1"; do
        if git --git-dir="$g" cat-file -e "$2^{commit}" 2>/dev/null; then echo "$g"; return 0; fi
    done
    return 1
}

mkdir -p "$corpus"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
extracted=0 skipped=0 missing=0 failed=0
while IFS=$'\t' read -r repo commit _; do
    key=${repo/\//+}
    dest=$corpus/$key
    if [[ -f $dest/.corpus-commit && $(<"$dest/.corpus-commit") == "$commit" ]]; then
        skipped=$((skipped + 1)); continue
    fi
    if ! gitdir=$(git_dir "$mirror/$key" "$commit"); then
        echo "missing: $repo ($commit not in a mirror under $mirror/$key)"; missing=$((missing + 1)); continue
    fi
    git --git-dir="$gitdir" ls-tree -r -z --name-only "$commit" >"$tmp/names"
    specs=()
    for i in "${!patterns[@]}"; do
        if grep -qzE "${regexes[$i]}" "$tmp/names"; then specs+=("${patterns[$i]}"); fi
    done
    rm -rf "$dest" "$dest.partial"; mkdir -p "$dest.partial"
    # Snapshots lack blobs of 4 MiB and more: git archive names them on stderr even when the
    # pathspecs leave them out, so its stderr is shown only when it fails.
    if ((${#specs[@]})) && git --git-dir="$gitdir" archive --format=tar "$commit" -- "${specs[@]}" \
            2>"$tmp/err" | tar -x -C "$dest.partial"; then
        echo "$commit" >"$dest.partial/.corpus-commit"
        mv "$dest.partial" "$dest"
        echo "extracted: $repo $(find "$dest" -name '*.swift' -type f | wc -l) Swift files"
        extracted=$((extracted + 1))
    else
        echo "FAILED: $repo (git archive or tar failed)"; cat "$tmp/err"; rm -rf "$dest.partial"; failed=$((failed + 1))
    fi
done < <(tail -n +2 "$manifest")

echo "done: $extracted extracted, $skipped already there, $missing missing, $failed failed;" \
    "$(find "$corpus" -name '*.swift' -type f | wc -l) Swift files," \
    "$(du -sm "$corpus" | cut -f1) MB in $corpus"
((missing + failed == 0))
