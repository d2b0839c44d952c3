#!/usr/bin/env bash
# Makes sure Debian's Chromium headless shell is at /usr/bin/chromium-headless-shell for the browser
# tests (docs/decisions/065).
# Playwright's own browser downloads are never used: this machine reaches only the npm registry
# and Debian's packages.
set -euo pipefail

CHROMIUM=/usr/bin/chromium-headless-shell
PACKAGE=chromium-headless-shell

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

echo "Chromium is missing at $CHROMIUM: installing Debian's $PACKAGE package with apt-get."

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  echo "Cannot install Chromium: this needs root (or sudo without a password)." >&2
  echo "Install it by hand, then run the tests again:  sudo apt-get update && sudo apt-get install -y $PACKAGE" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Cannot install Chromium: apt-get is not available (the browser tests expect Debian's $PACKAGE at $CHROMIUM)." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update
"${SUDO[@]}" apt-get install -y "$PACKAGE"

if [ ! -x "$CHROMIUM" ]; then
  echo "apt-get finished but $CHROMIUM is still missing." >&2
  exit 1
fi
echo "Chromium installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
