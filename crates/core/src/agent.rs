//! Agents: anything that chooses moves, named on the command line by a spec string
//! `NAME[:key=value,...]`, or `NAME:ARGUMENT[,key=value,...]` for an agent that takes an
//! argument (the path of a program it runs: `pbrain:/opt/brains/pbrain-x,time=500`).
//!
//! The common knobs mean the same in every game: `time` (milliseconds per move, at most an
//! hour), `depth` (plies), `level` (1–10) and `seed`. Each agent declares the numeric keys it
//! takes with their ranges ([`Knob`]); [`AgentCatalog::build_agent`] refuses a value outside
//! them, so no spec can ask for a search that never ends. An agent limited by depth or level is
//! deterministic for a given seed; one limited by time need not be.

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;

use crate::analysis::{Analysis, SearchLimits};
use crate::chance::GameRng;
use crate::control::SearchControl;
use crate::game::Game;
use crate::quote::quote;

/// A computer player for game `G`.
pub trait Agent<G: Game>: Send {
    /// Chooses a move for the player to move. Called only at a player's turn, where at least
    /// one legal move exists.
    fn choose(&mut self, state: &G) -> G::Move;

    /// Values every legal move from the side to move's point of view, best first, where the
    /// agent can; `None` where it only chooses.
    fn analyze(&mut self, _state: &G, _limits: &SearchLimits) -> Option<Analysis<G::Move>> {
        None
    }

    /// [`Agent::choose`] under a [`SearchControl`]: a search returns its best move so far soon
    /// after [`SearchControl::stop`] (within 50 ms) and reports its progress. Engines override
    /// it (and let `choose` call it with a fresh control); agents that answer at once keep this
    /// default.
    fn choose_with(&mut self, state: &G, _control: &SearchControl) -> G::Move {
        self.choose(state)
    }

    /// [`Agent::choose`] for an agent that can fail to move (one that runs another program):
    /// `Err` forfeits the game. The default asks [`Agent::try_choose_with`] with a fresh control.
    fn try_choose(&mut self, state: &G) -> Result<G::Move, Forfeit> {
        self.try_choose_with(state, &SearchControl::new())
    }

    /// [`Agent::choose_with`] for an agent that can fail to move: what a front end's match
    /// calls, so that a failing program is reported rather than replaced by some move. Agents
    /// that can fail override this one; the default never fails.
    fn try_choose_with(&mut self, state: &G, control: &SearchControl) -> Result<G::Move, Forfeit> {
        Ok(self.choose_with(state, control))
    }

    /// The wall-clock times of this agent's moves in the current game, for agents that
    /// measure them (those that run another program); `None` for the rest.
    fn move_times(&self) -> Option<MoveTimes> {
        None
    }

    /// [`Agent::analyze`] under a [`SearchControl`], as [`Agent::choose_with`]; after a stop the
    /// analysis holds what was searched so far.
    fn analyze_with(
        &mut self,
        state: &G,
        limits: &SearchLimits,
        _control: &SearchControl,
    ) -> Option<Analysis<G::Move>> {
        self.analyze(state, limits)
    }

    /// Whether [`Agent::analyze`] under [`SearchLimits::exact`] gives every move its exact
    /// value: `Err` with the reason, in words for the user, where the agent has no exact solver
    /// (the default).
    fn solves_exactly(&self) -> Result<(), &'static str> {
        Err("it only chooses moves and does not value them")
    }

    /// Forgets per-game state (caches keyed on history, clocks) before a new game.
    fn new_game(&mut self) {}

    /// Makes the agent exactly what its spec would build with `seed`, for a new game, and
    /// returns `true`; or returns `false` where it cannot (an agent with tables or clocks), and
    /// the caller builds a new one. The arena reuses agents this way across thousands of games.
    fn reseed(&mut self, _seed: u64) -> bool {
        false
    }
}

/// Why an agent lost a game without a legal move of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ForfeitReason {
    /// It answered after its time per move and the tolerance, or not at all.
    Time,
    /// It answered a point that is not a legal move (occupied, off the board, forbidden).
    IllegalMove,
    /// Its answer could not be read as a move.
    Unreadable,
    /// Its program ended or closed its output.
    HungUp,
    /// It refused the game (an error in answer to the game's start).
    Refused,
}

impl ForfeitReason {
    /// The reason's name in reports and game records.
    pub fn name(self) -> &'static str {
        match self {
            ForfeitReason::Time => "time",
            ForfeitReason::IllegalMove => "illegal-move",
            ForfeitReason::Unreadable => "unreadable",
            ForfeitReason::HungUp => "hung-up",
            ForfeitReason::Refused => "refused",
        }
    }
}

impl fmt::Display for ForfeitReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A lost game: why, and what exactly happened (for the game record).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}: {detail}")]
pub struct Forfeit {
    /// Why.
    pub reason: ForfeitReason,
    /// What happened, in words: the answer received, the time taken.
    pub detail: String,
}

impl Forfeit {
    /// A forfeit for `reason` with `detail`.
    pub fn new(reason: ForfeitReason, detail: impl Into<String>) -> Self {
        Forfeit {
            reason,
            detail: detail.into(),
        }
    }
}

/// Wall-clock times of moves, in whole microseconds, so that sums over games and shards are
/// exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MoveTimes {
    /// Moves timed.
    pub moves: u64,
    /// Their total time.
    pub total_us: u64,
    /// The longest.
    pub max_us: u64,
}

impl MoveTimes {
    /// Counts one move that took `time`.
    pub fn add(&mut self, time: std::time::Duration) {
        let us = u64::try_from(time.as_micros()).unwrap_or(u64::MAX);
        self.moves += 1;
        self.total_us = self.total_us.saturating_add(us);
        self.max_us = self.max_us.max(us);
    }

    /// Adds another set of moves.
    pub fn merge(&mut self, other: &MoveTimes) {
        self.moves += other.moves;
        self.total_us = self.total_us.saturating_add(other.total_us);
        self.max_us = self.max_us.max(other.max_us);
    }

    /// The mean time per move in milliseconds; `None` with no moves.
    pub fn mean_ms(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.total_us as f64 / self.moves as f64 / 1000.0)
    }

    /// The longest move in milliseconds; `None` with no moves.
    pub fn max_ms(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.max_us as f64 / 1000.0)
    }
}

/// A spec string that could not be turned into an agent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AgentError {
    /// The spec string itself is malformed.
    #[error("malformed agent spec {}: {reason}", quote(.spec))]
    Malformed {
        /// The spec as given.
        spec: String,
        /// What is wrong with it.
        reason: String,
    },
    /// No agent of that name exists for the game.
    #[error("no agent {} for {game} (known: {known})", quote(.name))]
    Unknown {
        /// The name asked for.
        name: String,
        /// The game.
        game: &'static str,
        /// The names that exist, comma-separated.
        known: String,
    },
    /// The agent does not take that key.
    #[error("agent {agent} takes no option {} (it takes: {accepted})", quote(.key))]
    UnknownKey {
        /// The agent.
        agent: String,
        /// The key given.
        key: String,
        /// The keys it accepts, comma-separated.
        accepted: String,
    },
    /// An argument given to an agent that takes none, or none given to one that needs one.
    #[error("agent {agent} {reason}")]
    Argument {
        /// The agent.
        agent: String,
        /// What is wrong, e.g. "takes no argument (NAME:ARGUMENT)".
        reason: String,
    },
    /// A value is out of range or of the wrong kind.
    #[error("agent {agent}: bad value {} for {key}: {reason}", quote(.value))]
    BadValue {
        /// The agent.
        agent: String,
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What is expected instead.
        reason: String,
    },
}

/// A parsed spec string: a name and `key=value` parameters in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    name: String,
    argument: Option<String>,
    params: Vec<(String, String)>,
}

impl AgentSpec {
    /// A spec with no parameters.
    pub fn named(name: &str) -> Self {
        AgentSpec {
            name: name.to_string(),
            argument: None,
            params: Vec::new(),
        }
    }

    /// The agent's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The argument: a first parameter written without `=` (`pbrain:/path/to/brain`).
    pub fn argument(&self) -> Option<&str> {
        self.argument.as_deref()
    }

    /// The parameters, in order.
    pub fn params(&self) -> &[(String, String)] {
        &self.params
    }

    /// The raw value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets `key` (replacing an earlier value).
    pub fn set(&mut self, key: &str, value: impl ToString) {
        let value = value.to_string();
        match self.params.iter_mut().find(|(k, _)| k == key) {
            Some(entry) => entry.1 = value,
            None => self.params.push((key.to_string(), value)),
        }
    }

    /// A copy with `seed` set unless the spec already names one.
    pub fn with_default_seed(&self, seed: u64) -> Self {
        let mut spec = self.clone();
        if spec.get("seed").is_none() {
            spec.set("seed", seed);
        }
        spec
    }

    /// Parses `key` as a number in `range`.
    pub fn number<T>(
        &self,
        key: &str,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<Option<T>, AgentError>
    where
        T: FromStr + PartialOrd + fmt::Display + Copy,
    {
        let Some(raw) = self.get(key) else {
            return Ok(None);
        };
        let bad = |reason: String| AgentError::BadValue {
            agent: self.name.clone(),
            key: key.to_string(),
            value: raw.to_string(),
            reason,
        };
        let value: T = raw.parse().map_err(|_| {
            bad(format!(
                "expected a number from {} to {}",
                range.start(),
                range.end()
            ))
        })?;
        if !range.contains(&value) {
            return Err(bad(format!(
                "must be from {} to {}",
                range.start(),
                range.end()
            )));
        }
        Ok(Some(value))
    }

    /// `time`: milliseconds per move, within [`Knob::TIME`].
    pub fn time_ms(&self) -> Result<Option<u64>, AgentError> {
        self.number("time", Knob::TIME.min..=Knob::TIME.max)
    }

    /// `depth`: plies. Only its type is checked here: each agent's range is its entry's
    /// [`Knob`], checked by [`AgentCatalog::build_agent`] before the agent is built.
    pub fn depth(&self) -> Result<Option<u32>, AgentError> {
        self.number("depth", 1..=u32::MAX)
    }

    /// `level`: 1 (weakest) to 10 (strongest), [`Knob::LEVEL`].
    pub fn level(&self) -> Result<Option<u32>, AgentError> {
        self.number("level", 1..=Knob::LEVEL.max as u32)
    }

    /// `seed`: the agent's random seed.
    pub fn seed(&self) -> Result<Option<u64>, AgentError> {
        self.number("seed", 0..=u64::MAX)
    }

    /// The agent's random generator: seeded by `seed` when given, else from the system.
    pub fn rng(&self) -> Result<GameRng, AgentError> {
        Ok(match self.seed()? {
            Some(seed) => GameRng::seed_from_u64(seed),
            None => GameRng::from_os_rng(),
        })
    }
}

impl FromStr for AgentSpec {
    type Err = AgentError;

    fn from_str(text: &str) -> Result<Self, AgentError> {
        let malformed = |reason: &str| AgentError::Malformed {
            spec: text.to_string(),
            reason: reason.to_string(),
        };
        let (name, rest) = match text.split_once(':') {
            Some((name, rest)) => (name, Some(rest)),
            None => (text, None),
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(malformed("the agent name is empty"));
        }
        if !is_word(name) {
            return Err(malformed(
                "an agent name has only letters, digits, '-' and '_'",
            ));
        }
        let mut spec = AgentSpec::named(&name.to_ascii_lowercase());
        if let Some(rest) = rest {
            for (i, pair) in split_params(rest).iter().enumerate() {
                let pair_value = pair.trim();
                if i == 0 && !pair_value.is_empty() && !is_key_value(pair_value) {
                    spec.argument = Some(pair_value.to_string());
                    continue;
                }
                let Some((key, value)) = pair.split_once('=') else {
                    return Err(malformed(
                        "parameters are written key=value, separated by commas",
                    ));
                };
                let (key, value) = (key.trim().to_ascii_lowercase(), value.trim());
                if key.is_empty() || value.is_empty() {
                    return Err(malformed("a parameter has an empty key or value"));
                }
                if !is_word(&key) {
                    return Err(malformed(
                        "a parameter's key has only letters, digits, '-' and '_'",
                    ));
                }
                if spec.get(&key).is_some() {
                    return Err(malformed(&format!(
                        "the key {} is given twice (keys ignore case)",
                        quote(&key)
                    )));
                }
                spec.params.push((key, value.to_string()));
            }
        }
        Ok(spec)
    }
}

/// The comma-separated parts of a spec after its name; a doubled comma is a comma within a
/// part (for a program path that has one: `pbrain:/opt/a,,b/brain,time=500`).
fn split_params(rest: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        if c != ',' {
            parts.last_mut().expect("a part").push(c);
        } else if chars.peek() == Some(&',') {
            chars.next();
            parts.last_mut().expect("a part").push(',');
        } else {
            parts.push(String::new());
        }
    }
    parts
}

/// Whether a part of a spec reads as `key=value`, a key being letters, digits, '-' and '_'
/// (so that an argument with an '=' in it, such as a path, stays an argument).
fn is_key_value(part: &str) -> bool {
    part.split_once('=')
        .is_some_and(|(key, _)| is_word(key.trim()))
}

/// Whether `text` is an agent name or a key: one or more letters, digits, '-' and '_'.
fn is_word(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        let mut separator = ':';
        if let Some(argument) = &self.argument {
            write!(f, ":{}", argument.replace(',', ",,"))?;
            separator = ',';
        }
        for (key, value) in &self.params {
            write!(f, "{separator}{key}={}", value.replace(',', ",,"))?;
            separator = ',';
        }
        Ok(())
    }
}

/// Builds an agent from a spec whose name and keys were already checked.
pub type BuildAgent<G> = fn(&AgentSpec) -> Result<Box<dyn Agent<G>>, AgentError>;

/// A key an agent takes: a number and the values it accepts (both ends included), or a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knob {
    /// The key in spec strings.
    pub key: &'static str,
    /// The smallest value accepted (0 for a path).
    pub min: u64,
    /// The largest value accepted (0 for a path).
    pub max: u64,
    /// Whether the value is a file path rather than a number.
    pub path: bool,
}

impl Knob {
    /// `time`: milliseconds per move, from 1 ms to one hour (3,600,000 ms).
    pub const TIME: Knob = Knob {
        key: "time",
        min: 1,
        max: 3_600_000,
        path: false,
    };

    /// `level`: 1 (weakest) to 10 (strongest).
    pub const LEVEL: Knob = Knob {
        key: "level",
        min: 1,
        max: 10,
        path: false,
    };

    /// `depth`: plies, from 1 to `max` (what the agent finishes in seconds).
    pub const fn depth(max: u64) -> Knob {
        Knob {
            key: "depth",
            min: 1,
            max,
            path: false,
        }
    }

    /// A key whose value is a file path (any non-empty text without commas).
    pub const fn path(key: &'static str) -> Knob {
        Knob {
            key,
            min: 0,
            max: 0,
            path: true,
        }
    }

    /// Checks that `spec`'s value for this key, if any, is a number in range.
    fn check(&self, spec: &AgentSpec) -> Result<(), AgentError> {
        if self.path {
            return Ok(());
        }
        spec.number::<u64>(self.key, self.min..=self.max).map(drop)
    }
}

impl fmt::Display for Knob {
    /// `depth=1..12`, or `weights=PATH` for a path.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path {
            return write!(f, "{}=PATH", self.key);
        }
        write!(f, "{}={}..{}", self.key, self.min, self.max)
    }
}

/// One agent a game offers: its name, a one-line description, the keys it takes and how to
/// build it.
pub struct AgentEntry<G: Game> {
    /// The name used in spec strings.
    pub name: &'static str,
    /// A one-line description for `tabula agents`.
    pub summary: &'static str,
    /// What the spec's argument names (`PATH`), for an agent that needs one; `None`: the
    /// agent takes no argument.
    pub argument: Option<&'static str>,
    /// The numeric keys it accepts with their ranges (`seed` is always accepted).
    pub keys: &'static [Knob],
    /// Builds the agent from a spec whose name and keys were already checked.
    pub build: BuildAgent<G>,
}

/// The agents a game offers.
pub trait AgentCatalog: Game {
    /// Every agent, in the order `tabula agents` lists them.
    fn agents() -> Vec<AgentEntry<Self>>;

    /// The agent `tabula analyze` uses unless told otherwise.
    const ANALYZER: &'static str;

    /// The agent a human plays against unless told otherwise.
    const OPPONENT: &'static str;

    /// The entry named by `spec`.
    fn agent_entry(spec: &AgentSpec) -> Result<AgentEntry<Self>, AgentError> {
        let mut agents = Self::agents();
        match agents.iter().position(|e| e.name == spec.name()) {
            Some(i) => Ok(agents.swap_remove(i)),
            None => Err(AgentError::Unknown {
                name: spec.name().to_string(),
                game: Self::NAME,
                known: agents.iter().map(|e| e.name).collect::<Vec<_>>().join(", "),
            }),
        }
    }

    /// Builds an agent from a spec, checking its name, its keys and their ranges.
    fn build_agent(spec: &AgentSpec) -> Result<Box<dyn Agent<Self>>, AgentError> {
        let entry = Self::agent_entry(spec)?;
        match (entry.argument, spec.argument()) {
            (None, Some(_)) => {
                return Err(AgentError::Argument {
                    agent: entry.name.to_string(),
                    reason: "takes no argument: write its options as key=value".to_string(),
                })
            }
            (Some(what), None) => {
                return Err(AgentError::Argument {
                    agent: entry.name.to_string(),
                    reason: format!("needs an argument: {}:{what}", entry.name),
                })
            }
            _ => {}
        }
        for (key, _) in spec.params() {
            if key == "seed" {
                continue;
            }
            match entry.keys.iter().find(|knob| knob.key == key) {
                Some(knob) => knob.check(spec)?,
                None => {
                    let mut accepted: Vec<String> =
                        entry.keys.iter().map(Knob::to_string).collect();
                    accepted.push("seed".to_string());
                    return Err(AgentError::UnknownKey {
                        agent: entry.name.to_string(),
                        key: key.clone(),
                        accepted: accepted.join(", "),
                    });
                }
            }
        }
        spec.seed()?;
        (entry.build)(spec)
    }

    /// Checks an analysis's limits (`tabula analyze --depth`, `--time-ms`) against the ranges
    /// of the `depth` and `time` keys of the agent `spec` names, where it declares them.
    fn check_limits(spec: &AgentSpec, limits: &SearchLimits) -> Result<(), AgentError> {
        let entry = Self::agent_entry(spec)?;
        let asked = [
            ("depth", limits.depth.map(u64::from)),
            ("time", limits.time_ms),
        ];
        for (key, value) in asked {
            let knob = entry.keys.iter().find(|knob| knob.key == key);
            if let (Some(knob), Some(value)) = (knob, value) {
                if !(knob.min..=knob.max).contains(&value) {
                    return Err(AgentError::BadValue {
                        agent: entry.name.to_string(),
                        key: key.to_string(),
                        value: value.to_string(),
                        reason: format!("must be from {} to {}", knob.min, knob.max),
                    });
                }
            }
        }
        Ok(())
    }

    /// Parses a spec string and builds the agent.
    fn agent_from_str(spec: &str) -> Result<Box<dyn Agent<Self>>, AgentError> {
        Self::build_agent(&spec.parse()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_name_and_parameters() {
        let spec: AgentSpec = "engine:level=5,time=500".parse().unwrap();
        assert_eq!(spec.name(), "engine");
        assert_eq!(spec.level().unwrap(), Some(5));
        assert_eq!(spec.time_ms().unwrap(), Some(500));
        assert_eq!(spec.depth().unwrap(), None);
        assert_eq!(spec.to_string(), "engine:level=5,time=500");
    }

    #[test]
    fn rejects_malformed_specs() {
        for bad in [
            "",
            ":x=1",
            "engine:",
            "engine:level=",
            "engine:x=1,level",
            "pbrain:/a/b,time",
            "a b",
            "e:x=1,x=2",
        ] {
            assert!(
                bad.parse::<AgentSpec>().is_err(),
                "{bad:?} should be rejected"
            );
        }
    }

    #[test]
    fn a_bare_first_parameter_is_the_argument() {
        let spec: AgentSpec = "pbrain:/opt/x:y/pbrain-z,time=200".parse().unwrap();
        assert_eq!(spec.name(), "pbrain");
        assert_eq!(spec.argument(), Some("/opt/x:y/pbrain-z"));
        assert_eq!(spec.time_ms().unwrap(), Some(200));
        assert_eq!(spec.to_string(), "pbrain:/opt/x:y/pbrain-z,time=200");
        let spec: AgentSpec = "pbrain:./brain".parse().unwrap();
        assert_eq!(spec.argument(), Some("./brain"));
        assert_eq!(
            spec.with_default_seed(3).to_string(),
            "pbrain:./brain,seed=3"
        );
        let spec: AgentSpec = "engine:time=5".parse().unwrap();
        assert_eq!(spec.argument(), None);
    }

    proptest::proptest! {
        /// Any text parses without a panic, and a spec that parses prints back as a spec that
        /// parses to the same (commas, '=' and ':' in arguments and values included).
        #[test]
        fn a_parsed_spec_prints_back_as_itself(text in "[a-z]{1,4}(:[a-z0-9=,:/. ]{0,16})?") {
            if let Ok(spec) = text.parse::<AgentSpec>() {
                let printed = spec.to_string();
                proptest::prop_assert_eq!(printed.parse::<AgentSpec>(), Ok(spec), "{}", printed);
            }
        }
    }

    /// A doubled comma is a comma within the argument, and an argument may hold an '=' (a
    /// program path may have either); both print back as they were written.
    #[test]
    fn an_argument_may_hold_a_comma_doubled_and_an_equals_sign() {
        let spec: AgentSpec = "pbrain:/opt/a,,b/pbrain-z,time=200".parse().unwrap();
        assert_eq!(spec.argument(), Some("/opt/a,b/pbrain-z"));
        assert_eq!(spec.time_ms().unwrap(), Some(200));
        assert_eq!(spec.to_string(), "pbrain:/opt/a,,b/pbrain-z,time=200");
        let spec: AgentSpec = "pbrain:/opt/v=2/pbrain-z,,,time=300".parse().unwrap();
        assert_eq!(spec.argument(), Some("/opt/v=2/pbrain-z,"));
        assert_eq!(spec.time_ms().unwrap(), Some(300));
        assert_eq!(spec.to_string().parse::<AgentSpec>().unwrap(), spec);
        // A doubled comma in a key makes no key (found by the property test below).
        assert!("a:.,a,,==".parse::<AgentSpec>().is_err());
        assert!("engine:time=5,ti,,me=5".parse::<AgentSpec>().is_err());
        let spec: AgentSpec = "engine:note=a,,b".parse().unwrap();
        assert_eq!(spec.get("note"), Some("a,b"));
        assert_eq!(spec.to_string().parse::<AgentSpec>().unwrap(), spec);
    }

    #[test]
    fn rejects_a_key_given_twice_in_any_spelling() {
        for bad in [
            "engine:level=3,LEVEL=4",
            "engine:level=3,level=3",
            "engine:Level=3, level =4",
            "engine: time=5,TIME =5",
        ] {
            let error = bad.parse::<AgentSpec>().unwrap_err();
            assert!(
                error.to_string().contains("given twice"),
                "{bad:?}: {error}"
            );
        }
    }

    #[test]
    fn errors_quote_at_most_a_short_piece_of_the_spec() {
        let huge = format!("engine:level={}", "9".repeat(100_000));
        let spec: AgentSpec = huge.parse().unwrap();
        let error = spec.level().unwrap_err().to_string();
        assert!(error.len() < 300, "{} bytes: {error}", error.len());
        let error = format!("{}!", "x".repeat(100_000))
            .parse::<AgentSpec>()
            .unwrap_err()
            .to_string();
        assert!(error.len() < 300, "{} bytes", error.len());
    }

    #[test]
    fn knobs_show_their_ranges() {
        assert_eq!(Knob::depth(12).to_string(), "depth=1..12");
        assert_eq!(Knob::TIME.to_string(), "time=1..3600000");
        let spec: AgentSpec = "x:depth=13".parse().unwrap();
        assert!(Knob::depth(12).check(&spec).is_err());
        let spec: AgentSpec = "x:depth=12".parse().unwrap();
        assert!(Knob::depth(12).check(&spec).is_ok());
    }

    #[test]
    fn range_checks_common_knobs() {
        let spec: AgentSpec = "engine:level=11".parse().unwrap();
        assert!(matches!(spec.level(), Err(AgentError::BadValue { .. })));
        let spec: AgentSpec = "engine:depth=two".parse().unwrap();
        assert!(spec.depth().is_err());
    }

    #[test]
    fn default_seed_does_not_override() {
        let spec: AgentSpec = "random:seed=7".parse().unwrap();
        assert_eq!(spec.with_default_seed(9).seed().unwrap(), Some(7));
        let spec: AgentSpec = "random".parse().unwrap();
        assert_eq!(spec.with_default_seed(9).seed().unwrap(), Some(9));
    }
}
