//! Service tests: the match service, the runtime and the store through their public API, on a
//! real database file (and on PostgreSQL where `TEST_DATABASE_URL` names a server) with a fake
//! clock (`common`). One test binary for all of them.

mod agreement;
mod clocks;
mod common;
mod computer;
mod computer_worker;
mod concurrency;
mod estimates;
mod events;
mod finding;
mod handicap;
mod migrate_db;
mod migration;
mod old_database;
mod ranked;
mod reviews;
mod scenarios;
mod scheduler;
mod takebacks;
mod teams;
mod training;
