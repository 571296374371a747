#!/usr/bin/env bash
# Installs, from Debian's packages, the external analysers Tidemark runs when it finds them on
# PATH (ShellCheck for shell scripts; the Go, C/C++, Java, Ruby, PHP, YAML and second Python tools
# of the same kind): the server restarted afterwards sees them. Idempotent: what is installed is
# left as it is. Run as root on Debian 12 (or a system with its packages):
#
#   sudo scripts/install-analysers.sh              # every analyser
#   sudo scripts/install-analysers.sh shellcheck   # only those named
set -euo pipefail

# Debian 12's versions: shellcheck 0.9.0, golang-go 1.19 (go vet) with go-staticcheck 2023.1,
# cppcheck 2.10, checkstyle 8.36.1, rubocop 1.39.0, php-codesniffer 3.7.1, yamllint 1.29.0,
# pylint 2.16.2.
analysers=(shellcheck golang-go go-staticcheck cppcheck checkstyle rubocop php-codesniffer yamllint pylint)

wanted=("$@")
[ ${#wanted[@]} -eq 0 ] && wanted=("${analysers[@]}")
for package in "${wanted[@]}"; do
  if [[ " ${analysers[*]} " != *" ${package} "* ]]; then
    echo "install-analysers: ${package} is not one of Tidemark's analysers (${analysers[*]})" >&2
    exit 2
  fi
done

if [ "$(id -u)" -ne 0 ]; then
  echo "install-analysers: installing Debian packages needs root: sudo $0 $*" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-analysers: apt-get is not here (not Debian or Ubuntu): install ${wanted[*]} with this system's package manager" >&2
  exit 1
fi

missing=()
for package in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-analysers: already installed: ${wanted[*]}"
  exit 0
fi

echo "install-analysers: installing ${missing[*]} (apt-get)..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "install-analysers: installed ${missing[*]}; restart the server for it to find them"
