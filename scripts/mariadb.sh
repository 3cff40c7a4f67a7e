#!/usr/bin/env bash
# Starts or stops a private MariaDB server on 127.0.0.1 for tests and benchmarks, with its own
# data directory (no systemd, nothing shared with a system database).
#   scripts/mariadb.sh start [dir]    a fresh, empty server (the dir is wiped unless the server
#                                     is running); prints the TEST_DATABASE_URL to use
#   scripts/mariadb.sh stop [dir]     a clean shutdown; the data stays in the dir
#   scripts/mariadb.sh resume [dir]   starts a stopped server again on its data, same port
#                                     (the fault scripts restart the database under load)
set -euo pipefail

DIR=${2:-${MARIADB_DIR:-/tmp/festival-mariadb}}
PORT=${MARIADB_PORT:-3306}
SOCKET=$DIR/mysqld.sock
PIDFILE=$DIR/mysqld.pid
DB=${MARIADB_DATABASE:-festival_test}
USER_NAME=festival
USER_PASSWORD=festival

running() {
  [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

# Starts mariadbd on the data already in $DIR/data and waits until it answers.
launch() {
  command -v mariadbd >/dev/null || PATH=$PATH:/usr/sbin
  command -v mariadbd >/dev/null || { echo "mariadbd not found: apt-get install -y mariadb-server" >&2; exit 1; }
  echo "$PORT" >"$DIR/port"
  mariadbd --no-defaults --user=mysql --datadir="$DIR/data" --socket="$SOCKET" --pid-file="$PIDFILE" \
    --port="$PORT" --bind-address=127.0.0.1 --skip-name-resolve \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
    --max-connections=500 --innodb-flush-log-at-trx-commit=2 >>"$DIR/server.log" 2>&1 &
  for _ in $(seq 1 100); do
    mariadb-admin --socket="$SOCKET" -uroot ping >/dev/null 2>&1 && break
    sleep 0.2
  done
  mariadb-admin --socket="$SOCKET" -uroot ping >/dev/null 2>&1 || { cat "$DIR/server.log" >&2; exit 1; }
}

start() {
  command -v mariadb-install-db >/dev/null || PATH=$PATH:/usr/sbin
  if running; then
    echo "MariaDB already running from $DIR" >&2
  else
    rm -rf "$DIR" && mkdir -p "$DIR/data"
    chown -R mysql:mysql "$DIR" 2>/dev/null || true
    mariadb-install-db --no-defaults --user=mysql --datadir="$DIR/data" \
      --auth-root-authentication-method=socket --skip-test-db >"$DIR/install.log" 2>&1
    launch
  fi
  mariadb --socket="$SOCKET" -uroot <<SQL
CREATE DATABASE IF NOT EXISTS \`$DB\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$USER_NAME'@'127.0.0.1' IDENTIFIED BY '$USER_PASSWORD';
CREATE USER IF NOT EXISTS '$USER_NAME'@'localhost' IDENTIFIED BY '$USER_PASSWORD';
GRANT ALL PRIVILEGES ON *.* TO '$USER_NAME'@'127.0.0.1';
GRANT ALL PRIVILEGES ON *.* TO '$USER_NAME'@'localhost';
FLUSH PRIVILEGES;
SQL
  echo "mysql://$USER_NAME:$USER_PASSWORD@127.0.0.1:$PORT/$DB"
}

resume() {
  [ -d "$DIR/data" ] || { echo "No MariaDB data in $DIR: use start" >&2; exit 1; }
  if running; then
    echo "MariaDB already running from $DIR" >&2
  else
    [ -f "$DIR/port" ] && PORT=$(cat "$DIR/port")
    launch
  fi
  echo "mysql://$USER_NAME:$USER_PASSWORD@127.0.0.1:$PORT/$DB"
}

stop() {
  [ -f "$PIDFILE" ] || return 0
  local pid
  pid=$(cat "$PIDFILE")
  mariadb-admin --socket="$SOCKET" -uroot shutdown >/dev/null 2>&1 || kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  resume) resume ;;
  *) echo "usage: $0 start|stop|resume [dir]" >&2; exit 2 ;;
esac
