#!/usr/bin/env bash
# One-time set-up for a fresh Debian/Raspberry Pi OS machine: the system packages the real stacks need
# (PC/SC, virtual reader, mosquitto, socat, Chromium for the board tests), the npm packages, and the
# StandardFirmata firmware the emulator tests run. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libpcsclite-dev pcscd vsmartcard-vpcd mosquitto mosquitto-clients socat chromium udev python3 make g++)
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# Debian starts these as services when it can; the tests start their own on private ports and sockets.
# The mosquitto package starts a broker on port 1883, where `npm start`'s embedded broker listens: the tests run
# their own mosquitto on free ports, so the system one is stopped and disabled. pcscd is left alone (a real shoe
# needs it; the tests start and stop their own).
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  ${sudo:-} systemctl disable --now mosquitto 2>/dev/null || true
fi

npm ci --no-audit --no-fund
bash test/helpers/fetch-firmata.sh
echo "setup: done. Run the table with 'npm start', the tests with 'npm test'."
