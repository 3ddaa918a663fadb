#!/usr/bin/env bash
# Installs and starts PostgreSQL for the server's tests, idempotently, and prints the URL
# of a test database on stdout (everything else goes to stderr):
#
#   export SHATAR_TEST_POSTGRES_URL="$(bash scripts/install-test-deps-server.sh)"
#   cargo test -p shatar-server
#
# With --browser it also installs headless Chromium and the CJK/Mongolian fonts for the
# browser end-to-end tests (crates/server/tests/browser.rs).
#
# Needs root (apt-get). Safe to run again: it installs, creates and starts only what is
# missing.
set -euo pipefail

log() { echo "install-test-deps-server: $*" >&2; }

apt_updated=0
apt_install() {
    export DEBIAN_FRONTEND=noninteractive
    if [ "$apt_updated" = 0 ]; then
        apt-get update -qq >&2
        apt_updated=1
    fi
    apt-get install -y -qq "$@" >&2
}

if [ "${1:-}" = "--browser" ]; then
    if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then
        log "installing Chromium and fonts with apt-get"
        apt_install chromium fonts-noto-cjk fonts-noto-core
    fi
fi

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    log "installing PostgreSQL with apt-get"
    apt_install postgresql
fi

version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -qx "$version main"; then
    log "creating cluster $version/main"
    pg_createcluster "$version" main >&2
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}' | grep -qx online; then
    log "starting cluster $version/main"
    pg_ctlcluster "$version" main start >&2
fi
port="$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')"

for _ in $(seq 1 60); do
    pg_isready -q -h 127.0.0.1 -p "$port" && break
    sleep 0.5
done
pg_isready -h 127.0.0.1 -p "$port" >&2

psql_as_postgres() { su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -tAc \"$1\""; }
if [ "$(psql_as_postgres "SELECT 1 FROM pg_roles WHERE rolname = 'shatar'")" != "1" ]; then
    log "creating role shatar"
    psql_as_postgres "CREATE ROLE shatar LOGIN PASSWORD 'shatar'" >&2
fi
# Each PostgreSQL test scenario runs on a database of its own, which it creates and drops.
if [ "$(psql_as_postgres "SELECT rolcreatedb FROM pg_roles WHERE rolname = 'shatar'")" != "t" ]; then
    log "letting role shatar create databases"
    psql_as_postgres "ALTER ROLE shatar CREATEDB" >&2
fi
if [ "$(psql_as_postgres "SELECT 1 FROM pg_database WHERE datname = 'shatar_test'")" != "1" ]; then
    log "creating database shatar_test"
    psql_as_postgres "CREATE DATABASE shatar_test OWNER shatar" >&2
fi

echo "postgres://shatar:shatar@127.0.0.1:${port}/shatar_test"
