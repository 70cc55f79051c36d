#!/usr/bin/env bash
# Regenerates src-main/cli/fixtures/expected/<name>.json from the independent Python reference
# (scripts/reference/sciagent_reference.py), one golden per fixture folder. Run after
# scripts/reference/make_fixtures.py. The goldens are what the process tests hold the CLI to.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
fixtures="$root/src-main/cli/fixtures"
reference="$root/scripts/reference/sciagent_reference.py"
mkdir -p "$fixtures/expected"
rm -f "$fixtures/expected/"*.json
for dir in "$fixtures"/*/; do
  name="$(basename "$dir")"
  [ "$name" = expected ] && continue
  python3 "$reference" "$dir" > "$fixtures/expected/$name.json"
  echo "expected/$name.json"
done
