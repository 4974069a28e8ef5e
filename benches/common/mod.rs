//! What the benchmarks share.

/// Nanoseconds this thread has run on a CPU (Linux schedstat; 0 elsewhere). On a machine shared
/// with other work, wall time counts the waits for a core; this counts one core's work.
pub fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
