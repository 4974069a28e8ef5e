//! Tengen: a Discord bot on which two members of a server play a real game of Go.
//!
//! The crate is laid out as `DESIGN.md` draws it: [`go`] is the rules engine (pure, no I/O),
//! [`render`] draws a position as PNG bytes, [`game`] the match service (invitations, turns,
//! timeouts, rewards — pure decisions, time passed in), [`store`] the SQLite store,
//! [`discord`] the adapter that decodes interactions and replies, [`cli`] the command line.
//! Arrows point one way: `go` knows nothing of the rest; `store` holds no rule; nothing knows
//! `discord`.

pub mod ai;
pub mod cli;
pub mod config;
pub mod discord;
pub mod game;
pub mod go;
pub mod render;
pub mod store;
