#!/bin/sh
# Starts Debian's Chromium with every --disable-features switch joined into one.
# Chromium honours only the last such switch, and Playwright passes its own list:
# a second switch (scripts/lib/chromium.mjs) would switch Playwright's back on.
disabled=''
for arg do
  shift
  case $arg in
    --disable-features=*) disabled="${disabled:+$disabled,}${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "$@" ${disabled:+"--disable-features=$disabled"}
