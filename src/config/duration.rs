//! Durations in one syntax everywhere: `"500ms"`, `"5s"`, `"2m"`, `"1h"`, or a number of seconds.

use std::time::Duration;

/// Parses a duration string such as `500ms`, `5s`, `1.5s`, `2m`, `1h`, or a bare number of seconds.
pub(crate) fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a duration (use e.g. \"500ms\", \"5s\", \"2m\")"))?;
    let seconds = match unit.trim() {
        "" | "s" | "sec" | "secs" => value,
        "ms" => value / 1000.0,
        "m" | "min" | "mins" => value * 60.0,
        "h" => value * 3600.0,
        other => {
            return Err(format!(
                "unknown duration unit `{other}` in `{text}` (use ms, s, m or h)"
            ));
        }
    };
    seconds_to_duration(seconds).ok_or_else(|| format!("duration `{text}` must be greater than 0"))
}

/// A positive, finite number of seconds as a `Duration`; `None` for zero, negatives and NaN.
pub(crate) fn seconds_to_duration(seconds: f64) -> Option<Duration> {
    (seconds.is_finite() && seconds > 0.0 && seconds < 1e9)
        .then(|| Duration::from_secs_f64(seconds))
}

/// Renders a duration the way reports show it: `200ms`, `5s`, `1.5s`.
pub(crate) fn format_duration(duration: Duration) -> String {
    let ms = duration.as_millis();
    if ms < 1000 || !ms.is_multiple_of(1000) && !ms.is_multiple_of(100) {
        format!("{ms}ms")
    } else if ms.is_multiple_of(1000) {
        format!("{}s", ms / 1000)
    } else {
        format!("{:.1}s", duration.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duration_syntax_accepts_every_documented_unit() {
        let cases = [
            ("500ms", 500),
            ("5s", 5000),
            ("1.5s", 1500),
            ("2m", 120_000),
            ("1h", 3_600_000),
            ("30", 30_000),
            ("0.25", 250),
        ];
        for (text, ms) in cases {
            assert_eq!(
                parse_duration(text),
                Ok(Duration::from_millis(ms)),
                "{text}"
            );
        }
    }

    #[test]
    fn duration_syntax_rejects_zero_negative_and_unknown_units() {
        for text in ["0", "0s", "-1s", "5 parsecs", "soon", ""] {
            assert!(parse_duration(text).is_err(), "{text} should be rejected");
        }
    }

    #[test]
    fn durations_render_compactly() {
        assert_eq!(format_duration(Duration::from_millis(200)), "200ms");
        assert_eq!(format_duration(Duration::from_secs(5)), "5s");
        assert_eq!(format_duration(Duration::from_millis(1500)), "1.5s");
        assert_eq!(format_duration(Duration::from_millis(1234)), "1234ms");
    }
}
