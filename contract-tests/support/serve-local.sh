#!/usr/bin/env bash
# Starts the contract suite's local servers at once (playwright.config.ts runs it as its one
# webServer when BASE_URL is absent): the kit's mock, a second mock for the isolated project, and
# `prism proxy --errors` in front of the first mock. Playwright runs webServers one after the
# other; started together here they are ready seconds sooner. Playwright stops the whole process
# group at the end of the run.
#
# Usage: serve-local.sh MOCK_PORT ISOLATED_PORT PRISM_PORT [PLATFORM_PORT [ISOLATED_DIALECT]]
# PLATFORM_PORT, when given, gets a mock in the platform dialect (decision 026); the isolated
# project's mock answers in ISOLATED_DIALECT (reference by default).
set -euo pipefail
cd "$(dirname "$0")/../.."
mock_port=$1
isolated_port=$2
prism_port=$3
platform_port=${4:-}
isolated_dialect=${5:-reference}

# The same entry point as `npm start -- --port N --quiet`, without npm's own start-up.
node --import tsx bin/data-import-mock.ts --port "$mock_port" --quiet &
node --import tsx bin/data-import-mock.ts --port "$isolated_port" --quiet --dialect "$isolated_dialect" &
if [ -n "$platform_port" ]; then
  node --import tsx bin/data-import-mock.ts --port "$platform_port" --quiet --dialect platform &
fi

# prism connects to the mock only when a request comes, so all three start together; the global
# setup waits until both mocks answer.
exec node_modules/.bin/prism proxy --errors -v error -p "$prism_port" spec/dist/openapi.json \
  "http://127.0.0.1:${mock_port}"
