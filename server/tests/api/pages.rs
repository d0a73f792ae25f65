//! The signed-in pages as the server renders them: whole, every time, also
//! when many are rendered at once (a class of bug in the renderer once cut
//! about one page in fifty short under load, or left it hanging).

use crate::support::{spawn_app, Backend};
use app::protocol::ACCOUNT_HEADER;
use futures::stream::{self, StreamExt};
use reqwest::StatusCode;
use server::http::render_deadline::SECOND_RENDER_AFTER;
use std::time::Instant;
use uuid::Uuid;

/// Many renders on several threads, as a real server does them.
macro_rules! on_both_backends_threaded {
    ($($test:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
              async fn $test() { super::$test(super::Backend::Sqlite).await })*
        }
        mod postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
              async fn $test() { super::$test(super::Backend::Postgres).await })*
        }
    };
}

on_both_backends_threaded!(
    every_signed_in_page_renders_whole_when_many_are_asked_at_once,
    pages_asked_while_other_servers_start_answer_from_their_first_render,
);

const PAGES: [&str; 5] = ["/", "/upcoming", "/inbox", "/lists", "/settings"];
const RENDERS: usize = 240;

async fn every_signed_in_page_renders_whole_when_many_are_asked_at_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("lena").await;
    let added = app
        .add_task(&browser, &Uuid::now_v7().to_string(), "Физика: параграф 12")
        .await;
    assert_eq!(added.status(), StatusCode::OK);

    let failures: Vec<String> = stream::iter(0..RENDERS)
        .map(|n| {
            let (browser, url) = (browser.clone(), app.url(PAGES[n % PAGES.len()]));
            async move {
                let response = browser.get(&url).send().await;
                let page = match response {
                    // The worker keeps a page for offline use only when it
                    // names its account.
                    Ok(response) if response.status() == StatusCode::OK => {
                        if !response.headers().contains_key(ACCOUNT_HEADER) {
                            return Some(format!("{url}: no account named"));
                        }
                        response.text().await
                    }
                    Ok(response) => return Some(format!("{url}: {}", response.status())),
                    Err(error) => return Some(format!("{url}: {error}")),
                };
                match page {
                    Ok(page) if page.contains("</html>") && page.contains("bottom-nav") => None,
                    Ok(_) => Some(format!("{url}: a page cut short")),
                    Err(error) => Some(format!("{url}: {error}")),
                }
            }
        })
        .buffer_unordered(12)
        .filter_map(|failure| async move { failure })
        .collect()
        .await;

    assert!(
        failures.is_empty(),
        "{} of {RENDERS} pages failed: {failures:?}",
        failures.len()
    );
    let inbox = app.text(&browser, "/inbox").await;
    assert!(
        inbox.contains("Физика: параграф 12"),
        "the Inbox lists the task"
    );
}

/// Servers started, four at a time, while pages render (how the tests run:
/// hundreds of servers in one process).
const STARTS: usize = 20;

async fn pages_asked_while_other_servers_start_answer_from_their_first_render(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("mira").await;
    let started = std::sync::atomic::AtomicBool::new(false);

    let starting = async {
        stream::iter(0..STARTS)
            .for_each_concurrent(4, |_| async { drop(spawn_app(backend).await) })
            .await;
        started.store(true, std::sync::atomic::Ordering::SeqCst);
    };
    // Until the last server has started, twelve pages are always being
    // asked for; one that waited for a second render would have waited
    // forever without it.
    let asking = stream::iter(0..)
        .take_while(|_| async { !started.load(std::sync::atomic::Ordering::SeqCst) })
        .map(|n| {
            let (browser, url) = (browser.clone(), app.url(PAGES[n % PAGES.len()]));
            async move {
                let asked = Instant::now();
                let status = browser.get(&url).send().await.map(|r| r.status());
                let took = asked.elapsed();
                match status {
                    Ok(StatusCode::OK) if took < SECOND_RENDER_AFTER => None,
                    Ok(StatusCode::OK) => Some(format!("{url}: answered after {took:?}")),
                    Ok(status) => Some(format!("{url}: {status}")),
                    Err(error) => Some(format!("{url}: {error}")),
                }
            }
        })
        .buffer_unordered(12)
        .filter_map(|late| async move { late })
        .collect::<Vec<String>>();
    let ((), late) = futures::join!(starting, asking);

    assert!(
        late.is_empty(),
        "{} pages waited for a second render: {late:?}",
        late.len()
    );
}
