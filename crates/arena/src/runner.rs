//! Playing a match on many threads. Games are numbered; game `k`'s seed, colours and start
//! depend only on the setup and `k`. Worker threads take chunks of games in order from a
//! shared queue, and the chunks' tallies and records are combined in game order as soon as
//! every earlier chunk is in, so the totals and the records are the same for any thread count
//! and the records reach their sink while the match runs.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use rand::SeedableRng;
use tabula_core::agent::BuildAgent;
use tabula_core::{Agent, AgentCatalog, AgentError, AgentSpec, GameRng};

use crate::error::ArenaError;
use crate::play::{play_game, GameResult, MoveLog};
use crate::record::{GameRecord, RecordHeader};
use crate::report::MatchReport;
use crate::seeds::GameSeeds;
use crate::setup::{First, MatchSetup, Shard};
use crate::sprt::{SprtReport, SprtSetup, Verdict};
use crate::tally::Tally;

/// The most games in one chunk (one task of a worker): enough that handing out chunks costs
/// nothing next to the games.
const CHUNK: u64 = 32;
/// A match without a sequential test is cut into at least this many chunks per thread (when
/// it has the games), so that the threads finish together and records come out steadily.
const CHUNKS_PER_THREAD: u64 = 32;

/// Receives the game records of a match, in game order.
pub type RecordSink<'a> = &'a mut dyn FnMut(&GameRecord) -> Result<(), ArenaError>;

/// What a caller sees while a match runs.
pub struct Hooks<'a> {
    /// Called on the worker threads after every game (for a progress display).
    pub progress: &'a (dyn Fn(&GameResult) + Sync),
    /// Receives every game's record, in game order; `None` plays without keeping any moves.
    pub records: Option<RecordSink<'a>>,
}

impl Hooks<'_> {
    /// No progress display and no records.
    pub fn silent() -> Hooks<'static> {
        Hooks {
            progress: &|_| {},
            records: None,
        }
    }
}

/// Builds one side's agent for each game with that game's seed, unless the spec fixes one.
struct SeatFactory<G: AgentCatalog> {
    spec: AgentSpec,
    build: BuildAgent<G>,
    /// The seed the spec fixes, if any.
    fixed_seed: Option<u64>,
}

impl<G: AgentCatalog> SeatFactory<G> {
    fn new(spec: &AgentSpec) -> Result<Self, ArenaError> {
        let entry = G::agents()
            .into_iter()
            .find(|entry| entry.name == spec.name());
        match entry {
            // The name and keys were checked when the setup was made.
            Some(entry) => Ok(SeatFactory {
                spec: spec.clone(),
                build: entry.build,
                fixed_seed: spec.seed()?,
            }),
            None => {
                G::build_agent(spec)?;
                Err(ArenaError::Usage(format!("no agent {}", spec.name())))
            }
        }
    }

    /// The agent for a game with `seed`: `idle`, the agent of the chunk's previous game,
    /// reseeded where it can be (exactly what a new build would be), else a new build.
    fn agent(
        &self,
        seed: u64,
        idle: Option<Box<dyn Agent<G>>>,
    ) -> Result<Box<dyn Agent<G>>, AgentError> {
        let seed = self.fixed_seed.unwrap_or(seed);
        if let Some(mut agent) = idle {
            if agent.reseed(seed) {
                return Ok(agent);
            }
        }
        (self.build)(&self.spec.with_default_seed(seed))
    }
}

/// The agents of a chunk's previous game, kept for the next one.
struct Idle<G: AgentCatalog> {
    a: Option<Box<dyn Agent<G>>>,
    b: Option<Box<dyn Agent<G>>>,
}

/// The shared, read-only state of a running match.
struct Context<'a, G: AgentCatalog> {
    setup: &'a MatchSetup<G>,
    a: SeatFactory<G>,
    b: Option<SeatFactory<G>>,
    header: RecordHeader<'a>,
    progress: &'a (dyn Fn(&GameResult) + Sync),
}

/// The outcome of one chunk of games.
struct Chunk {
    tally: Tally,
    records: Vec<GameRecord>,
}

impl<G: AgentCatalog> Context<'_, G> {
    /// Plays game `number`, noting its moves in `log`.
    fn play<L: MoveLog<G>>(
        &self,
        number: u64,
        idle: &mut Idle<G>,
        log: &mut L,
    ) -> Result<(G, GameSeeds, GameResult), ArenaError> {
        let seeds = GameSeeds::of_game(self.setup.seed, number);
        let a_player = self.setup.a_player(number, seeds.coin);
        let start = self.setup.start(number);
        let mut dealer = GameRng::seed_from_u64(seeds.dealer);
        let a = self.a.agent(seeds.a, idle.a.take())?;
        let result = match &self.b {
            None => {
                let mut seats = [a];
                let result = play_game(&start, &mut seats, a_player, &mut dealer, log);
                let [a] = seats;
                idle.a = Some(a);
                result
            }
            Some(b) => {
                let b = b.agent(seeds.b, idle.b.take())?;
                let mut seats = if a_player == 0 { [a, b] } else { [b, a] };
                let result = play_game(&start, &mut seats, a_player, &mut dealer, log);
                let [first, second] = seats;
                let (a, b) = if a_player == 0 {
                    (first, second)
                } else {
                    (second, first)
                };
                (idle.a, idle.b) = (Some(a), Some(b));
                result
            }
        };
        (self.progress)(&result);
        Ok((start, seeds, result))
    }

    fn play_chunk(&self, numbers: Range<u64>, keep_records: bool) -> Result<Chunk, ArenaError> {
        let mut chunk = Chunk {
            tally: Tally::default(),
            records: Vec::new(),
        };
        let mut idle = Idle { a: None, b: None };
        for number in numbers {
            if keep_records {
                let mut moves = Vec::new();
                let (start, seeds, result) = self.play(number, &mut idle, &mut moves)?;
                chunk.records.push(GameRecord::new(
                    &self.header,
                    number,
                    seeds.game,
                    &start,
                    moves,
                    &result,
                ));
                chunk.tally.add_game(&result);
            } else {
                let (_, _, result) = self.play(number, &mut idle, &mut ())?;
                chunk.tally.add_game(&result);
            }
        }
        Ok(chunk)
    }
}

/// [`run_match`] without a progress display, keeping every game's record in memory, in game
/// order (for callers that look at the games afterwards rather than write them out).
pub fn run_match_keeping_records<G: AgentCatalog>(
    setup: &MatchSetup<G>,
    threads: usize,
) -> Result<(MatchReport, Vec<GameRecord>), ArenaError> {
    let mut records = Vec::new();
    let mut keep = |record: &GameRecord| {
        records.push(record.clone());
        Ok(())
    };
    let mut hooks = Hooks {
        progress: &|_| {},
        records: Some(&mut keep),
    };
    let report = run_match(setup, threads, &mut hooks)?;
    Ok((report, records))
}

/// Plays this process's slice of the match on `threads` threads (0: one per core).
pub fn run_match<G: AgentCatalog>(
    setup: &MatchSetup<G>,
    threads: usize,
    hooks: &mut Hooks<'_>,
) -> Result<MatchReport, ArenaError> {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let a_text = setup.a.to_string();
    let b_text = setup.b.as_ref().map(ToString::to_string);
    let context = Context {
        setup,
        a: SeatFactory::new(&setup.a)?,
        b: setup.b.as_ref().map(SeatFactory::new).transpose()?,
        header: RecordHeader {
            a: &a_text,
            b: b_text.as_deref(),
        },
        progress: hooks.progress,
    };
    let keep_records = hooks.records.is_some();
    let mut test = setup
        .sprt
        .map(|sprt| Sequential::new(sprt, setup))
        .transpose()?;
    let games = setup.shard.games(setup.games);
    // A sequential test looks at every game (or pair) in order, so its chunks are single games
    // (pairs): the match stops soon after the test is decided.
    let chunk_len = match &test {
        Some(test) => test.chunk,
        None => ((games.end - games.start) / (threads as u64 * CHUNKS_PER_THREAD)).clamp(1, CHUNK),
    };
    let queue = ChunkQueue::new(games, chunk_len);
    let clock = Instant::now();
    let mut tally = Tally::default();
    std::thread::scope(|scope| -> Result<(), ArenaError> {
        // A worker waits when the merge is a chunk per thread behind, so that records stay close
        // behind the games.
        let (done, finished) = mpsc::sync_channel(threads);
        for _ in 0..threads {
            let (context, queue, done) = (&context, &queue, done.clone());
            std::thread::Builder::new()
                .spawn_scoped(scope, move || {
                    while let Some((index, numbers)) = queue.take() {
                        let chunk = context.play_chunk(numbers, keep_records);
                        if chunk.is_err() {
                            queue.close();
                        }
                        if done.send((index, chunk)).is_err() {
                            break;
                        }
                    }
                })
                .map_err(|e| {
                    queue.close();
                    ArenaError::Usage(format!("cannot start {threads} threads: {e}"))
                })?;
        }
        drop(done);
        let merged = merge_in_order(finished, &mut tally, hooks, test.as_mut());
        // Whatever ended the merge (the last chunk, the test's verdict, an error), the workers
        // take no more chunks.
        queue.close();
        merged
    })?;
    let mut report = MatchReport::new(setup, tally, clock.elapsed().as_secs_f64());
    report.sprt = test.map(|test| SprtReport::new(test.setup, test.counts));
    Ok(report)
}

/// Adds the chunks the workers report to `tally` in game order, each as soon as every earlier
/// one is in, and hands their records to the sink; stops at the first failed chunk or when
/// `test` is decided.
fn merge_in_order(
    finished: mpsc::Receiver<(u64, Result<Chunk, ArenaError>)>,
    tally: &mut Tally,
    hooks: &mut Hooks<'_>,
    mut test: Option<&mut Sequential>,
) -> Result<(), ArenaError> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    for (index, chunk) in finished {
        waiting.insert(index, chunk?);
        while let Some(chunk) = waiting.remove(&next) {
            next += 1;
            tally.merge(&chunk.tally);
            if let Some(sink) = hooks.records.as_mut() {
                chunk.records.iter().try_for_each(&mut *sink)?;
            }
            if let Some(test) = test.as_deref_mut() {
                if test.add(&chunk.tally) != Verdict::Undecided {
                    return Ok(());
                }
            }
        }
    }
    Ok(())
}

/// The chunks of a match, handed out to the workers in game order until all are out or the
/// queue is closed (the test is decided, or a game failed).
struct ChunkQueue {
    games: Range<u64>,
    chunk_len: u64,
    /// The index of the next chunk to hand out.
    next: AtomicU64,
    closed: AtomicBool,
}

impl ChunkQueue {
    fn new(games: Range<u64>, chunk_len: u64) -> Self {
        ChunkQueue {
            games,
            chunk_len,
            next: AtomicU64::new(0),
            closed: AtomicBool::new(false),
        }
    }

    /// The next chunk's index and game numbers, if any is left and the queue is open.
    fn take(&self) -> Option<(u64, Range<u64>)> {
        if self.closed.load(Ordering::Relaxed) {
            return None;
        }
        let index = self.next.fetch_add(1, Ordering::Relaxed);
        let from = self
            .games
            .start
            .checked_add(index.checked_mul(self.chunk_len)?)?;
        (from < self.games.end).then(|| (index, from..self.games.end.min(from + self.chunk_len)))
    }

    /// Hands out nothing more.
    fn close(&self) {
        self.closed.store(true, Ordering::Relaxed);
    }
}

/// A sequential test under way: the counts so far, in game order.
struct Sequential {
    setup: SprtSetup,
    /// Games per sample: 2 for pairs (pentanomial), 1 for games (trinomial).
    chunk: u64,
    /// Losses, draws and wins of A; or pairs by A's score in half points.
    counts: Vec<u64>,
}

impl Sequential {
    /// The test for `setup`'s match: on game pairs when colours alternate, else on games.
    /// Refused with shards: a test decides on the whole match in order.
    fn new<G: AgentCatalog>(sprt: SprtSetup, setup: &MatchSetup<G>) -> Result<Self, ArenaError> {
        if setup.shard != Shard::WHOLE || setup.b.is_none() {
            return Err(ArenaError::Usage(
                "--sprt needs a whole match (no --shard) between two agents".to_string(),
            ));
        }
        let pairs = setup.first == First::Alternate;
        Ok(Sequential {
            setup: sprt,
            chunk: if pairs { 2 } else { 1 },
            counts: vec![0; if pairs { 5 } else { 3 }],
        })
    }

    /// Adds one sample (a game, or a pair of games; an unfinished pair is left out) and
    /// returns the verdict so far.
    fn add(&mut self, sample: &Tally) -> Verdict {
        if sample.games == self.chunk {
            // A's score in half points: 0 to 2 for a game, 0 to 4 for a pair.
            let half_points = 2 * sample.wins_a + sample.draws;
            self.counts[half_points as usize] += 1;
        }
        self.setup.verdict(self.setup.llr(&self.counts))
    }
}
