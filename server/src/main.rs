//! `tetrad`: the Tetrad web server.

use server::config::Config;
use server::startup::Application;
use server::{shutdown, telemetry};

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
