//! Configuration from environment variables.
//!
//! | variable              | meaning                                   | default                    |
//! |-----------------------|-------------------------------------------|----------------------------|
//! | `DATABASE_URL`        | `sqlite://FILE` or `postgres://...`       | `sqlite://tetrad.db`       |
//! | `TETRAD_ADDR`         | address to listen on                      | `LEPTOS_SITE_ADDR`, else `127.0.0.1:3000` |
//! | `TETRAD_PUBLIC_URL`   | the URL people use (behind a proxy); an `https` URL makes the session cookie `Secure` and its origin trusted | unset |
//! | `TETRAD_SESSION_DAYS` | how long a session lasts                  | `30`                       |
//! | `TETRAD_SIGNIN_ATTEMPTS` | failed sign-ins per name and address per 15 minutes | `10`      |
//! | `TETRAD_SIGNIN_ATTEMPTS_PER_NAME` | failed sign-ins per name from all addresses per 15 minutes | `100` |
//! | `TETRAD_SIGNUPS_PER_ADDRESS` | sign-ups per address per hour (each instance) | `300` |
//! | `TETRAD_QUOTA_TASKS`  | tasks an account holds (not deleted)      | `10000`                    |
//! | `TETRAD_QUOTA_LISTS`  | lists an account holds                    | `200`                      |
//! | `TETRAD_QUOTA_STEPS`  | checklist steps over an account's tasks   | `20000`                    |
//! | `TETRAD_QUOTA_ANSWERS` | answers kept under an account's idempotency keys | `20000`       |
//! | `TETRAD_CHANGES_PER_MINUTE` | keyed changes an account sends a minute (each instance) | `600` |
//! | `TETRAD_TRUSTED_PROXIES` | comma-separated addresses of proxies whose `X-Forwarded-For` names the client | none |
//! | `TETRAD_KEY_RETENTION_HOURS` | how long idempotency keys are kept  | `168` (7 days)             |
//! | `TETRAD_DRAIN_SECS`   | on SIGTERM, how long requests in flight may take to finish | `10`   |
//! | `TETRAD_HEADER_SECS`  | a request's head must arrive within this; an idle connection closes after it | `10` |
//! | `TETRAD_REQUEST_SECS` | a request must be answered (and its body read) within this, or 408 | `30` |
//! | `TETRAD_MAX_CONNECTIONS` | connections served at once (the next wait) | `1024`        |
//! | `TETRAD_PUSH_LOOPBACK` | `1`: also take push endpoints on this machine's loopback (the tests' push service); never in production | `0` |
//! | `TETRAD_VAPID_PRIVATE_KEY` | the reminders' signing key (P-256, 32 bytes base64url); set the same on every instance, or leave it to the database | made on the first start and kept in the database |
//! | `TETRAD_VAPID_CONTACT` | a `mailto:` or `https:` address push services may write to about this server | `TETRAD_PUBLIC_URL`, else `mailto:tetrad@localhost` |
//! | `TETRAD_REMINDER_SECS` | how often the scheduler looks for reminders due; `0`: never (another instance sends them) | `30` |
//! | `TETRAD_REMINDER_LEASE_SECS` | how long reminders an instance claimed are its to send: after a crash, how long before another sends them (at least 5; under 40, a slow push service may get a second copy, which the phone puts in the first's place) | `120` |

use crate::db::DatabaseUrl;
use crate::http::client_address::TrustedProxies;
use crate::http::connections::Limits;
use crate::maintenance::Retention;
use crate::push::VapidKey;
use app::ssr::push_subscription::EndpointPolicy;
use app::ssr::quotas::Quotas;
use app::ssr::Settings;
use std::net::SocketAddr;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct Config {
    pub database_url: DatabaseUrl,
    pub listen_addr: SocketAddr,
    /// Scheme, host and port people reach the site at, if not the listen address.
    pub public_origin: Option<String>,
    /// Proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: TrustedProxies,
    pub settings: Settings,
    pub retention: Retention,
    /// On SIGTERM, how long the requests in flight may take to finish
    /// before the process exits anyway.
    pub drain_deadline: Duration,
    /// Deadlines and the cap on connections (http/connections.rs).
    pub limits: Limits,
    pub reminders: Reminders,
}

/// How reminders go out (server/src/push).
#[derive(Clone, Debug)]
pub struct Reminders {
    /// The signing key; `None`: the one kept in the database.
    pub vapid_key: Option<VapidKey>,
    pub contact: String,
    /// How often the scheduler ticks; `None`: it does not run here.
    pub every: Option<Duration>,
    /// How long claimed reminders are this instance's to send.
    pub lease: Duration,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{name} is not valid: {reason}")]
    Invalid { name: &'static str, reason: String },
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads configuration through `lookup`, so tests need not touch the
    /// process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let database_url = DatabaseUrl::parse(
            &lookup("DATABASE_URL").unwrap_or_else(|| "sqlite://tetrad.db".into()),
        )
        .map_err(|reason| ConfigError::Invalid {
            name: "DATABASE_URL",
            reason,
        })?;

        let listen_addr = lookup("TETRAD_ADDR")
            .or_else(|| lookup("LEPTOS_SITE_ADDR"))
            .unwrap_or_else(|| "127.0.0.1:3000".into());
        let listen_addr =
            listen_addr
                .parse()
                .map_err(|e: std::net::AddrParseError| ConfigError::Invalid {
                    name: "TETRAD_ADDR",
                    reason: e.to_string(),
                })?;

        let public_origin = lookup("TETRAD_PUBLIC_URL")
            .map(|url| parse_origin(&url))
            .transpose()?;
        let secure_cookies = public_origin
            .as_deref()
            .is_some_and(|origin| origin.starts_with("https://"));

        let defaults = Settings::default();
        let session_days = parse_number(&lookup, "TETRAD_SESSION_DAYS", 30)?;
        let settings = Settings {
            secure_cookies,
            session_ttl: Duration::from_secs(session_days * 24 * 3600),
            sign_in_attempts: parse_number(
                &lookup,
                "TETRAD_SIGNIN_ATTEMPTS",
                defaults.sign_in_attempts,
            )?,
            sign_in_attempts_per_name: parse_number(
                &lookup,
                "TETRAD_SIGNIN_ATTEMPTS_PER_NAME",
                defaults.sign_in_attempts_per_name,
            )?,
            sign_ups_per_address: parse_number(
                &lookup,
                "TETRAD_SIGNUPS_PER_ADDRESS",
                defaults.sign_ups_per_address,
            )?,
            quotas: quotas(&lookup, defaults.quotas)?,
            push_endpoints: push_endpoints(&lookup)?,
            ..defaults
        };
        let trusted_proxies = lookup("TETRAD_TRUSTED_PROXIES")
            .map(|list| parse_addresses(&list))
            .transpose()?
            .unwrap_or_default();

        let retention = Retention {
            keys: Duration::from_secs(
                parse_number(&lookup, "TETRAD_KEY_RETENTION_HOURS", 168)? * 3600,
            ),
            sign_in_window: settings.sign_in_window,
            ..Retention::default()
        };
        let drain_deadline =
            Duration::from_secs(parse_at_least(&lookup, "TETRAD_DRAIN_SECS", 10, 0)?);

        let defaults = Limits::default();
        let limits = Limits {
            header_read: Duration::from_secs(parse_number(
                &lookup,
                "TETRAD_HEADER_SECS",
                defaults.header_read.as_secs(),
            )?),
            request: Duration::from_secs(parse_number(
                &lookup,
                "TETRAD_REQUEST_SECS",
                defaults.request.as_secs(),
            )?),
            max_connections: parse_number(
                &lookup,
                "TETRAD_MAX_CONNECTIONS",
                defaults.max_connections as u64,
            )? as usize,
        };

        let reminders = Reminders {
            vapid_key: lookup("TETRAD_VAPID_PRIVATE_KEY")
                .map(|text| {
                    VapidKey::parse(&text).map_err(|e| ConfigError::Invalid {
                        name: "TETRAD_VAPID_PRIVATE_KEY",
                        reason: e.to_string(),
                    })
                })
                .transpose()?,
            contact: contact(&lookup, public_origin.as_deref())?,
            every: match parse_at_least(&lookup, "TETRAD_REMINDER_SECS", 30, 0)? {
                0 => None,
                secs => Some(Duration::from_secs(secs)),
            },
            lease: Duration::from_secs(parse_at_least(
                &lookup,
                "TETRAD_REMINDER_LEASE_SECS",
                120,
                5,
            )?),
        };

        Ok(Self {
            database_url,
            listen_addr,
            public_origin,
            trusted_proxies: TrustedProxies(std::sync::Arc::new(trusted_proxies)),
            settings,
            retention,
            drain_deadline,
            limits,
            reminders,
        })
    }
}

/// `TETRAD_VAPID_CONTACT`: how a push service reaches whoever runs this.
fn contact(
    lookup: &impl Fn(&str) -> Option<String>,
    public_origin: Option<&str>,
) -> Result<String, ConfigError> {
    match lookup("TETRAD_VAPID_CONTACT") {
        Some(text) => {
            let text = text.trim();
            if (text.starts_with("mailto:") || text.starts_with("https://"))
                && !text.contains(char::is_whitespace)
                && text.len() <= 200
            {
                Ok(text.to_owned())
            } else {
                Err(ConfigError::Invalid {
                    name: "TETRAD_VAPID_CONTACT",
                    reason: "expected a mailto: or https: address".into(),
                })
            }
        }
        None => Ok(public_origin
            .filter(|origin| origin.starts_with("https://"))
            .map_or_else(|| "mailto:tetrad@localhost".to_owned(), str::to_owned)),
    }
}

fn quotas(
    lookup: &impl Fn(&str) -> Option<String>,
    defaults: Quotas,
) -> Result<Quotas, ConfigError> {
    Ok(Quotas {
        tasks: parse_at_least(lookup, "TETRAD_QUOTA_TASKS", defaults.tasks, 1)?,
        lists: parse_at_least(lookup, "TETRAD_QUOTA_LISTS", defaults.lists, 1)?,
        steps: parse_at_least(lookup, "TETRAD_QUOTA_STEPS", defaults.steps, 1)?,
        holidays: parse_at_least(lookup, "TETRAD_QUOTA_HOLIDAYS", defaults.holidays, 1)?,
        stored_answers: parse_at_least(lookup, "TETRAD_QUOTA_ANSWERS", defaults.stored_answers, 1)?,
        changes_per_minute: parse_at_least(
            lookup,
            "TETRAD_CHANGES_PER_MINUTE",
            defaults.changes_per_minute,
            1,
        )?,
    })
}

/// `TETRAD_PUSH_LOOPBACK`: `1` lets the tests' own push service in.
fn push_endpoints(lookup: &impl Fn(&str) -> Option<String>) -> Result<EndpointPolicy, ConfigError> {
    match lookup("TETRAD_PUSH_LOOPBACK").as_deref().map(str::trim) {
        None | Some("0") => Ok(EndpointPolicy::KnownServices),
        Some("1") => Ok(EndpointPolicy::AlsoLoopback),
        Some(other) => Err(ConfigError::Invalid {
            name: "TETRAD_PUSH_LOOPBACK",
            reason: format!("expected 0 or 1, got {other:?}"),
        }),
    }
}

fn parse_number(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: u64,
) -> Result<u64, ConfigError> {
    parse_at_least(lookup, name, default, 1)
}

/// A whole number of at least `min` (0 where none is a meaningful
/// setting, as a drain that cuts off at once).
fn parse_at_least(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: u64,
    min: u64,
) -> Result<u64, ConfigError> {
    match lookup(name) {
        None => Ok(default),
        Some(raw) => match raw.trim().parse::<u64>() {
            Ok(n) if n >= min => Ok(n),
            _ => Err(ConfigError::Invalid {
                name,
                reason: format!("expected a whole number of at least {min}, got {raw:?}"),
            }),
        },
    }
}

/// A comma-separated list of IP addresses.
fn parse_addresses(list: &str) -> Result<Vec<std::net::IpAddr>, ConfigError> {
    list.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            item.parse().map_err(|_| ConfigError::Invalid {
                name: "TETRAD_TRUSTED_PROXIES",
                reason: format!("{item:?} is not an IP address"),
            })
        })
        .collect()
}

/// `https://tetrad.example/any/path` → `https://tetrad.example`.
fn parse_origin(url: &str) -> Result<String, ConfigError> {
    let invalid = |reason: &str| ConfigError::Invalid {
        name: "TETRAD_PUBLIC_URL",
        reason: reason.into(),
    };
    let (scheme, rest) = url
        .split_once("://")
        .ok_or_else(|| invalid("expected scheme://host"))?;
    if scheme != "http" && scheme != "https" {
        return Err(invalid("the scheme must be http or https"));
    }
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() {
        return Err(invalid("the host is missing"));
    }
    Ok(format!("{scheme}://{}", host.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|name| vars.get(name).cloned())
    }

    #[test]
    fn with_nothing_set_the_app_runs_on_a_local_sqlite_file() {
        let config = config(&[]).unwrap();
        assert!(matches!(config.database_url, DatabaseUrl::Sqlite(_)));
        assert_eq!(config.listen_addr.to_string(), "127.0.0.1:3000");
        assert!(!config.settings.secure_cookies);
    }

    #[test]
    fn an_https_public_url_makes_cookies_secure() {
        let config = config(&[("TETRAD_PUBLIC_URL", "https://Tetrad.Example/app")]).unwrap();
        assert!(config.settings.secure_cookies);
        assert_eq!(
            config.public_origin.as_deref(),
            Some("https://tetrad.example")
        );
    }

    #[test]
    fn reminders_sign_with_the_key_given_or_the_databases_and_tick_every_half_minute() {
        let defaults = config(&[]).unwrap().reminders;
        assert!(defaults.vapid_key.is_none());
        assert_eq!(defaults.contact, "mailto:tetrad@localhost");
        assert_eq!(defaults.every, Some(Duration::from_secs(30)));
        assert_eq!(defaults.lease, Duration::from_secs(120));
        let key = "sHVyMsVxAz0tywrvgAmtrgbQak5MOdVNXguPbQStLB0";
        let set = config(&[
            ("TETRAD_VAPID_PRIVATE_KEY", key),
            ("TETRAD_PUBLIC_URL", "https://tetrad.example"),
            ("TETRAD_REMINDER_SECS", "0"),
            ("TETRAD_REMINDER_LEASE_SECS", "10"),
        ])
        .unwrap()
        .reminders;
        assert_eq!(set.lease, Duration::from_secs(10));
        assert!(set.vapid_key.is_some());
        assert_eq!(set.contact, "https://tetrad.example");
        assert_eq!(set.every, None);
        for (name, value) in [
            ("TETRAD_VAPID_PRIVATE_KEY", "not a key"),
            ("TETRAD_VAPID_CONTACT", "admin@school.example"),
            ("TETRAD_REMINDER_LEASE_SECS", "1"),
        ] {
            let error = config(&[(name, value)]).unwrap_err();
            assert!(error.to_string().contains(name), "{error}");
        }
    }

    #[test]
    fn only_known_push_services_are_taken_unless_the_tests_loopback_is_let_in() {
        let policy = |vars: &[(&str, &str)]| config(vars).map(|c| c.settings.push_endpoints);
        assert_eq!(policy(&[]).unwrap(), EndpointPolicy::KnownServices);
        assert_eq!(
            policy(&[("TETRAD_PUSH_LOOPBACK", "1")]).unwrap(),
            EndpointPolicy::AlsoLoopback
        );
        let error = policy(&[("TETRAD_PUSH_LOOPBACK", "yes")]).unwrap_err();
        assert!(error.to_string().contains("TETRAD_PUSH_LOOPBACK"));
    }

    #[test]
    fn trusted_proxies_are_a_list_of_addresses_and_anything_else_is_named() {
        let trusted = config(&[("TETRAD_TRUSTED_PROXIES", "10.0.0.1, ::1")]).unwrap();
        let expected: Vec<std::net::IpAddr> =
            vec!["10.0.0.1".parse().unwrap(), "::1".parse().unwrap()];
        assert_eq!(*trusted.trusted_proxies.0, expected);
        let error = config(&[("TETRAD_TRUSTED_PROXIES", "10.0.0.1, proxy.local")]).unwrap_err();
        assert!(error.to_string().contains("proxy.local"));
    }

    #[test]
    fn debug_output_hides_the_database_password() {
        let config =
            config(&[("DATABASE_URL", "postgres://tetrad:hunter2@db:5432/tetrad")]).unwrap();
        let shown = format!("{config:?}");
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(shown.contains("db:5432"));
    }

    #[test]
    fn an_unknown_database_scheme_is_a_clear_error() {
        let error = config(&[("DATABASE_URL", "mysql://x")]).unwrap_err();
        assert!(error.to_string().contains("DATABASE_URL"));
    }

    #[test]
    fn a_bad_number_names_the_variable() {
        let error = config(&[("TETRAD_SESSION_DAYS", "forever")]).unwrap_err();
        assert!(error.to_string().contains("TETRAD_SESSION_DAYS"));
    }

    #[test]
    fn every_connection_has_deadlines_and_their_number_a_cap_unless_set() {
        let limits = config(&[]).unwrap().limits;
        assert_eq!(limits.header_read, Duration::from_secs(10));
        assert_eq!(limits.request, Duration::from_secs(30));
        assert_eq!(limits.max_connections, 1024);
        let set = config(&[("TETRAD_HEADER_SECS", "2"), ("TETRAD_MAX_CONNECTIONS", "5")]).unwrap();
        assert_eq!(set.limits.header_read, Duration::from_secs(2));
        assert_eq!(set.limits.max_connections, 5);
        assert!(config(&[("TETRAD_REQUEST_SECS", "0")]).is_err());
    }

    #[test]
    fn a_drain_lasts_ten_seconds_unless_set_and_zero_cuts_off_at_once() {
        assert_eq!(config(&[]).unwrap().drain_deadline, Duration::from_secs(10));
        let at_once = config(&[("TETRAD_DRAIN_SECS", "0")]).unwrap();
        assert_eq!(at_once.drain_deadline, Duration::ZERO);
        let error = config(&[("TETRAD_SESSION_DAYS", "0")]).unwrap_err();
        assert!(error.to_string().contains("at least 1"), "{error}");
    }
}
