#!/usr/bin/env bash
# Set-up for the tests (the README's test command and .ci/run call it): what the table needs (scripts/setup.sh),
# then the real stacks the tests run against: a virtual smart-card reader (vsmartcard-vpcd), mosquitto, socat (serial
# pty pairs), Chromium (the board pages) and the StandardFirmata firmware for the board emulator. Not for a
# production table. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

packages=(vsmartcard-vpcd mosquitto socat chromium udev)
# shellcheck source=scripts/apt-install.sh
. scripts/apt-install.sh
apt_install "${packages[@]}"
# The tests start their own mosquitto on free ports. The Debian package also starts a system broker on 1883, where
# `npm start`'s embedded broker listens: when this script has just installed it, that broker is stopped and
# disabled. A mosquitto that was there before (a venue's broker) is left alone.
for p in "${APT_NEWLY_INSTALLED[@]}"; do
  if [ "$p" = mosquitto ] && command -v systemctl >/dev/null 2>&1 && [ -d "${SETUP_SYSTEMD_RUN_DIR:-/run/systemd/system}" ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: stopping the mosquitto service this script just installed (the tests run their own)"
    $sudo systemctl disable --now mosquitto 2>/dev/null || true
  fi
done

bash test/helpers/fetch-firmata.sh
echo "setup: done. Run the tests with 'npm test'."
