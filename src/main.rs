//! The `tengen` binary: the bot (`tengen run`, the default) and the offline tools.

use std::process::ExitCode;

fn main() -> ExitCode {
    tengen::cli::main()
}
