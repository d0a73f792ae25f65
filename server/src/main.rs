//! `tetrad`: the Tetrad web server.

use server::config::Config;
use server::db::backup;
use server::startup::Application;
use server::{shutdown, telemetry};
use std::path::Path;

const USAGE: &str = "usage: tetrad                 serve (configured by the environment)\n       \
                     tetrad backup FILE     copy the SQLite database, while it serves\n       \
                     tetrad restore FILE    replace it with a backup (server stopped)";

#[tokio::main]
async fn main() -> std::process::ExitCode {
    telemetry::init();
    match run().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "tetrad stopped");
            eprintln!("tetrad: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), Box<dyn std::error::Error>> {
    let config = Config::from_env()?;
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => {}
        ["backup", file] => {
            backup::backup(&config.database_url, Path::new(file)).await?;
            tracing::info!(file, "backed up");
            return Ok(());
        }
        ["restore", file] => {
            backup::restore(Path::new(file), &config.database_url).await?;
            tracing::info!(file, "restored");
            return Ok(());
        }
        _ => return Err(USAGE.into()),
    }
    tracing::info!(?config, "starting");
    let app = Application::build(config).await?;
    // The one line a person running scripts/run.sh reads: where to go.
    #[allow(clippy::print_stdout)]
    {
        println!("Tetrad is running at http://{}", app.local_addr());
    }
    app.run_until(shutdown::signal()).await?;
    tracing::info!("stopped cleanly");
    Ok(())
}
