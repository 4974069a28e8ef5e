//! Fault injection: the next n REST requests matching a method and a path pattern are answered
//! with a given status and a JSON body, as Discord's occasional 5xx (or a 429), without being
//! acted on; or answered late, as Discord's slow routes are (a bulk overwrite of the commands
//! can take seconds).

use std::time::Duration;

use serde_json::{Value, json};

use super::{FakeDiscord, State};

#[derive(Clone, Debug)]
pub(crate) struct Fault {
    pub method: String,
    pub pattern: String,
    pub status: u16,
    pub remaining: u32,
}

/// A slow route: the next `remaining` requests matching are answered, and acted on, only
/// after `delay`.
#[derive(Clone, Debug)]
pub(crate) struct Slow {
    pub method: String,
    pub pattern: String,
    pub delay: Duration,
    pub remaining: u32,
}

/// Whether `path` (with or without the `/api/v10` prefix) matches `pattern`, where a `*`
/// segment matches any one segment: `/channels/*/messages`.
pub fn path_matches(path: &str, pattern: &str) -> bool {
    let strip = |p: &str| p.strip_prefix("/api/v10").unwrap_or(p).to_string();
    let (path, pattern) = (strip(path), strip(pattern));
    let got: Vec<&str> = path.split('/').collect();
    let want: Vec<&str> = pattern.split('/').collect();
    got.len() == want.len() && got.iter().zip(&want).all(|(g, w)| *w == "*" || g == w)
}

/// The body Discord's edge answers with for a status.
pub fn body(status: u16) -> Value {
    match status {
        429 => {
            json!({"message": "You are being rate limited.", "retry_after": 0.5, "global": false, "code": 0})
        }
        500 => json!({"message": "500: Internal Server Error", "code": 0}),
        502 => json!({"message": "502: Bad Gateway", "code": 0}),
        503 => json!({"message": "503: Service Unavailable", "code": 0}),
        504 => json!({"message": "504: Gateway Timeout", "code": 0}),
        s => json!({"message": format!("{s}: injected by the fake"), "code": 0}),
    }
}

impl State {
    /// The status to answer this request with, if a fault matches it (counting it down).
    pub fn take_fault(&mut self, method: &str, path: &str) -> Option<u16> {
        let f = self.faults.iter_mut().find(|f| {
            f.remaining > 0
                && f.method.eq_ignore_ascii_case(method)
                && path_matches(path, &f.pattern)
        })?;
        f.remaining -= 1;
        let status = f.status;
        self.faults.retain(|f| f.remaining > 0);
        Some(status)
    }

    /// How long to hold this request back, if a slow route matches it (counting it down).
    pub fn take_slow(&mut self, method: &str, path: &str) -> Option<Duration> {
        let s = self.slow.iter_mut().find(|s| {
            s.remaining > 0
                && s.method.eq_ignore_ascii_case(method)
                && path_matches(path, &s.pattern)
        })?;
        s.remaining -= 1;
        let delay = s.delay;
        self.slow.retain(|s| s.remaining > 0);
        Some(delay)
    }
}

impl FakeDiscord {
    /// The next `n` requests `method path_pattern` (a path after `/api/v10`, `*` for one
    /// segment: `fail_next("POST", "/channels/*/messages", 503, 1)`) are answered `status` with
    /// a JSON body like Discord's (`{"message": "503: Service Unavailable", "code": 0}`) and not
    /// acted on. They are recorded in [`FakeDiscord::requests`] with that status.
    pub fn fail_next(&self, method: &str, path_pattern: &str, status: u16, n: u32) {
        assert!(
            (400..=599).contains(&status),
            "fake Discord: fail_next wants an error status, not {status}"
        );
        self.inner.lock().faults.push(Fault {
            method: method.to_string(),
            pattern: path_pattern.to_string(),
            status,
            remaining: n,
        });
    }

    /// The next `n` requests `method path_pattern` (as for [`FakeDiscord::fail_next`]) are
    /// answered, and acted on, only after `delay`: Discord's slow routes.
    pub fn slow_next(&self, method: &str, path_pattern: &str, delay: Duration, n: u32) {
        self.inner.lock().slow.push(Slow {
            method: method.to_string(),
            pattern: path_pattern.to_string(),
            delay,
            remaining: n,
        });
    }
}
