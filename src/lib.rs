//! Tengen: a Discord bot on which two members of a server play a real game of Go.
//!
//! The crate is laid out as `DESIGN.md` draws it: [`go`] is the rules engine (pure, no I/O),
//! [`render`] draws a position as PNG bytes (it knows `go` and nothing else), [`cli`] serves
//! hosts and players offline. Arrows point one way: `go` knows nothing of the rest.

pub mod cli;
pub mod go;
pub mod render;
