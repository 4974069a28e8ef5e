//! What stands between the pages and the internet: the security headers on every answer, a
//! per-address rate limit, a cap on live streams (per address and in all), and bounded
//! request lines.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// The Content-Security-Policy of every answer: the page's own script and style only, no
/// inline script or style, no frames, nothing sent elsewhere.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Requests an address may make each second, on average.
pub const RATE_PER_SECOND: f64 = 20.0;
/// How many it may make at once after a quiet while.
pub const BURST: f64 = 100.0;
/// Live streams one address may hold open.
pub const STREAMS_PER_ADDRESS: usize = 20;
/// Live streams the process holds open in all.
pub const STREAMS_IN_ALL: usize = 10_000;
/// The longest request target (path and query) answered; a longer one is refused.
pub const MAX_TARGET: usize = 512;
/// Addresses remembered before the quiet ones are forgotten.
const ADDRESSES_KEPT: usize = 10_000;

/// One address's bucket of requests, and its open streams.
struct Bucket {
    tokens: f64,
    at: Instant,
    streams: usize,
}

/// The limits of every address.
pub struct Guard {
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
    streams: AtomicUsize,
    behind_proxy: bool,
}

/// Why a request is turned away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turned {
    TooMany,
}

impl Guard {
    pub fn new(behind_proxy: bool) -> Guard {
        Guard {
            buckets: Mutex::new(HashMap::new()),
            streams: AtomicUsize::new(0),
            behind_proxy,
        }
    }

    /// The client's address: the connection's, or behind a proxy the last address of
    /// `X-Forwarded-For` (the one the proxy itself added).
    pub fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        if self.behind_proxy
            && let Some(last) = headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .filter_map(|a| a.trim().parse::<IpAddr>().ok())
                .next_back()
        {
            return last;
        }
        peer.ip()
    }

    /// Takes one request from `ip`'s bucket, if there is one left.
    pub fn admit(&self, ip: IpAddr, now: Instant) -> Result<(), Turned> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= ADDRESSES_KEPT {
            buckets.retain(|_, b| {
                b.streams > 0 || now.duration_since(b.at).as_secs_f64() * RATE_PER_SECOND < BURST
            });
        }
        let b = buckets.entry(ip).or_insert(Bucket {
            tokens: BURST,
            at: now,
            streams: 0,
        });
        let refill = now.duration_since(b.at).as_secs_f64() * RATE_PER_SECOND;
        b.tokens = (b.tokens + refill).min(BURST);
        b.at = now;
        if b.tokens < 1.0 {
            return Err(Turned::TooMany);
        }
        b.tokens -= 1.0;
        Ok(())
    }

    /// Opens a live stream for `ip`, if it and the process have room: the stream holds the
    /// returned ticket until it ends.
    pub fn open_stream(self: &Arc<Self>, ip: IpAddr) -> Result<StreamTicket, Turned> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        let b = buckets.entry(ip).or_insert(Bucket {
            tokens: BURST,
            at: Instant::now(),
            streams: 0,
        });
        if b.streams >= STREAMS_PER_ADDRESS {
            return Err(Turned::TooMany);
        }
        if self
            .streams
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < STREAMS_IN_ALL).then_some(n + 1)
            })
            .is_err()
        {
            return Err(Turned::TooMany);
        }
        b.streams += 1;
        Ok(StreamTicket {
            guard: Arc::clone(self),
            ip,
        })
    }

    /// Live streams open now.
    #[cfg(test)]
    pub fn open_streams(&self) -> usize {
        self.streams.load(Ordering::SeqCst)
    }
}

/// A live stream's place among the limits, given back when the stream ends.
pub struct StreamTicket {
    guard: Arc<Guard>,
    ip: IpAddr,
}

impl Drop for StreamTicket {
    fn drop(&mut self) {
        self.guard.streams.fetch_sub(1, Ordering::SeqCst);
        let mut buckets = self.guard.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(b) = buckets.get_mut(&self.ip) {
            b.streams = b.streams.saturating_sub(1);
        }
    }
}

/// Adds the security headers to every answer.
pub async fn headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            header::HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), interest-cohort=()",
        ),
        (
            header::HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ] {
        h.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Turns away a request over its address's rate, or with a target too long; passes the rest.
pub async fn limits(
    State(web): State<super::Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let target = request
        .uri()
        .path_and_query()
        .map_or(0, |pq| pq.as_str().len());
    if target > MAX_TARGET {
        return web.message(None, super::Message::NotFound).await;
    }
    let ip = web.guard.client(peer, request.headers());
    if web.guard.admit(ip, Instant::now()).is_err() {
        return web.message(None, super::Message::TooMany).await;
    }
    let mut request = request;
    request.extensions_mut().insert(ClientIp(ip));
    next.run(request).await
}

/// The client's address, as the limits read it.
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub IpAddr);

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn an_address_gets_its_burst_then_its_rate_and_others_are_not_touched() {
        let guard = Guard::new(false);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..BURST as usize {
            assert_eq!(guard.admit(a, t0), Ok(()));
        }
        assert_eq!(guard.admit(a, t0), Err(Turned::TooMany));
        assert_eq!(
            guard.admit(b, t0),
            Ok(()),
            "another address has its own bucket"
        );
        // A tenth of a second later, two more (20 a second).
        let t1 = t0 + Duration::from_millis(100);
        assert_eq!(guard.admit(a, t1), Ok(()));
        assert_eq!(guard.admit(a, t1), Ok(()));
        assert_eq!(guard.admit(a, t1), Err(Turned::TooMany));
    }

    #[test]
    fn streams_are_capped_per_address_and_given_back_when_they_end() {
        let guard = Arc::new(Guard::new(false));
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let tickets: Vec<_> = (0..STREAMS_PER_ADDRESS)
            .map(|_| guard.open_stream(a).unwrap())
            .collect();
        assert!(guard.open_stream(a).is_err());
        assert!(guard.open_stream("192.0.2.9".parse().unwrap()).is_ok());
        drop(tickets);
        assert_eq!(guard.open_streams(), 0);
        assert!(guard.open_stream(a).is_ok());
    }

    #[test]
    fn behind_a_proxy_the_last_forwarded_address_counts_and_otherwise_the_peer() {
        let peer: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("203.0.113.9, 198.51.100.7"),
        );
        assert_eq!(
            Guard::new(true).client(peer, &h),
            "198.51.100.7".parse::<IpAddr>().unwrap()
        );
        assert_eq!(Guard::new(false).client(peer, &h), peer.ip());
        assert_eq!(Guard::new(true).client(peer, &HeaderMap::new()), peer.ip());
    }
}
