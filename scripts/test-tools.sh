#!/usr/bin/env bash
# The programs the test suite compares with or drives, from Debian's packages, installed when
# missing: cloc (the analysis tests' anchor for lines of code), Chromium (the dashboard's
# end-to-end test), ShellCheck, Cppcheck, RuboCop, Go and Staticcheck, yamllint, Checkstyle, Pylint,
# PHP_CodeSniffer (the shell, C/C++, Ruby, Go, YAML, Java, second Python and PHP plug-ins' tests run
# them). Part of `pnpm test`, so that the README's one test command works on
# a fresh machine of this project.
set -euo pipefail

missing=()
command -v cloc >/dev/null 2>&1 || missing+=(cloc)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
command -v cppcheck >/dev/null 2>&1 || missing+=(cppcheck)
command -v rubocop >/dev/null 2>&1 || missing+=(rubocop)
command -v go >/dev/null 2>&1 || missing+=(golang-go)
command -v staticcheck >/dev/null 2>&1 || command -v go-staticcheck >/dev/null 2>&1 || missing+=(go-staticcheck)
command -v yamllint >/dev/null 2>&1 || missing+=(yamllint)
command -v checkstyle >/dev/null 2>&1 || missing+=(checkstyle)
command -v pylint >/dev/null 2>&1 || missing+=(pylint)
command -v phpcs >/dev/null 2>&1 || missing+=(php-codesniffer)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need ${missing[*]} (Debian packages): install them, e.g. sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} for the tests (apt-get)..." >&2
apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
