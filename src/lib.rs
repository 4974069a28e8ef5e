//! Tengen: a Discord bot on which two members of a server play a real game of Go.
//!
//! The crate is laid out as `DESIGN.md` draws it: [`go`] is the rules engine (pure, no I/O),
//! [`game`] the match service (invitations, turns, timeouts, rewards — pure decisions, time
//! passed in), [`store`] the SQLite store, [`cli`] serves hosts and players offline. Arrows
//! point one way: `go` knows nothing of the rest; `store` holds no rule.

pub mod cli;
pub mod config;
pub mod discord;
pub mod game;
pub mod go;
pub mod store;
