#!/usr/bin/env bash
# `npm test`: every check of the kit in one command. Each step runs even when an earlier one
# failed, so that one run reports everything; the exit code is non-zero when any step failed.
# Runner results land in reports/ where scripts/ci-summary.ts reads them.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/vitest.json reports/playwright.json reports/console-playwright.json reports/gates.json
failed_gates=()
step() {
  local name=$1
  shift
  echo "== $name"
  if "$@"; then
    echo "== $name: ok"
  else
    echo "== $name: FAILED"
    failed_gates+=("$name")
  fi
}
step "generated artefacts are current" bash scripts/build-spec.sh --check
step "typecheck" npx --no-install tsc --noEmit
step "lint and format" npx --no-install biome check .
step "layers" npm run --silent lint:layers
step "spec lint" bash scripts/spec-lint.sh
step "unit tests" npx --no-install vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
if [ -f playwright.config.ts ]; then
  step "contract suite" npx --no-install playwright test
fi
# The mock's pages in real Chromium (Debian's package; see console/playwright.config.ts).
step "console in Chromium" npx --no-install playwright test -c console/playwright.config.ts
printf '%s\n' "${failed_gates[@]}" | node -e '
  const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean);
  require("fs").writeFileSync("reports/gates.json", JSON.stringify({ failed: lines }, null, 2));'
if [ ${#failed_gates[@]} -gt 0 ]; then
  echo "failed steps: ${failed_gates[*]}"
  exit 1
fi
