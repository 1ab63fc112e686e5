#!/usr/bin/env bash
# Set-up for running the table (the README's first command; also on a production Raspberry Pi): the system
# packages the table needs (the compilers for the native npm modules, PC/SC for the card shoe, the MQTT command-line
# clients to watch the table) and the npm packages. It starts, stops and disables no service: a venue's own
# mosquitto, pcscd or anything else stays as it is. The tests need more: scripts/setup-tests.sh. Safe to run again.
#
#   bash scripts/setup.sh              # packages + npm ci (with the dev tools: type check, lint)
#   bash scripts/setup.sh --omit-dev   # production: the table only (npm ci --omit=dev)
#   bash scripts/setup.sh --reinstall  # npm ci even when node_modules already matches package-lock.json
set -euo pipefail
cd "$(dirname "$0")/.."

omit_dev=0
reinstall=0
for arg in "$@"; do
  case "$arg" in
    --omit-dev) omit_dev=1 ;;
    --reinstall) reinstall=1 ;;
    *) echo "setup: unknown option $arg (known: --omit-dev, --reinstall)" >&2; exit 2 ;;
  esac
done

# python3, make, g++: npm builds better-sqlite3, serialport and nfc-pcsc when no prebuilt binary fits.
# libpcsclite-dev: nfc-pcsc builds against it; pcscd: the card shoe's PC/SC daemon (socket-activated: it runs only
# when the table asks). mosquitto-clients: mosquitto_sub to watch the table (no broker is installed).
packages=(python3 make g++ libpcsclite-dev pcscd mosquitto-clients)
# shellcheck source=scripts/apt-install.sh
. scripts/apt-install.sh
apt_install "${packages[@]}"

# npm ci deletes node_modules first: under a running table (the tests' set-up run beside it) that pulls its modules
# away. npm writes node_modules/.package-lock.json at the end of an install; newer than package-lock.json, it says
# the modules are the locked ones and there is nothing to do.
if [ "$reinstall" -eq 0 ] && [ -f node_modules/.package-lock.json ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  echo "setup: node_modules already matches package-lock.json: npm ci skipped (--reinstall forces it)"
elif [ "$omit_dev" -eq 1 ]; then
  npm ci --omit=dev --no-audit --no-fund
else
  npm ci --no-audit --no-fund
fi
echo "setup: done. Run the table with 'npm start'; for the tests, 'bash scripts/setup-tests.sh' once."
