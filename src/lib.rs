//! Tengen: a Discord bot on which two members of a server play a real game of Go.
//!
//! The crate is laid out as `docs/ARCHITECTURE.md` draws it: [`go`] is the rules engine (pure,
//! no I/O), [`render`] draws a position as PNG bytes, [`store`] the SQLite store (typed rows),
//! [`game`] the match service (invitations, turns, timeouts, rewards — pure decisions, time
//! passed in), [`runtime`] its async face (every blocking call off the async threads, the
//! scheduler, the clock), [`discord`] the adapter that decodes interactions and draws what
//! `game` says, [`cli`] the command line. Arrows point one way: `go` knows nothing of the rest;
//! `store` holds no rule; `game` knows no runtime and no clock; nothing knows `discord`.

pub mod ai;
pub mod cli;
pub mod config;
pub mod discord;
pub mod game;
pub mod go;
pub mod i18n;
pub mod problems;
pub mod render;
pub mod review;
pub mod runtime;
pub mod service;
pub mod store;
pub mod web;
