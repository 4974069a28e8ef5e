#!/bin/sh
# The cluster's load test (docs/SCALING.md): PostgreSQL, three bot processes on sixteen
# shards, two workers and the fake Discord on loopback; 10,000 guilds, 5,000 games, 200 moves
# a second for two minutes, 20 games against the computer; then a bot process and a worker
# killed under the same load. Figures are printed as `load: …` lines.
#
# Knobs (environment, the issue's figures by default): LOAD_GUILDS, LOAD_GAMES, LOAD_RATE,
# LOAD_SECONDS, LOAD_KILL_SECONDS, LOAD_COMPUTER_GAMES, LOAD_PROCESSES, LOAD_SHARDS,
# LOAD_WORKERS, LOAD_THINK_MS (a member's pause before each move against the computer),
# LOAD_LOG (the processes' RUST_LOG). A small run: LOAD_GUILDS=200 LOAD_GAMES=100 LOAD_SHARDS=4 scripts/load-test.sh
set -eu
cd "$(dirname "$0")/.."
: "${TEST_DATABASE_URL:=postgres://postgres@127.0.0.1:5432/test}"
export TEST_DATABASE_URL
# The test is in the end-to-end test binary (tests/e2e/load_cluster.rs).
cargo build --release --bin tengen --test e2e
exec cargo test --release --test e2e -- --ignored --nocapture --test-threads 1 load_cluster:: "$@"
