//! Agents: anything that chooses moves, named on the command line by a spec string
//! `NAME[:key=value,...]`.
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
    params: Vec<(String, String)>,
}

impl AgentSpec {
    /// A spec with no parameters.
    pub fn named(name: &str) -> Self {
        AgentSpec {
            name: name.to_string(),
            params: Vec::new(),
        }
    }

    /// The agent's name.
    pub fn name(&self) -> &str {
        &self.name
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
        if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(malformed(
                "an agent name has only letters, digits, '-' and '_'",
            ));
        }
        let mut spec = AgentSpec::named(&name.to_ascii_lowercase());
        if let Some(rest) = rest {
            for pair in rest.split(',') {
                let Some((key, value)) = pair.split_once('=') else {
                    return Err(malformed(
                        "parameters are written key=value, separated by commas",
                    ));
                };
                let (key, value) = (key.trim().to_ascii_lowercase(), value.trim());
                if key.is_empty() || value.is_empty() {
                    return Err(malformed("a parameter has an empty key or value"));
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

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for (i, (key, value)) in self.params.iter().enumerate() {
            write!(f, "{}{key}={value}", if i == 0 { ':' } else { ',' })?;
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
            "engine:level",
            "engine:level=",
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
