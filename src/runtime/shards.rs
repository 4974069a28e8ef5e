//! Discord's shards across processes. A guild's events come on shard `(guild_id >> 22) %
//! total`; a process serves the guilds of the shards it holds. On SQLite one process holds
//! every shard (the file's serving lock). On PostgreSQL each shard is held by an advisory lock
//! on a connection of the process's own: a shard another process holds is waited for (the
//! process is its standby) and taken over when the holder dies, its guilds' games then loaded
//! as at a restart. A process that loses its lock connection has lost its shards to whoever
//! takes them next, and stops.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, watch};
use tracing::{error, info, warn};

use crate::store::{PgShardLocks, Scope, StoreError};

use super::{Inner, TaskFailed, blocking, computer_workers};

/// How the bot is sharded, as the host set it (`SHARDS`, `SHARD_RANGE`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShardPlan {
    /// The number of shards (Discord's recommendation when the host said `auto`, until the
    /// processes already serving the database say theirs: see [`ShardPlan::follow`]).
    pub total: u32,
    /// The shards this process serves, first and last (inclusive), as `SHARD_RANGE` named
    /// them; `None`: every shard of the total, whatever the total turns out to be.
    pub shard_range: Option<(u32, u32)>,
    /// `SHARDS=auto`: follow the number the processes already serving the database run with,
    /// rather than refuse to start beside them.
    pub follow: bool,
}

impl ShardPlan {
    /// One process with every shard of `total`.
    pub fn all(total: u32) -> ShardPlan {
        ShardPlan {
            total,
            shard_range: None,
            follow: false,
        }
    }

    /// The shards of the range, in order (clamped to the total).
    pub fn range(&self) -> Vec<u32> {
        let last = self.total.saturating_sub(1);
        let (first, to) = self.shard_range.unwrap_or((0, last));
        (first..=to.min(last)).collect()
    }
}

/// Joins the processes serving the database (see [`PgShardLocks::join`]): the plan this
/// process then runs by. With `SHARDS=auto` a process joining running ones takes their number
/// of shards, and its range (every shard, without `SHARD_RANGE`) is of that number.
///
/// # Errors
/// The database failed, or other processes run with another number of shards than a number
/// the host set.
pub(super) fn join(locks: &PgShardLocks, plan: &ShardPlan) -> Result<ShardPlan, StoreError> {
    let total = locks.join(plan.total, plan.follow)?;
    if total != plan.total {
        warn!(
            recommended = plan.total,
            running = total,
            "the other processes run with another number of shards; following them"
        );
    }
    Ok(ShardPlan {
        total,
        ..plan.clone()
    })
}

/// What the front end hears about its shards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShardNews {
    /// Connect these shards of `total` to the gateway: this process now serves their guilds.
    Serve { total: u32, shards: Vec<u32> },
    /// The shards were lost (the lock connection failed): stop.
    Lost,
}

/// How often a standby process tries the locks of the shards it waits for, and a serving one
/// checks that its lock connection still stands.
pub const STANDBY_POLL: Duration = Duration::from_secs(1);

/// Takes the shards of `plan` that no other process holds: those it got, in order.
///
/// # Errors
/// The database failed, or other processes run with another number of shards.
pub(super) fn take_free(locks: &PgShardLocks, plan: &ShardPlan) -> Result<Vec<u32>, StoreError> {
    let mut held = Vec::new();
    for shard in plan.range() {
        if locks.try_take(shard)? {
            held.push(shard);
        }
    }
    Ok(held)
}

/// Takes the shards `held` again on a new connection, with backoff while the server cannot be
/// reached: `false` if another process took one of them meanwhile (or the process stops).
async fn hold_again(
    locks: &Arc<PgShardLocks>,
    plan: &ShardPlan,
    held: &[u32],
    stop: &mut watch::Receiver<bool>,
) -> bool {
    let mut wait = Duration::from_millis(250);
    loop {
        let (l, total, shards) = (Arc::clone(locks), plan.total, held.to_vec());
        match blocking(move || l.reconnect(total, &shards)).await {
            Ok(Ok(again)) => return again,
            Ok(Err(e)) => warn!(error = %e, "cannot take the shards again yet"),
            Err(e) => warn!(error = %e, "cannot take the shards again yet"),
        }
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            r = stop.changed() => if r.is_err() || *stop.borrow() { return false },
        }
        wait = (wait * 2).min(Duration::from_secs(5));
    }
}

/// The standby loop of a process on PostgreSQL: every [`STANDBY_POLL`] it tries the shards of
/// its range it does not hold; one it gets is adopted (its guilds' games loaded, deadlines
/// armed, the computer's turns queued, boards redrawn) and handed to the front end to connect.
/// It also checks the lock connection: if it fails the process has lost its shards.
pub(super) async fn standby(
    inner: Arc<Inner>,
    locks: Arc<PgShardLocks>,
    plan: ShardPlan,
    mut held: Vec<u32>,
    news: mpsc::UnboundedSender<ShardNews>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            () = tokio::time::sleep(STANDBY_POLL) => {}
            r = stop.changed() => if r.is_err() || *stop.borrow() { return },
        }
        let got = match try_take_wanted(&locks, &plan, &held).await {
            Ok(Ok(got)) => got,
            Ok(Err(e)) => {
                warn!(error = %e, "the connection holding this process's shards failed; taking them again");
                if !hold_again(&locks, &plan, &held, &mut stop).await {
                    error!("another process took this process's shards meanwhile; stopping");
                    let _ = news.send(ShardNews::Lost);
                    return;
                }
                info!(shards = ?held, "the shards are held again");
                continue;
            }
            Err(e) => {
                warn!(error = %e, "the standby task failed; trying again");
                continue;
            }
        };
        if got.is_empty() {
            continue;
        }
        if !adopt(&inner, &plan, &got).await {
            let _ = news.send(ShardNews::Lost);
            return;
        }
        held.extend(&got);
        held.sort_unstable();
        let _ = news.send(ShardNews::Serve {
            total: plan.total,
            shards: got,
        });
    }
}

/// Checks the lock connection, then tries each shard of the range not `held`: those taken.
async fn try_take_wanted(
    locks: &Arc<PgShardLocks>,
    plan: &ShardPlan,
    held: &[u32],
) -> Result<Result<Vec<u32>, StoreError>, TaskFailed> {
    let l = Arc::clone(locks);
    let wanted: Vec<u32> = plan
        .range()
        .into_iter()
        .filter(|s| !held.contains(s))
        .collect();
    blocking(move || {
        l.check()?;
        let mut got = Vec::new();
        for s in wanted {
            if l.try_take(s)? {
                got.push(s);
            }
        }
        Ok(got)
    })
    .await
}

/// Adopts the shards `got`: their guilds' games loaded, deadlines armed, the computer's turns
/// queued, boards redrawn. `false` if their games cannot be read: the process then stops
/// rather than serve guilds without their games (the next holder will load them).
async fn adopt(inner: &Arc<Inner>, plan: &ShardPlan, got: &[u32]) -> bool {
    info!(shards = ?got, "taking over shards");
    let taking = std::time::Instant::now();
    let (i, now) = (Arc::clone(inner), inner.clock.now());
    let scope = Scope::Shards {
        total: plan.total,
        held: got.to_vec(),
    };
    let adopted = blocking(move || {
        let outcomes = i.service.adopt(scope, now)?;
        computer_workers::resume_all(&i);
        Ok::<_, crate::service::ServiceError>(outcomes)
    })
    .await;
    match adopted {
        Ok(Ok(outcomes)) => {
            info!(shards = ?got, ms = taking.elapsed().as_millis() as u64, "shards taken over; their games loaded");
            inner.rearm();
            for o in outcomes {
                let _ = inner.outcomes.send(o);
            }
            true
        }
        Ok(Err(e)) => {
            error!(error = %e, "cannot load the games of the shards taken over; stopping");
            false
        }
        Err(e) => {
            error!(error = %e, "cannot load the games of the shards taken over; stopping");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::super::{ComputerConfig, Started, SystemClock, open, start};
    use super::*;
    use crate::store::Location;
    use crate::store::testing::TestSchema;

    async fn serve(url: &str, plan: ShardPlan) -> Started {
        let location = Location::Postgres {
            url: url.to_owned(),
            connections: 2,
        };
        let computer = ComputerConfig {
            max_games: 0,
            ..ComputerConfig::default()
        };
        let opened = open(&location).await.unwrap();
        start(opened, Arc::new(SystemClock), computer, plan)
            .await
            .unwrap()
    }

    /// `SHARDS=auto` with no `SHARD_RANGE`, Discord recommending 2 while the cluster runs 4:
    /// the process joins with 4 and serves (or stands by for) all four.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_process_with_auto_shards_and_no_range_follows_the_whole_cluster() {
        let Some(schema) = TestSchema::new("shards auto follows") else {
            return;
        };
        let running = ShardPlan {
            total: 4,
            shard_range: Some((0, 1)),
            follow: false,
        };
        let mut first = serve(&schema.url, running).await;
        assert_eq!(
            first.shards.recv().await,
            Some(ShardNews::Serve {
                total: 4,
                shards: vec![0, 1]
            })
        );
        // As the gateway plans `SHARDS=auto` with `SHARD_RANGE` unset when Discord says 2.
        let joining = ShardPlan {
            total: 2,
            shard_range: None,
            follow: true,
        };
        let mut second = serve(&schema.url, joining).await;
        let news = tokio::time::timeout(Duration::from_secs(10), second.shards.recv()).await;
        assert_eq!(
            news.ok().flatten(),
            Some(ShardNews::Serve {
                total: 4,
                shards: vec![2, 3]
            }),
            "the shards no one serves are taken"
        );
        // It stands by for the others: the first process stops, and they are its.
        first.scheduler.stop().await;
        let news = tokio::time::timeout(Duration::from_secs(10), second.shards.recv()).await;
        assert_eq!(
            news.ok().flatten(),
            Some(ShardNews::Serve {
                total: 4,
                shards: vec![0, 1]
            }),
            "the standby covers the cluster's every shard"
        );
        second.scheduler.stop().await;
    }
}
