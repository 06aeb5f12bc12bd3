#!/usr/bin/env sh
# Installs zsh and fish for the completion tests (Debian/Ubuntu, as root). A no-op when both exist,
# when not root or without apt-get: the tests then skip those shells with a message.
set -u
missing=""
command -v zsh >/dev/null 2>&1 || missing="$missing zsh"
command -v fish >/dev/null 2>&1 || missing="$missing fish"
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-shells: not root or no apt-get; missing:$missing (their tests will be skipped)" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! apt-get install -y --no-install-recommends $missing >/dev/null 2>&1; then
  apt-get update >/dev/null 2>&1 || true
  # shellcheck disable=SC2086
  apt-get install -y --no-install-recommends $missing >/dev/null 2>&1 ||
    echo "install-shells: could not install:$missing (their tests will be skipped)" >&2
fi
exit 0
