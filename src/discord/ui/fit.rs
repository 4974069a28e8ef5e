//! Lists of lines fitted within Discord's limits on a message's length.

/// Joins `lines` within Discord's 2,000 characters of content, ending with `more(n)` for the
/// `n` lines that did not fit.
pub fn fit_lines(lines: &[String], more: impl Fn(usize) -> String) -> String {
    fit_lines_within(lines, 2000, more)
}

/// [`fit_lines`] within `limit` characters (room left for a heading).
pub fn fit_lines_within(lines: &[String], limit: usize, more: impl Fn(usize) -> String) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let tail = more(lines.len() - i);
        if out.chars().count() + line.chars().count() + tail.chars().count() + 2 > limit {
            out.push_str(&tail);
            return out;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_stays_within_discords_limit_and_says_how_many_are_left() {
        let lines: Vec<String> = (0..40)
            .map(|i| format!("{i:03} {}", "x".repeat(90)))
            .collect();
        let text = fit_lines(&lines, |n| format!("…and {n} more"));
        assert!(text.chars().count() <= 2000, "{}", text.chars().count());
        let shown = text.lines().filter(|l| !l.starts_with('…')).count();
        assert!(
            text.ends_with(&format!("…and {} more", 40 - shown)),
            "{text}"
        );
        let short = fit_lines(&lines[..3], |n| format!("…and {n} more"));
        assert_eq!(short.lines().count(), 3);
    }
}
