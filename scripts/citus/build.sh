#!/usr/bin/env bash
# Builds Citus from the source kept beside the checkout and installs it into PostgreSQL 15, once per
# machine: when citus.so is already installed this does nothing. Citus is in neither Debian nor npm,
# and these machines reach no other source, so the tarball and its patch live in ../shared/citus.
#
#   npm run citus:build    (as root: it installs Debian packages and writes PostgreSQL's lib folders)
#
# CITUS_SOURCE_DIR overrides the folder of the tarball; PG_CONFIG the pg_config of the target server.
set -euo pipefail

PG_CONFIG="${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}"
# The server's own pg_config comes with postgresql-server-dev-15; Debian's /usr/bin/pg_config
# answers the same paths until then.
PG_CONFIG_NOW="$PG_CONFIG"
[ -x "$PG_CONFIG_NOW" ] || PG_CONFIG_NOW=pg_config

if [ -f "$("$PG_CONFIG_NOW" --pkglibdir)/citus.so" ]; then
  echo "citus: already installed in $("$PG_CONFIG_NOW" --pkglibdir), nothing to do"
  exit 0
fi

# The shared folder sits beside the checkout. A git worktree lives elsewhere, so the main checkout
# (the parent of the common git directory) is asked too.
find_source_dir() {
  if [ -n "${CITUS_SOURCE_DIR:-}" ]; then
    echo "$CITUS_SOURCE_DIR"
    return
  fi
  local script_dir root common
  script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  root="$(cd "$script_dir/../.." && pwd)"
  if [ -d "$root/../shared/citus" ]; then
    (cd "$root/../shared/citus" && pwd)
    return
  fi
  common="$(git -C "$root" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)"
  if [ -n "$common" ] && [ -d "$(dirname "$common")/../shared/citus" ]; then
    (cd "$(dirname "$common")/../shared/citus" && pwd)
    return
  fi
  echo "citus: no ../shared/citus beside $root; set CITUS_SOURCE_DIR" >&2
  exit 1
}
SOURCE_DIR="$(find_source_dir)"
TARBALL="$(ls "$SOURCE_DIR"/citus-*.tar.gz | head -n 1)"
PATCH="$SOURCE_DIR/pg15.20-have_createdb_privilege.patch"

now() { date +%s.%N; }
report() { awk -v name="$1" -v start="$2" -v end="$(now)" 'BEGIN { printf "citus: %-14s %6.1f s\n", name, end - start }'; }
TOTAL_START=$(now)

# libkrb5-dev is needed although Citus does not use Kerberos: PostgreSQL's server headers include
# gssapi/gssapi.h. The tarball carries a generated configure, so no autoconf, flex or bison.
PACKAGES=(postgresql-server-dev-15 libcurl4-openssl-dev liblz4-dev libzstd-dev libkrb5-dev make gcc patch)
MISSING=()
for pkg in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || MISSING+=("$pkg")
done
START=$(now)
if [ ${#MISSING[@]} -gt 0 ]; then
  echo "citus: installing ${MISSING[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends "${MISSING[@]}" \
    || { apt-get update && apt-get install -y --no-install-recommends "${MISSING[@]}"; }
fi
report "packages" "$START"
[ -x "$PG_CONFIG" ] || { echo "citus: $PG_CONFIG is missing after installing the packages" >&2; exit 1; }

WORK="$(mktemp -d -t citus-build-XXXXXX)"
trap 'rm -rf "$WORK"' EXIT

START=$(now)
tar -xzf "$TARBALL" -C "$WORK"
cd "$WORK"/citus-*
# Debian's 15.20 headers declare have_createdb_privilege(), which Citus 13.1/13.2 also defines as a
# static inline; the two clash. Remove Citus's copy only when the server declares its own.
if grep -q 'have_createdb_privilege' "$("$PG_CONFIG" --includedir-server)/commands/dbcommands.h"; then
  patch -p0 --forward < "$PATCH"
  echo "citus: applied $(basename "$PATCH")"
fi
report "unpack" "$START"

START=$(now)
./configure PG_CONFIG="$PG_CONFIG" > configure.log 2>&1 || { tail -n 40 configure.log; exit 1; }
report "configure" "$START"

# with_llvm=no: plain make also compiles clang bitcode for JIT inlining, which takes longer and
# which the tests do not need.
START=$(now)
make -j2 with_llvm=no > make.log 2>&1 || { tail -n 40 make.log; exit 1; }
report "make -j2" "$START"

START=$(now)
make install with_llvm=no > install.log 2>&1 || { tail -n 40 install.log; exit 1; }
report "make install" "$START"

report "total" "$TOTAL_START"
ls -l "$("$PG_CONFIG" --pkglibdir)/citus.so"
