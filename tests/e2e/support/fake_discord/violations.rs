//! Requests (and gateway frames) in which the bot broke one of Discord's rules about what it
//! sends or when: a payload over a limit (400), a body that is not JSON, no bot token (401), a
//! file over the size limit (413), a callback after 3 s or a second callback, a follow-up
//! before the callback or after the token's 15 minutes, a gateway frame Discord closes the
//! connection for (see `support/LIMITS.md`). Each is printed to stderr as it happens and kept,
//! so a test can assert that the bot never sent a bad payload. A refusal for the environment
//! (missing permissions, unknown or deleted resources, the application's settings, an injected
//! fault) is not a violation.

use std::fmt;
use std::time::Duration;

use super::{FakeDiscord, State};

/// One request Discord would have refused because of what the bot sent.
#[derive(Clone, Debug, PartialEq)]
pub struct Violation {
    /// `METHOD path`, e.g. `POST /api/v10/channels/1300000000000000001/messages`, or
    /// `GATEWAY` / `GATEWAY IDENTIFY`.
    pub route: String,
    /// What was wrong, with the field paths: `embeds.0.title: Must be 256 or fewer in length.`
    pub reason: String,
    /// The HTTP status the fake answered (0 on the gateway).
    pub status: u16,
    /// Discord's JSON error code (50035, 50006, 50109, 40005, 10062, 40060, 10015, 50027, 0
    /// for a missing token), or the gateway's close code (4001–4014).
    pub code: u64,
    /// The interaction concerned, for callbacks, follow-ups and webhook edits.
    pub interaction_id: Option<u64>,
    /// When, on the clock of [`FakeDiscord::now`].
    pub at: Duration,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:>8.3}s {} → {} {}: {}",
            self.at.as_secs_f64(),
            self.route,
            self.status,
            self.code,
            self.reason
        )
    }
}

impl State {
    /// Records a violation and prints it to stderr.
    pub fn violation(&mut self, v: Violation) {
        eprintln!("[fake-discord] VIOLATION {v}");
        self.violations.push(v);
    }
}

impl FakeDiscord {
    /// Every violation so far, in order.
    pub fn violations(&self) -> Vec<Violation> {
        self.inner.lock().violations.clone()
    }

    /// Panics, listing them, if the bot sent anything Discord would have refused.
    #[track_caller]
    pub fn assert_no_violations(&self) {
        let v = self.violations();
        if !v.is_empty() {
            let list: Vec<String> = v.iter().map(|v| format!("  {v}")).collect();
            panic!(
                "fake Discord: the bot sent {} request(s) Discord would refuse:\n{}",
                v.len(),
                list.join("\n")
            );
        }
    }
}
