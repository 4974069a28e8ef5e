//! Engine and command-line tests: the rules against real records, GNU Go and a naive
//! reference, the computer over GTP, and `tengen replay`/`render`/`gtp` as a user runs them.
//! One test binary for all of them.

mod crash;
mod estimate;
mod gnugo_differential;
mod gtp;
mod gtp_analysis;
mod gtp_engine;
mod perft;
mod properties;
mod records;
mod render_cli;
mod replay_cli;
mod review_cli;
mod rules_cases;
