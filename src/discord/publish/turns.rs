//! The publisher's memory: each game's turn to be shown, and the last "your move" ping of
//! each game. A leaf: the bot holds it, the publisher's steps use it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::game::{ChannelId, MatchId};

/// Where a posted message is: its channel and its id.
pub type Posted = (ChannelId, u64);

/// The publisher's memory: the last ping of each game, and each game's turn to be shown.
#[derive(Default)]
pub struct Publisher {
    /// The last "your move" ping of each match, deleted when the next one is sent, so that a
    /// game leaves one ping in the channel rather than one per move.
    pings: Mutex<HashMap<MatchId, Posted>>,
    /// One lock per game (a match keeps its invitation's id, so both share it).
    order: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
}

impl Publisher {
    /// Takes the turn of one game (or invitation) to change what Discord shows of it.
    pub async fn turn(&self, key: i64) -> tokio::sync::OwnedMutexGuard<()> {
        let lock = {
            let mut order = self.order.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(order.entry(key).or_default())
        };
        lock.lock_owned().await
    }

    /// Forgets the turn of a game that is over.
    pub fn forget(&self, key: i64) {
        self.order
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&key);
    }

    /// Remembers the newest ping of a game, handing back the one it replaces (to delete).
    pub fn replace_ping(&self, id: MatchId, ping: Posted) -> Option<Posted> {
        self.pings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, ping)
    }

    /// Forgets the last ping of a game that is over, handing it back (to delete).
    pub fn take_ping(&self, id: MatchId) -> Option<Posted> {
        self.pings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id)
    }
}
