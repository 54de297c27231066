//! Failures of a question to the assistant, worded for a person.
//!
//! Every message names what to change (a setting, an environment variable) or
//! what happened, and none of them ever contains the API key: they are built
//! from statuses, durations and text that went through [`super::client::redact`].

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::stream::Answer;

/// Names of the settings, so that every message points at the same place.
pub const API_KEY_SETTING: &str = "docsLsp.assistant.apiKey";
pub const API_KEY_ENV: &str = "DOCS_ASSISTANT_API_KEY";
pub const DOMAIN_SETTING: &str = "docsLsp.assistant.domain";
pub const DOMAIN_ENV: &str = "DOCS_ASSISTANT_DOMAIN";
pub const BASE_URL_SETTING: &str = "docsLsp.assistant.baseUrl";
pub const BASE_URL_ENV: &str = "DOCS_ASSISTANT_BASE_URL";

/// Why a question failed. Variants with `partial` keep what was received.
#[derive(Debug)]
pub enum AskError {
    /// No API key configured.
    MissingApiKey,
    /// The key has spaces or characters that cannot go in a header.
    BadApiKey,
    /// No domain configured.
    MissingDomain,
    /// The base URL cannot be used (bad syntax, plain http to a remote host...).
    BadBaseUrl { url: String, reason: String },
    /// 401 or 403: the key was rejected.
    KeyRejected { status: u16, detail: String },
    /// 404: the endpoint does not know the domain.
    UnknownDomain { domain: String, detail: String },
    /// 429: a rate limit was hit.
    RateLimited { retry_after: Option<RetryAfter> },
    /// 5xx.
    Server { status: u16, detail: String },
    /// Any other non-success status.
    Status { status: u16, detail: String },
    /// The connection could not be made (refused, DNS, TLS...).
    Connect { detail: String },
    /// No response headers arrived in time (connect or first byte).
    Timeout { after: Duration },
    /// The stream started but did not reach `finish`; `partial` is what arrived.
    Incomplete {
        /// Boxed: an answer is large next to the other variants.
        partial: Box<Answer>,
        reason: Interruption,
    },
}

/// Why an answer stopped before its `finish` chunk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Interruption {
    /// No bytes arrived for this long.
    Stalled(Duration),
    /// The server sent an `error` chunk (or `abort`) with this text.
    ServerError(String),
    /// The connection closed before `finish`.
    Cut,
    /// Reading the body failed.
    Network(String),
    /// The caller cancelled.
    Cancelled,
    /// The body held no stream events; this is how it began.
    NotAStream(String),
}

/// When the server says a rate-limited request may be retried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RetryAfter {
    Seconds(u64),
    /// An HTTP date, with the seconds from now when it could be read.
    Date {
        text: String,
        in_seconds: Option<u64>,
    },
}

impl RetryAfter {
    /// Reads a `Retry-After` value: delay seconds or an HTTP date.
    pub fn parse(value: &str) -> Option<RetryAfter> {
        let value = value.trim();
        if value.is_empty() {
            return None;
        }
        if let Ok(secs) = value.parse::<u64>() {
            return Some(RetryAfter::Seconds(secs));
        }
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0);
        let in_seconds = parse_http_date(value).map(|at| at.saturating_sub(now).max(0) as u64);
        Some(RetryAfter::Date {
            text: value.to_string(),
            in_seconds,
        })
    }
}

impl fmt::Display for RetryAfter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RetryAfter::Seconds(s) => write!(f, "retry in {s} seconds"),
            RetryAfter::Date {
                text,
                in_seconds: Some(s),
            } => write!(f, "retry after {text} (in {s} seconds)"),
            RetryAfter::Date { text, .. } => write!(f, "retry after {text}"),
        }
    }
}

/// Parses an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form HTTP
/// servers must send, into Unix seconds. Obsolete forms are not worth a crate.
fn parse_http_date(text: &str) -> Option<i64> {
    let rest = text.split_once(", ")?.1;
    let fields: Vec<&str> = rest.split(' ').collect();
    let [day, month, year, time, "GMT"] = fields.as_slice() else {
        return None;
    };
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = MONTHS.iter().position(|m| m == month)? as i64 + 1;
    let day: i64 = day.parse().ok()?;
    let year: i64 = year.parse().ok()?;
    let hms: Vec<i64> = time
        .split(':')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    let [h, m, s] = hms.as_slice() else {
        return None;
    };
    if !(1..=31).contains(&day) || *h > 23 || *m > 59 || *s > 60 {
        return None;
    }
    // Days from civil date (Howard Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + h * 3600 + m * 60 + s)
}

impl AskError {
    /// What was received before the failure, if anything.
    pub fn partial(&self) -> Option<&Answer> {
        match self {
            AskError::Incomplete { partial, .. } => Some(partial),
            _ => None,
        }
    }

    /// A configuration problem (exit code 2 in the CLI) rather than a failure
    /// of the endpoint or of the answer.
    pub fn is_config(&self) -> bool {
        matches!(
            self,
            AskError::MissingApiKey
                | AskError::BadApiKey
                | AskError::MissingDomain
                | AskError::BadBaseUrl { .. }
        )
    }
}

fn detail(f: &mut fmt::Formatter<'_>, detail: &str) -> fmt::Result {
    if detail.is_empty() {
        Ok(())
    } else {
        write!(f, " (server said: {detail})")
    }
}

impl fmt::Display for AskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AskError::MissingApiKey => write!(
                f,
                "no assistant API key: set `{API_KEY_SETTING}` or the environment variable {API_KEY_ENV}"
            ),
            AskError::BadApiKey => write!(
                f,
                "the assistant API key contains spaces or characters that cannot be sent: \
                 check `{API_KEY_SETTING}` / {API_KEY_ENV}"
            ),
            AskError::MissingDomain => write!(
                f,
                "no assistant domain: set `{DOMAIN_SETTING}` or the environment variable {DOMAIN_ENV} \
                 (the last segment of your project's dashboard URL)"
            ),
            AskError::BadBaseUrl { url, reason } => write!(
                f,
                "cannot use assistant base URL `{url}`: {reason} (set `{BASE_URL_SETTING}` or {BASE_URL_ENV})"
            ),
            AskError::KeyRejected { status, detail: d } => {
                write!(
                    f,
                    "the assistant API key was rejected (HTTP {status}): check `{API_KEY_SETTING}` / {API_KEY_ENV}"
                )?;
                detail(f, d)
            }
            AskError::UnknownDomain { domain, detail: d } => {
                write!(
                    f,
                    "the assistant endpoint does not know the domain `{domain}` (HTTP 404): check `{DOMAIN_SETTING}` / {DOMAIN_ENV}"
                )?;
                detail(f, d)
            }
            AskError::RateLimited { retry_after } => {
                write!(
                    f,
                    "rate limited by the assistant endpoint (HTTP 429; limits: 10,000 calls a month per key, \
                     10,000 requests an hour per organization, 10,000 a day per IP)"
                )?;
                match retry_after {
                    Some(r) => write!(f, ": {r}"),
                    None => write!(f, ": retry later"),
                }
            }
            AskError::Server { status, detail: d } => {
                write!(
                    f,
                    "the assistant endpoint failed (HTTP {status}); try again later"
                )?;
                detail(f, d)
            }
            AskError::Status { status, detail: d } => {
                write!(f, "the assistant endpoint answered HTTP {status}")?;
                detail(f, d)
            }
            AskError::Connect { detail } => {
                write!(f, "could not reach the assistant endpoint: {detail}")
            }
            AskError::Timeout { after } => write!(
                f,
                "the assistant endpoint did not answer within {} seconds",
                after.as_secs_f64()
            ),
            AskError::Incomplete { partial, reason } => {
                write!(f, "the answer is incomplete: ")?;
                match reason {
                    Interruption::Stalled(d) => write!(
                        f,
                        "the stream stalled (no data for {} seconds)",
                        d.as_secs_f64()
                    )?,
                    Interruption::ServerError(text) => {
                        write!(f, "the assistant reported an error: {text}")?
                    }
                    Interruption::Cut => {
                        write!(f, "the connection closed before the answer finished")?
                    }
                    Interruption::Network(text) => write!(f, "reading the answer failed: {text}")?,
                    Interruption::Cancelled => write!(f, "cancelled")?,
                    Interruption::NotAStream(start) => write!(
                        f,
                        "the response is not an answer stream (it begins: {start})"
                    )?,
                }
                if !partial.text().is_empty() {
                    write!(f, "; the partial answer was kept")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for AskError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn http_date_parses() {
        assert_eq!(
            parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT"),
            Some(784_111_777)
        );
        assert_eq!(parse_http_date("Sunday, 06-Nov-94 08:49:37 GMT"), None);
        assert_eq!(parse_http_date("garbage"), None);
    }

    #[test]
    fn retry_after_forms() {
        assert_eq!(RetryAfter::parse("120"), Some(RetryAfter::Seconds(120)));
        let past = RetryAfter::parse("Sun, 06 Nov 1994 08:49:37 GMT").unwrap();
        assert_eq!(
            past.to_string(),
            "retry after Sun, 06 Nov 1994 08:49:37 GMT (in 0 seconds)"
        );
        assert_eq!(RetryAfter::parse(""), None);
        assert_eq!(
            RetryAfter::parse("soon").unwrap().to_string(),
            "retry after soon"
        );
    }
}
