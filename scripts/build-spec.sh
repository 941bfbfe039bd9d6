#!/usr/bin/env bash
# Bundles the hand-written spec files into spec/dist/*.json and generates spec/generated/*.ts.
# With --check it writes nothing and fails when a committed artefact differs from what the
# sources give, so that generated types and bundles can never drift from the spec.
set -euo pipefail
cd "$(dirname "$0")/.."
export REDOCLY_TELEMETRY=off
mode=${1:-write}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stale=0
for name in openapi control; do
  src="spec/$name.yaml"
  [ -f "$src" ] || continue
  npx --no-install redocly bundle "$src" --ext json -o "$tmp/$name.json" >/dev/null 2>"$tmp/$name.err" || {
    cat "$tmp/$name.err" >&2
    exit 1
  }
  npx --no-install openapi-typescript "$tmp/$name.json" -o "$tmp/$name.ts" --root-types --default-non-nullable false >/dev/null 2>"$tmp/$name.ts.err" || {
    cat "$tmp/$name.ts.err" >&2
    exit 1
  }
  # openapi-typescript has no if/then/else: the account's form is chosen by if/then/else (an
  # optional account_type cannot drive a discriminator), so its type is the union of the forms.
  sed -i 's|^        Account: Record<string, never>;|        Account: components["schemas"]["DomesticAccount"] \| components["schemas"]["BusinessAccount"];|' "$tmp/$name.ts"
  pairs=("$name.json:spec/dist/$name.json" "$name.ts:spec/generated/$name.ts")
  if [ "$name" = openapi ]; then
    # The error catalogue's codes as TypeScript unions (decision 008).
    npx --no-install tsx scripts/generate-error-codes.ts "$tmp/$name.json" "$tmp/error-codes.ts"
    npx --no-install biome format "$tmp/error-codes.ts" --write >/dev/null 2>&1 || true
    pairs+=("error-codes.ts:spec/generated/error-codes.ts")
    # UK phone numbers as patterns compiled from libphonenumber's metadata (decision 027).
    npx --no-install tsx scripts/generate-phone-patterns.ts "$tmp/uk-phone-patterns.ts"
    npx --no-install biome format "$tmp/uk-phone-patterns.ts" --write >/dev/null 2>&1 || true
    pairs+=("uk-phone-patterns.ts:spec/generated/uk-phone-patterns.ts")
    # Every request body's validator as ajv standalone code (decision 027).
    npx --no-install tsx scripts/generate-request-validators.ts "$tmp/$name.json" "$tmp/request-validators.ts"
    pairs+=("request-validators.ts:spec/generated/request-validators.ts")
    # The same validators stopping at the first failure: every body's first check (decision 027).
    npx --no-install tsx scripts/generate-request-validators.ts "$tmp/$name.json" "$tmp/request-first-checks.ts" --first-error
    pairs+=("request-first-checks.ts:spec/generated/request-first-checks.ts")
  fi
  if [ "$name" = control ]; then
    # The platform catalogue's defaults as a module of the spec (decision 015).
    npx --no-install tsx scripts/generate-platform-catalogue.ts "$tmp/platform-catalogue.ts"
    npx --no-install biome format "$tmp/platform-catalogue.ts" --write >/dev/null 2>&1 || true
    pairs+=("platform-catalogue.ts:spec/generated/platform-catalogue.ts")
  fi
  for pair in "${pairs[@]}"; do
    generated="$tmp/${pair%%:*}"
    target="${pair#*:}"
    if [ "$mode" = "--check" ]; then
      if ! cmp -s "$generated" "$target"; then
        echo "stale: $target does not match spec/$name.yaml; run npm run spec:build" >&2
        stale=1
      fi
    else
      cp "$generated" "$target"
    fi
  done
done
if [ "$mode" != "--check" ]; then
  npx --no-install tsx scripts/traceability.ts
fi
exit $stale
