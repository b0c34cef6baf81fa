//! `tabula serve`: web play and online two-player games over the match controller.
//!
//! The server keeps each game in memory as a [`game::Live`] (the same controller and view model
//! as the other front ends) behind a lock, and in SQLite ([`store`]): every change is committed
//! before it is answered or broadcast, and on start every unfinished game is loaded again by
//! replaying its moves through the rules; a finished or long-idle game that nothing holds (no
//! socket, request, search or clock) leaves memory and is loaded again when asked for
//! ([`App::evict`]). Players hold secret seat tokens (only their hashes are kept), for seats
//! rather than colours (a swap opening's colour choice may swap them); anyone may watch.
//! Engines search under the permits of an [`engines::EnginePool`] (one per processor);
//! games waiting for one say so. The page (plain HTML, CSS and JS modules) is built into the
//! binary (the private `page` module) and reads the same Fluent catalog as the terminal.
//!
//! HTTP: `POST /api/games`, `POST /api/games/{id}/join`, `GET /api/games/{id}`,
//! `POST /api/games/{id}/moves`, `POST /api/games/{id}/choices` (a swap opening's answer);
//! WebSocket: `GET /api/games/{id}/ws?token=…&v=N`
//! (the private `socket` module).

mod api;
pub mod engines;
mod error;
pub mod game;
pub mod limits;
mod page;
pub mod proxy;
mod secret;
pub mod setup;
mod socket;
pub mod store;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

pub use error::{ApiError, Code};
use game::Live;
use limits::{PerAddress, Rate};
use store::Store;

/// Request and message limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// New games per address.
    pub create: Rate,
    /// Moves and socket messages per address.
    pub messages: Rate,
    /// Socket messages per connection.
    pub per_socket: Rate,
    /// The largest request body, in bytes.
    pub body_bytes: usize,
    /// The largest socket message, in bytes (larger ones close the socket with 1009).
    pub message_bytes: usize,
    /// How long a finished game nobody is connected to stays in memory after its last change.
    pub keep_finished: Duration,
    /// How long an unfinished game nobody is connected to stays in memory after its last
    /// change (a game with a clock stays while it is unfinished).
    pub keep_idle: Duration,
    /// Reverse proxies whose `X-Forwarded-For` / `Forwarded` name the client (none: the
    /// headers are ignored and the peer is the client).
    pub proxies: proxy::TrustedProxies,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            create: Rate {
                per_second: 0.5,
                burst: 20.0,
            },
            messages: Rate {
                per_second: 50.0,
                burst: 200.0,
            },
            per_socket: Rate {
                per_second: 10.0,
                burst: 40.0,
            },
            body_bytes: 16 * 1024,
            message_bytes: 4 * 1024,
            keep_finished: Duration::from_secs(60),
            keep_idle: Duration::from_secs(15 * 60),
            proxies: proxy::TrustedProxies::default(),
        }
    }
}

impl Limits {
    /// No rate limits (size limits stay): for load benchmarks on loopback.
    pub fn unlimited_rates() -> Limits {
        Limits {
            create: Rate::UNLIMITED,
            messages: Rate::UNLIMITED,
            per_socket: Rate::UNLIMITED,
            ..Limits::default()
        }
    }
}

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// The SQLite file.
    pub db: PathBuf,
    /// Searches at once; `None`: one per processor.
    pub engines: Option<usize>,
    /// Rate and size limits.
    pub limits: Limits,
}

/// A game in memory with the signal its searches and clocks wake.
pub struct GameCell {
    live: Mutex<Live>,
    notify: Arc<Notify>,
}

impl GameCell {
    /// The game, locked (never held across an await).
    pub fn lock(&self) -> MutexGuard<'_, Live> {
        self.live.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The server's shared state.
pub struct App {
    games: Mutex<HashMap<String, Arc<GameCell>>>,
    store: Store,
    engines: engines::EnginePool,
    limits: Limits,
    create_limiter: PerAddress,
    message_limiter: PerAddress,
}

impl App {
    /// A server over `store`; loads every unfinished game (a game that no longer replays is
    /// reported and left out).
    pub fn new(store: Store, engines: Option<usize>, limits: Limits) -> Result<Arc<App>, ApiError> {
        let app = Arc::new(App {
            games: Mutex::new(HashMap::new()),
            engines: engines.map_or_else(engines::EnginePool::per_cpu, engines::EnginePool::new),
            create_limiter: PerAddress::new(limits.create),
            message_limiter: PerAddress::new(limits.messages),
            limits,
            store,
        });
        for id in app.store.unfinished()? {
            if let Err(e) = app.load(&id) {
                eprintln!("tabula serve: game {id} not loaded: {e}");
            }
        }
        Ok(app)
    }

    /// The address the rate limits count a request against: the peer, or the client a trusted
    /// proxy names.
    pub fn client(&self, peer: SocketAddr, headers: &axum::http::HeaderMap) -> std::net::IpAddr {
        self.limits.proxies.client(peer.ip(), headers)
    }

    /// How many games are in memory.
    pub fn games_in_memory(&self) -> usize {
        self.map().len()
    }

    /// Drops from memory the games nothing holds (no socket, request, search or clock watch)
    /// that have been finished for `keep_finished` or idle for `keep_idle`; they are loaded
    /// again from the store when asked for. Returns how many went.
    pub fn evict(&self) -> usize {
        let now = Instant::now();
        let mut map = self.map();
        let before = map.len();
        map.retain(|_, cell| {
            // Only the map holds it, and only through the map can anyone take it: nobody else
            // can be holding its lock or take it while the map is locked.
            if Arc::strong_count(cell) > 1 {
                return true;
            }
            let live = cell.lock();
            let keep = if live.is_over() {
                self.limits.keep_finished
            } else {
                self.limits.keep_idle
            };
            live.idle_for(now) < keep || !live.engine_idle()
        });
        before - map.len()
    }

    fn map(&self) -> MutexGuard<'_, HashMap<String, Arc<GameCell>>> {
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The game with this id, from memory or the store.
    pub fn get(self: &Arc<Self>, id: &str) -> Result<Arc<GameCell>, ApiError> {
        if let Some(cell) = self.map().get(id) {
            return Ok(cell.clone());
        }
        if id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ApiError::NotFound);
        }
        self.load(id)
    }

    fn load(self: &Arc<Self>, id: &str) -> Result<Arc<GameCell>, ApiError> {
        let (row, plies) = self.store.load(id)?.ok_or(ApiError::NotFound)?;
        let notify = Arc::new(Notify::new());
        let live = Live::restore(row, plies, notify.clone())?;
        let ours = Arc::as_ptr(&notify);
        let cell = self.insert(live, notify);
        // Two requests may load the same game at once: only the copy that went into the map
        // is watched (the other is dropped).
        if Arc::as_ptr(&cell.notify) == ours {
            self.watch(&cell);
        }
        Ok(cell)
    }

    fn insert(&self, live: Live, notify: Arc<Notify>) -> Arc<GameCell> {
        let id = live.id().to_string();
        let cell = Arc::new(GameCell {
            live: Mutex::new(live),
            notify,
        });
        self.map().entry(id).or_insert(cell).clone()
    }

    /// Starts what a game needs after a change: an engine job if a computer is to move or hints
    /// are wanted.
    pub fn kick(self: &Arc<Self>, cell: &Arc<GameCell>) {
        if !cell.lock().queue_engine() {
            return;
        }
        let (app, cell) = (self.clone(), cell.clone());
        tokio::spawn(async move {
            let permit = app.engines.acquire().await;
            if !cell.lock().start_engine(&app.store, permit) {
                return;
            }
            loop {
                cell.notify.notified().await;
                if !cell.lock().pump(&app.store) {
                    break;
                }
            }
        });
    }

    /// Watches a game: its engine (at load) and, in a game with clocks, the flag.
    fn watch(self: &Arc<Self>, cell: &Arc<GameCell>) {
        self.kick(cell);
        if cell.lock().settings().clock.is_none() {
            return;
        }
        let signal = cell.lock().clock_signal();
        let (app, cell) = (self.clone(), cell.clone());
        tokio::spawn(async move {
            loop {
                let due = {
                    let live = cell.lock();
                    if live.is_over() {
                        break;
                    }
                    live.flag_due()
                };
                match due {
                    Some(due) => {
                        let wait = due + std::time::Duration::from_millis(5);
                        tokio::select! {
                            _ = tokio::time::sleep(wait) => {}
                            _ = signal.notified() => {}
                        }
                    }
                    None => signal.notified().await,
                }
                if let Err(e) = cell.lock().check_flag(&app.store) {
                    eprintln!("tabula serve: {e}");
                }
            }
        });
    }

    /// A new game: the cell and what the creator gets.
    pub fn create(
        self: &Arc<Self>,
        plan: &setup::Plan,
    ) -> Result<(Arc<GameCell>, game::Created), ApiError> {
        let notify = Arc::new(Notify::new());
        let (live, created) = Live::create(new_id(), plan, &self.store, notify.clone())?;
        let cell = self.insert(live, notify);
        self.watch(&cell);
        Ok((cell, created))
    }

    /// The rematch of a finished game (made once; both players keep their tokens and swap
    /// sides).
    pub fn rematch(self: &Arc<Self>, cell: &Arc<GameCell>) -> Result<String, ApiError> {
        let new_cell = {
            let mut old = cell.lock();
            if !old.is_over() {
                return Err(ApiError::conflict(
                    Code::NotOver,
                    "a rematch is offered once the game is over",
                ));
            }
            if let Some(id) = old.rematch() {
                return Ok(id.to_string());
            }
            let mut settings = old.settings().clone();
            settings.seed = rand::random();
            let mut seats = old.seat_hashes();
            if settings.seats.len() == 2 {
                settings.seats.swap(0, 1);
                seats.swap(0, 1);
            }
            let notify = Arc::new(Notify::new());
            let live =
                Live::create_with(new_id(), settings, seats, None, &self.store, notify.clone())?;
            let new_cell = self.insert(live, notify);
            old.set_rematch(&self.store, new_cell.lock().id().to_string())?;
            new_cell
        };
        self.watch(&new_cell);
        let id = new_cell.lock().id().to_string();
        Ok(id)
    }
}

/// A new game id: 12 hex digits (48 random bits; ids are public, the seats are the secrets).
fn new_id() -> String {
    secret::generate()[..12].to_string()
}

/// Runs the server until the process ends; `bound` is told the address it listens on.
pub async fn serve(config: Config, bound: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let store = Store::open(&config.db).map_err(|e| ServeError::Store(config.db.clone(), e))?;
    let app = App::new(store, config.engines, config.limits).map_err(ServeError::Load)?;
    run(app, config.addr, bound).await
}

/// Serves `app` on `addr` (and sweeps idle games out of memory) until the process ends.
pub async fn run(
    app: Arc<App>,
    addr: SocketAddr,
    bound: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| ServeError::Bind(addr, e))?;
    let local = listener
        .local_addr()
        .map_err(|e| ServeError::Bind(addr, e))?;
    bound(local);
    tokio::spawn(sweep(Arc::downgrade(&app)));
    axum::serve(
        listener,
        router(app).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
    .map_err(ServeError::Io)
}

/// Evicts idle games now and then (twice within the shorter keep time, at most every 30 s).
async fn sweep(app: Weak<App>) {
    let every = match app.upgrade() {
        Some(app) => (app.limits.keep_finished.min(app.limits.keep_idle) / 2)
            .clamp(Duration::from_millis(10), Duration::from_secs(30)),
        None => return,
    };
    loop {
        tokio::time::sleep(every).await;
        match app.upgrade() {
            Some(app) => {
                app.evict();
            }
            None => return,
        }
    }
}

/// The routes: the page, its catalog, the API and the socket.
pub fn router(app: Arc<App>) -> axum::Router {
    api::routes(app.limits.body_bytes)
        .merge(page::routes())
        .with_state(app)
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened.
    #[error("cannot open the database {0}: {1}")]
    Store(PathBuf, store::StoreError),
    /// Loading the stored games failed.
    #[error("cannot load the stored games: {0}")]
    Load(ApiError),
    /// The address could not be bound.
    #[error("cannot listen on {0}: {1}")]
    Bind(SocketAddr, std::io::Error),
    /// The server stopped with an error.
    #[error("{0}")]
    Io(std::io::Error),
}
