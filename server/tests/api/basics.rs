//! The server as a browser meets it: accounts, sessions, tasks and the
//! protections around them, through `spawn_app()` on both backends.

use crate::support::spawn::read_ok;
use crate::support::{error_code, session_cookie, session_pair, spawn_app, Backend, TestApp};
use app::domain::Task;
use reqwest::StatusCode;
use serde_json::Value;
use uuid::Uuid;

on_both_backends!(
    a_student_signs_up_signs_in_adds_a_task_and_sees_it_listed,
    a_wrong_password_gets_a_clear_error_and_no_session,
    a_taken_name_gets_a_clear_error,
    a_too_short_password_gets_a_clear_error,
    a_common_password_is_refused_at_sign_up,
    a_mutation_without_a_session_is_unauthorized,
    a_cross_site_post_is_refused_and_changes_nothing,
    a_change_that_says_nothing_of_where_it_comes_from_is_refused,
    the_session_cookie_is_http_only_and_same_site_lax,
    the_session_cookie_is_host_prefixed_and_secure_behind_https,
    signing_in_issues_a_new_session_id,
    signing_out_ends_the_session,
    repeated_wrong_passwords_are_throttled,
    a_classmates_wrong_guesses_lock_their_phone_not_the_owners,
    a_forwarded_address_from_an_untrusted_peer_is_ignored,
    guesses_from_many_addresses_meet_the_looser_limit_per_name,
    accounts_made_from_one_address_past_its_limit_wait_and_other_addresses_do_not,
    adding_the_same_task_id_twice_adds_one_task,
    a_blank_title_is_a_clear_error,
    another_students_tasks_stay_invisible,
    health_check_reports_a_reachable_database,
    a_draining_server_says_so_to_health_checks_and_still_serves,
    an_oversized_body_is_refused_with_413,
    pages_are_compressed_for_a_browser_that_accepts_it,
);

const PASSWORD: &str = "correct horse battery";

async fn a_student_signs_up_signs_in_adds_a_task_and_sees_it_listed(backend: Backend) {
    let app = spawn_app(backend).await;
    let signup = app.sign_up(&app.browser(), "Masha", PASSWORD).await;
    assert_eq!(signup.status(), StatusCode::OK);

    let browser = app.browser();
    let signin = app.sign_in(&browser, "masha", PASSWORD).await;
    assert_eq!(signin.status(), StatusCode::OK);

    let id = Uuid::now_v7().to_string();
    let added = app.add_task(&browser, &id, "  Алгебра, №245  ").await;
    assert_eq!(added.status(), StatusCode::OK);

    let list = app.tasks(&browser).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].id.to_string(), id);
    assert_eq!(list[0].title.as_str(), "Алгебра, №245");
}

async fn a_wrong_password_gets_a_clear_error_and_no_session(backend: Backend) {
    let app = spawn_app(backend).await;
    app.sign_up(&app.browser(), "masha", PASSWORD).await;

    let browser = app.browser();
    let response = app.sign_in(&browser, "masha", "not the password").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert!(session_cookie(&response).is_none());
    assert_eq!(
        error_code(&response.text().await.unwrap()),
        "wrong_credentials"
    );

    let unknown = app.sign_in(&browser, "nobody", PASSWORD).await;
    assert_eq!(
        error_code(&unknown.text().await.unwrap()),
        "wrong_credentials"
    );
}

async fn a_taken_name_gets_a_clear_error(backend: Backend) {
    let app = spawn_app(backend).await;
    app.sign_up(&app.browser(), "masha", PASSWORD).await;
    let again = app
        .sign_up(&app.browser(), " MASHA ", "another password")
        .await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(error_code(&again.text().await.unwrap()), "username_taken");
}

async fn a_too_short_password_gets_a_clear_error(backend: Backend) {
    let app = spawn_app(backend).await;
    let response = app.sign_up(&app.browser(), "masha", "short").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = response.text().await.unwrap();
    assert_eq!(error_code(&body), "invalid_password");
    let error: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(error["detail"], serde_json::json!({"TooShort": {"min": 8}}));
    assert!(app
        .storage
        .find_credentials(&app::domain::Username::parse("masha").unwrap())
        .await
        .unwrap()
        .is_none());
}

async fn a_mutation_without_a_session_is_unauthorized(backend: Backend) {
    let app = spawn_app(backend).await;
    let stranger = app.browser();
    let response = app
        .add_task(&stranger, &Uuid::now_v7().to_string(), "sneaky")
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(&response.text().await.unwrap()), "unauthorized");
    assert_eq!(
        app.list_tasks(&stranger).await.status(),
        StatusCode::UNAUTHORIZED
    );
}

async fn a_cross_site_post_is_refused_and_changes_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;

    // Another site's page, another site's fetch, and the site's own host
    // and port under another scheme (another origin).
    let other_scheme = app.url("").replacen("http://", "https://", 1);
    for (name, value) in [
        ("origin", "https://evil.example"),
        ("sec-fetch-site", "cross-site"),
        ("origin", other_scheme.as_str()),
    ] {
        let forged = browser
            .post(app.url("/api/tasks/add"))
            .header(name, value)
            .form(&[
                ("id", Uuid::now_v7().to_string().as_str()),
                ("quick_add", "forged"),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(forged.status(), StatusCode::FORBIDDEN, "{name}: {value}");
    }

    assert!(app.tasks(&browser).await.is_empty());
}

async fn a_change_that_says_nothing_of_where_it_comes_from_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let signed_up = app.sign_up(&app.browser(), "masha", PASSWORD).await;
    let token = session_pair(&signed_up).expect("a session");
    let silent = add_with_cookie(&app, &reqwest::Client::new(), &token).await;
    assert_eq!(silent.status(), StatusCode::FORBIDDEN);
    assert_eq!(error_code(&silent.text().await.unwrap()), "cross_site");
    let browser = app.browser();
    app.sign_in(&browser, "masha", PASSWORD).await;
    assert!(app.tasks(&browser).await.is_empty(), "nothing was added");
}

async fn the_session_cookie_is_http_only_and_same_site_lax(backend: Backend) {
    let app = spawn_app(backend).await;
    let response = app.sign_up(&app.browser(), "masha", PASSWORD).await;
    let cookie = session_cookie(&response).expect("a session cookie");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(cookie.contains("Path=/"), "{cookie}");
    assert!(
        !cookie.contains("Secure"),
        "plain-HTTP development must not get a Secure cookie: {cookie}"
    );
}

async fn the_session_cookie_is_host_prefixed_and_secure_behind_https(backend: Backend) {
    let app = crate::support::spawn::spawn_app_with(backend, |config| {
        config.settings.secure_cookies = true;
    })
    .await;
    // As the page served over HTTPS sends it (the test itself speaks
    // plain HTTP to the server, as a TLS-ending proxy would).
    let response = reqwest::Client::new()
        .post(app.url("/api/auth/signup"))
        .header("origin", app.url("").replacen("http://", "https://", 1))
        .form(&[("username", "masha"), ("password", PASSWORD)])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(session_cookie(&response).is_none(), "no plain-named cookie");
    let cookie = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("__Host-tetrad_session="))
        .expect("the __Host- cookie, which browsers keep only if Secure, for /, from this host");
    assert!(cookie.contains("Secure"), "{cookie}");
    assert!(cookie.contains("Path=/"), "{cookie}");
    assert!(!cookie.contains("Domain"), "{cookie}");
}

async fn signing_in_issues_a_new_session_id(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.browser();
    let first = session_cookie(&app.sign_up(&browser, "masha", PASSWORD).await).unwrap();
    let second = session_cookie(&app.sign_in(&browser, "masha", PASSWORD).await).unwrap();
    assert_ne!(first, second);

    // The session from before the sign-in is gone, not merely replaced.
    let old = app.browser();
    let old_token = first.split(';').next().unwrap().to_owned();
    let response = old
        .get(app.url("/api/tasks/list"))
        .header("cookie", old_token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    // A mutation with it is refused too, and does nothing.
    let mutation = add_with_cookie(&app, &old, first.split(';').next().unwrap()).await;
    assert_eq!(mutation.status(), StatusCode::UNAUTHORIZED);
    assert!(app.tasks(&browser).await.is_empty());
}

async fn signing_out_ends_the_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let response = app.post(&browser, "/api/auth/signout", &[]).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(session_cookie(&response).unwrap().contains("Max-Age=0"));
    assert_eq!(
        app.list_tasks(&browser).await.status(),
        StatusCode::UNAUTHORIZED
    );
}

async fn repeated_wrong_passwords_are_throttled(backend: Backend) {
    let app = crate::support::spawn::spawn_app_with(backend, |config| {
        config.settings.sign_in_attempts = 3;
    })
    .await;
    app.sign_up(&app.browser(), "masha", PASSWORD).await;
    let attacker = app.browser();
    for _ in 0..3 {
        let response = app.sign_in(&attacker, "masha", "guess guess").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }

    // Even the right password waits now: the throttle does not leak whether it was right.
    let throttled = app.sign_in(&attacker, "masha", PASSWORD).await;
    assert_eq!(throttled.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(throttled.headers().contains_key("retry-after"));
    assert_eq!(
        error_code(&throttled.text().await.unwrap()),
        "too_many_attempts"
    );
}

/// The tests' requests come through a proxy the server trusts (they all
/// come from 127.0.0.1), so `X-Forwarded-For` names the client.
fn behind_a_proxy_on_this_machine(config: &mut server::config::Config) {
    config.trusted_proxies =
        server::http::client_address::TrustedProxies(std::sync::Arc::new(vec![
            std::net::Ipv4Addr::LOCALHOST.into(),
        ]));
}

/// Signs in from `address`, as a proxy in front of the server reports it.
async fn sign_in_from(app: &TestApp, address: &str, password: &str) -> reqwest::Response {
    app.browser()
        .post(app.url("/api/auth/signin"))
        .header("x-forwarded-for", address)
        .form(&[("username", "masha"), ("password", password)])
        .send()
        .await
        .unwrap()
}

async fn a_classmates_wrong_guesses_lock_their_phone_not_the_owners(backend: Backend) {
    let app = crate::support::spawn::spawn_app_with(backend, |config| {
        behind_a_proxy_on_this_machine(config);
    })
    .await;
    app.sign_up(&app.browser(), "masha", PASSWORD).await;
    for _ in 0..10 {
        let guess = sign_in_from(&app, "198.51.100.7", "guess guess").await;
        assert_eq!(guess.status(), StatusCode::UNAUTHORIZED);
    }
    let classmate = sign_in_from(&app, "198.51.100.7", PASSWORD).await;
    assert_eq!(
        classmate.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "from the same address"
    );
    let owner = sign_in_from(&app, "203.0.113.5", PASSWORD).await;
    assert_eq!(owner.status(), StatusCode::OK, "from the owner's own phone");
}

async fn accounts_made_from_one_address_past_its_limit_wait_and_other_addresses_do_not(
    backend: Backend,
) {
    let app = crate::support::spawn::spawn_app_with(backend, |config| {
        config.settings.sign_ups_per_address = 3;
        behind_a_proxy_on_this_machine(config);
    })
    .await;
    let sign_up_from = |address: &'static str, name: String| {
        let request = app
            .browser()
            .post(app.url("/api/auth/signup"))
            .header("x-forwarded-for", address)
            .form(&[("username", name.as_str()), ("password", PASSWORD)]);
        async move { request.send().await.unwrap() }
    };
    for n in 0..3 {
        let made = sign_up_from("198.51.100.7", format!("pupil{n}")).await;
        assert_eq!(made.status(), StatusCode::OK, "a classmate's account");
    }
    let script = sign_up_from("198.51.100.7", "pupil3".into()).await;
    assert_eq!(script.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = script.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wait > 0 && wait <= 3600, "{wait}");
    assert_eq!(
        error_code(&script.text().await.unwrap()),
        "too_many_sign_ups"
    );
    let elsewhere = sign_up_from("203.0.113.5", "pupil3".into()).await;
    assert_eq!(elsewhere.status(), StatusCode::OK, "another address");
}

async fn a_common_password_is_refused_at_sign_up(backend: Backend) {
    let app = spawn_app(backend).await;
    let common = app.sign_up(&app.browser(), "masha", "password1").await;
    assert_eq!(common.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        error_code(&common.text().await.unwrap()),
        "invalid_password"
    );
    let own = app.sign_up(&app.browser(), "masha", PASSWORD).await;
    assert_eq!(
        own.status(),
        StatusCode::OK,
        "the name was not taken by the refusal"
    );
}

async fn a_forwarded_address_from_an_untrusted_peer_is_ignored(backend: Backend) {
    let app = spawn_app(backend).await;
    app.sign_up(&app.browser(), "masha", PASSWORD).await;
    // A new made-up address with every guess changes nothing: the server
    // trusts no proxy, so every guess comes from the same peer.
    for n in 0..10 {
        let guess = sign_in_from(&app, &format!("198.51.100.{n}"), "guess guess").await;
        assert_eq!(guess.status(), StatusCode::UNAUTHORIZED);
    }
    let next = sign_in_from(&app, "203.0.113.5", PASSWORD).await;
    assert_eq!(next.status(), StatusCode::TOO_MANY_REQUESTS);
}

async fn guesses_from_many_addresses_meet_the_looser_limit_per_name(backend: Backend) {
    let app = crate::support::spawn::spawn_app_with(backend, |config| {
        config.settings.sign_in_attempts_per_name = 4;
        behind_a_proxy_on_this_machine(config);
    })
    .await;
    app.sign_up(&app.browser(), "masha", PASSWORD).await;
    for n in 0..4 {
        let guess = sign_in_from(&app, &format!("198.51.100.{n}"), "guess guess").await;
        assert_eq!(guess.status(), StatusCode::UNAUTHORIZED);
    }
    let next = sign_in_from(&app, "203.0.113.5", PASSWORD).await;
    assert_eq!(next.status(), StatusCode::TOO_MANY_REQUESTS);
}

async fn adding_the_same_task_id_twice_adds_one_task(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let id = Uuid::now_v7().to_string();
    let first: Task = read_ok("add", app.add_task(&browser, &id, "Биология").await).await;
    let second: Task = read_ok("add", app.add_task(&browser, &id, "Биология").await).await;
    assert_eq!(first, second);
    assert_eq!(app.tasks(&browser).await.len(), 1);
}

async fn a_blank_title_is_a_clear_error(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let response = app
        .add_task(&browser, &Uuid::now_v7().to_string(), "   ")
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = response.text().await.unwrap();
    assert_eq!(error_code(&body), "invalid_title");
    let error: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(error["detail"], "Empty");
}

async fn another_students_tasks_stay_invisible(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let petya = app.signed_up_browser("petya").await;
    let id = Uuid::now_v7().to_string();
    app.add_task(&masha, &id, "Masha's secret").await;

    assert!(app.tasks(&petya).await.is_empty());
    // Guessing Masha's id does not let Petya overwrite or read her task.
    let stolen = app.add_task(&petya, &id, "mine now").await;
    assert_eq!(stolen.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!stolen.text().await.unwrap().contains("secret"));
    assert_eq!(app.tasks(&masha).await[0].title.as_str(), "Masha's secret");
}

async fn a_draining_server_says_so_to_health_checks_and_still_serves(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    app.draining.start();

    let health = reqwest::get(app.url("/healthz")).await.unwrap();
    assert_eq!(health.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(health.text().await.unwrap(), "draining");
    // A load balancer stops sending work; what reaches it is still done.
    let added = app
        .add_task(&browser, &Uuid::now_v7().to_string(), "Алгебра")
        .await;
    assert_eq!(added.status(), StatusCode::OK);
}

async fn health_check_reports_a_reachable_database(backend: Backend) {
    let app = spawn_app(backend).await;
    let response = reqwest::get(app.url("/healthz")).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

async fn an_oversized_body_is_refused_with_413(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let huge = "a".repeat(server::startup::MAX_BODY_BYTES + 1);
    let response = app
        .add_task(&browser, &Uuid::now_v7().to_string(), &huge)
        .await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

async fn pages_are_compressed_for_a_browser_that_accepts_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let compressed = browser
        .get(app.url("/"))
        .header("accept-encoding", "gzip, deflate, br")
        .send()
        .await
        .unwrap();
    assert_eq!(compressed.status(), StatusCode::OK);
    assert_eq!(compressed.headers()["content-encoding"], "br");
    assert_eq!(compressed.headers()["vary"], "accept-encoding");

    let plain = browser.get(app.url("/")).send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert!(plain.text().await.unwrap().contains("quick_add"));
}

/// Adds a task from `client`, sending only `cookie` (`name=value`) and
/// whatever headers the client sends of itself.
async fn add_with_cookie(
    app: &TestApp,
    client: &reqwest::Client,
    cookie: &str,
) -> reqwest::Response {
    client
        .post(app.url("/api/tasks/add"))
        .header("cookie", cookie)
        .header("idempotency-key", Uuid::new_v4().to_string())
        .form(&[
            ("id", Uuid::now_v7().to_string().as_str()),
            ("quick_add", "x"),
        ])
        .send()
        .await
        .unwrap()
}
