#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL server for the API suite, in a temporary folder on
# port 54329, as the postgres system user. `start` prints the admin connection URL.
# PG_TEST_PORT and PG_TEST_DIR let two checkouts on one machine run their suites side by side.
set -euo pipefail
PORT=${PG_TEST_PORT:-54329}
DIR=${PG_TEST_DIR:-/tmp/insure-h5-pg}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "postgresql is not installed" >&2; exit 1; }
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }

case "${1:-start}" in
  start)
    if ! run "$bin/pg_ctl -D $DIR status" >/dev/null 2>&1; then
      rm -rf "$DIR"; mkdir -p "$DIR"
      [ "$(id -u)" = 0 ] && chown postgres "$DIR"
      run "$bin/initdb -D $DIR -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
      run "$bin/pg_ctl -D $DIR -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200' -l $DIR/log -w start" >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    run "$bin/pg_ctl -D $DIR -m fast stop" >/dev/null 2>&1 || true
    ;;
esac
