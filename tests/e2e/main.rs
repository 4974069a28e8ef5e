//! End-to-end tests: the real `tengen` binary (and `tengen worker`) against the fake Discord of
//! `support/` on 127.0.0.1, as strict as Discord on what the bot sends. One test binary for all
//! of them, so that the fake and the bot's starting and clicking (`e2e_support`) are compiled
//! once. (`tests/e2e_postgres_restart.rs` stops the PostgreSQL server and stays a binary of
//! its own.)

mod command_tree;
mod e2e;
mod e2e_clocks;
mod e2e_cluster;
mod e2e_computer;
mod e2e_database;
mod e2e_engine;
mod e2e_estimate;
mod e2e_events;
mod e2e_finding;
mod e2e_hosts;
mod e2e_notices;
mod e2e_postgres;
mod e2e_ranked;
mod e2e_recovery;
mod e2e_review;
mod e2e_shards;
mod e2e_support;
mod e2e_teams;
mod e2e_training;
mod e2e_web;
mod e2e_workers;
mod fake_discord_limits;
mod fake_discord_selftest;
mod load_cluster;
mod support;
