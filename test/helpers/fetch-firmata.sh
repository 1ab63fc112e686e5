#!/bin/sh
# Fetches the StandardFirmata firmware for an Arduino Uno (Firmata 2.4, LGPL) that the avr8js tests run.
# `npm install avrgirl-arduino` fails here (one of its dependencies is a git URL), so the package tarball is taken
# from the npm registry with `npm pack` and only the hex is extracted. The firmware is never committed: it lives in
# .cache/firmata/ (which ignores itself). Safe to run repeatedly; CI runs it once before the tests.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
dest="$root/.cache/firmata"
hex="$dest/StandardFirmata-uno.hex"
# SHA-256 of junk/hex/uno/StandardFirmata.cpp.hex in avrgirl-arduino@5.0.1, checked so a changed tarball is noticed.
expected=6d57ea7cf30e26c9c2f3a01ee37907d2c951f8bc9c27f84dddad12fa9c8b8f36

mkdir -p "$dest"
printf '*\n' > "$dest/.gitignore"

if [ -s "$hex" ] && echo "$expected  $hex" | sha256sum -c --status; then
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
npm pack avrgirl-arduino@5.0.1 --pack-destination "$tmp" --silent > /dev/null
tar -xzf "$tmp/avrgirl-arduino-5.0.1.tgz" -C "$tmp" package/junk/hex/uno/StandardFirmata.cpp.hex
if ! echo "$expected  $tmp/package/junk/hex/uno/StandardFirmata.cpp.hex" | sha256sum -c --status; then
  echo "fetch-firmata: StandardFirmata.cpp.hex from avrgirl-arduino@5.0.1 does not match the expected SHA-256" >&2
  exit 1
fi
mv "$tmp/package/junk/hex/uno/StandardFirmata.cpp.hex" "$hex"
echo "fetch-firmata: $hex"
