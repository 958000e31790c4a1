#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests, in a temporary folder on a free loopback port.
#   eval "$(bash Tests/throwaway-postgres.sh start)"   exports ATRIUM_TEST_POSTGRES_URL (and _DIR)
#   bash Tests/throwaway-postgres.sh stop "$ATRIUM_TEST_POSTGRES_DIR"
# Uses Debian's PostgreSQL (installing it when missing). PostgreSQL refuses to run as root, so as
# root the server runs as the postgres user. Messages go to stderr; only the exports to stdout.
set -euo pipefail

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
start)
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [ -z "$bin" ]; then
    echo "Installing PostgreSQL for the storage tests…" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  fi
  dir=$(mktemp -d /tmp/atrium-postgres.XXXXXX)
  password=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  printf '%s\n' "$password" > "$dir/password"
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres "$dir"; fi
  chmod 700 "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U atrium --pwfile="$dir/password" --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
  # fsync off: the server and its data are thrown away after the run.
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o \
    "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=1000 -c fsync=off -c synchronous_commit=off" start >/dev/null
  PGPASSWORD="$password" "$bin/createdb" -h 127.0.0.1 -p "$port" -U atrium atrium
  echo "PostgreSQL for the tests: 127.0.0.1:$port ($dir)" >&2
  echo "export ATRIUM_TEST_POSTGRES_URL='postgres://atrium:$password@127.0.0.1:$port/atrium?sslmode=disable'"
  echo "export ATRIUM_TEST_POSTGRES_DIR='$dir'"
  ;;
stop)
  dir="${2:?the folder start printed}"
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  ;;
*)
  echo "usage: $0 start | stop <folder>" >&2
  exit 2
  ;;
esac
