//! The command line: `tengen run` (the bot, the default), `tengen replay`, `tengen render`.

mod render;
mod replay;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use render::{Overlay, RenderArgs, RenderCliError, render_file};
pub use replay::{ReplayArgs, ReplayReport, replay_report};

/// Tengen: play Go on Discord, and the offline tools that go with it.
#[derive(Debug, Parser)]
#[command(name = "tengen", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the Discord bot (the default when no command is given).
    Run,
    /// Replay an SGF record under a rule set: first illegal move, final position, score.
    Replay(ReplayArgs),
    /// Draw an SGF record as a PNG board, at its end or at any move.
    Render(RenderArgs),
}

/// Parses the arguments and runs the chosen command.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Run) {
        Command::Run => run_bot(),
        Command::Replay(args) => replay::run(&args),
        Command::Render(args) => render::run(&args),
    }
}

fn run_bot() -> ExitCode {
    eprintln!(
        "tengen: the Discord bot is not part of this build yet; `tengen replay` and `tengen render` work offline"
    );
    ExitCode::from(2)
}

/// Writes to standard output, ignoring a closed pipe (`tengen replay … | head` must not panic).
pub(crate) fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}
