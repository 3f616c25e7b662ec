//! `sente serve`: the web arena. Binds the address (loopback by default), prints the URL to open, and serves the
//! pages and JSON API of `sente-server` until Ctrl-C. The search caps are flags so a shared machine can be kept
//! responsive.

use crate::error::CliError;
use clap::Parser;
use sente_registry::EngineLimits;
use sente_server::{AppState, Config};
use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `sente serve`.
#[derive(Debug, Parser)]
#[command(after_help = "Examples:\n  sente serve                        serve on http://127.0.0.1:8080/\n  \
                  sente serve --addr 127.0.0.1:0     any free port (the URL is printed)\n  \
                  sente serve --max-time-ms 1000     keep every engine answer under a second")]
pub struct Args {
    /// Address to listen on. Loopback by default; another address exposes the arena to the network.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The deepest search any request may ask for, in plies.
    #[arg(long, default_value_t = 64)]
    pub max_depth: u32,
    /// The longest search any request may ask for, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    pub max_time_ms: u64,
    /// The most nodes any search may visit.
    #[arg(long, default_value_t = 50_000_000)]
    pub max_nodes: u64,
    /// Searches that may run at once (default: one per core); further requests wait in a queue.
    #[arg(long)]
    pub max_searches: Option<usize>,
}

/// Runs `sente serve`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.max_depth == 0 || args.max_time_ms == 0 || args.max_nodes == 0 || args.max_searches == Some(0) {
        return Err(CliError::Usage("the --max-* limits must be at least 1".into()));
    }
    let defaults = Config::default();
    let config = Config {
        cap: EngineLimits {
            depth: Some(args.max_depth),
            time: Some(Duration::from_millis(args.max_time_ms)),
            nodes: Some(args.max_nodes),
            perfect: false,
        },
        max_searches: args.max_searches.unwrap_or(defaults.max_searches),
        ..defaults
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .map_err(|e| CliError::Usage(format!("cannot listen on {}: {e}", args.addr)))?;
        let local = listener.local_addr()?;
        let host = if local.ip().is_unspecified() { "127.0.0.1".to_string() } else { local.ip().to_string() };
        let host = if local.is_ipv6() && !local.ip().is_unspecified() { format!("[{host}]") } else { host };
        println!("Sente arena: open http://{host}:{}/ in a browser (Ctrl-C stops)", local.port());
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        sente_server::serve(listener, AppState::new(config), shutdown).await?;
        Ok(ExitCode::SUCCESS)
    })
}
