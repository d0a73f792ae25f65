//! The signed-in pages as the server renders them: whole, every time, also
//! when many are rendered at once (a class of bug in the renderer once cut
//! about one page in fifty short under load, or left it hanging).

use crate::support::{spawn_app, Backend};
use futures::stream::{self, StreamExt};
use reqwest::StatusCode;
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

on_both_backends_threaded!(every_signed_in_page_renders_whole_when_many_are_asked_at_once);

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
                    Ok(response) if response.status() == StatusCode::OK => response.text().await,
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
