//! `tengen migrate-db --to postgres://…`: a server's data moved from its SQLite file to an
//! empty PostgreSQL database — games, moves, invitations, profiles, merit, ratings and their
//! history, settings, events, team games' votes, the Discord adapter's tables — then every
//! table's count checked on both sides. The bot must be stopped: the file's serving lock is
//! taken first.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::store::copy::copy_all;
use crate::store::{Durability, Store, redact};

/// Where from and where to.
#[derive(Debug, Args)]
pub struct MigrateArgs {
    /// The PostgreSQL database to fill (empty): postgres://user:password@host:5432/database.
    #[arg(long)]
    pub to: String,
    /// The SQLite file to copy from.
    #[command(flatten)]
    pub from: crate::config::SqliteFileArgs,
}

pub fn run(args: &MigrateArgs) -> ExitCode {
    let from: PathBuf = args.from.database_path.clone();
    if !args.to.starts_with("postgres://") && !args.to.starts_with("postgresql://") {
        eprintln!("tengen: --to must be a PostgreSQL URL (postgres://user:password@host/db)");
        return ExitCode::from(2);
    }
    if !from.exists() {
        eprintln!("tengen: there is no SQLite file at {}", from.display());
        return ExitCode::from(2);
    }
    // The bot must not write while its data moves: the file's serving lock says it is stopped.
    let source = match Store::open_serving(&from, Durability::Power) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tengen: {e}");
            return ExitCode::from(2);
        }
    };
    let target = match Store::open_postgres(&args.to, 2) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tengen: cannot reach {}: {e}", redact(&args.to));
            return ExitCode::from(2);
        }
    };
    match copy_all(&source, &target) {
        Ok(counts) => {
            let mut out = format!("copied {} into {}:\n", from.display(), redact(&args.to));
            for (table, n) in counts {
                out.push_str(&format!("  {table:<22} {n:>9}\n"));
            }
            out.push_str("every table's count is the same on both sides\n");
            super::emit(&out);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tengen: {e}; nothing was copied");
            ExitCode::from(2)
        }
    }
}
