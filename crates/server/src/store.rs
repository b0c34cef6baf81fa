//! The games on disk: SQLite in WAL mode, plain portable SQL (four tables, no SQLite-only
//! syntax beyond the pragmas), one transaction per change. A move is committed here before the
//! server answers or broadcasts it.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};

/// A database error, said plainly.
#[derive(Debug, thiserror::Error)]
#[error("database: {0}")]
pub struct StoreError(#[from] rusqlite::Error);

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id         VARCHAR(32) PRIMARY KEY,
    settings   TEXT NOT NULL,
    seat0      VARCHAR(64),
    seat1      VARCHAR(64),
    invite     VARCHAR(64),
    status     VARCHAR(16) NOT NULL,
    forced_end TEXT,
    version    BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game_id    VARCHAR(32) NOT NULL REFERENCES games(id),
    ply        INTEGER NOT NULL,
    notation   VARCHAR(32) NOT NULL,
    elapsed_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE IF NOT EXISTS choices (
    game_id    VARCHAR(32) NOT NULL REFERENCES games(id),
    ord        INTEGER NOT NULL,
    after_ply  INTEGER NOT NULL,
    choice     VARCHAR(16) NOT NULL,
    elapsed_ms BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, ord)
);
CREATE TABLE IF NOT EXISTS rematches (
    game_id    VARCHAR(32) PRIMARY KEY REFERENCES games(id),
    rematch_id VARCHAR(32) NOT NULL REFERENCES games(id)
);
";

/// A game's row: everything but the moves.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// The game's public id.
    pub id: String,
    /// The match settings as JSON (seats, rules, seed, clock).
    pub settings: String,
    /// Hex SHA-256 of each seat's token (`None`: a computer, or not joined yet).
    pub seats: [Option<String>; 2],
    /// Hex SHA-256 of the unused invite code.
    pub invite: Option<String>,
    /// Whether the game is over.
    pub finished: bool,
    /// An ending the rules did not make (resignation, agreed draw, time), as JSON.
    pub forced_end: Option<String>,
    /// The version of the last event.
    pub version: u64,
    /// The id of the rematch, once one was made.
    pub rematch: Option<String>,
    /// A swap opening's choices, in order (read back by [`Store::load`]; a new game has none).
    pub choices: Vec<StoredChoice>,
}

/// A swap opening's choice as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredChoice {
    /// How many moves had been played when it was made.
    pub after: usize,
    /// Its name (`black`, `white`, `place_two`).
    pub choice: String,
    /// How long the chooser's clock ran for it (0 without clocks and for the computer).
    pub elapsed_ms: u64,
}

/// One stored ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPly {
    /// The move in the game's notation.
    pub notation: String,
    /// How long the mover's clock ran for it (0 without clocks, for chance and the computer).
    pub elapsed_ms: u64,
}

/// What one change writes: the moves from `keep` on are replaced by `added`, and the row's
/// status fields are updated.
#[derive(Debug)]
pub struct Change<'a> {
    /// The game.
    pub id: &'a str,
    /// Plies kept from before (a takeback keeps fewer than were stored).
    pub keep: usize,
    /// Plies appended after those.
    pub added: &'a [StoredPly],
    /// The new seat hashes and invite (a join changes them).
    pub seats: [Option<&'a str>; 2],
    /// The unused invite's hash.
    pub invite: Option<&'a str>,
    /// Whether the game is over now.
    pub finished: bool,
    /// An ending the rules did not make.
    pub forced_end: Option<&'a str>,
    /// The version after this change.
    pub version: u64,
    /// A swap opening's choices now, when they changed (`None`: as stored).
    pub choices: Option<&'a [StoredChoice]>,
}

/// The database.
pub struct Store {
    conn: Mutex<Connection>,
}

impl Store {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Self::setup(Connection::open(path)?)
    }

    /// A database in memory, for tests.
    pub fn in_memory() -> Result<Store, StoreError> {
        Self::setup(Connection::open_in_memory()?)
    }

    fn setup(conn: Connection) -> Result<Store, StoreError> {
        // WAL with synchronous=NORMAL: a commit is in the log before it returns, so a killed
        // process loses nothing committed (a power cut may lose the last commits).
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)?;
        // A database made before the choices had times gets the column (its choices took 0 ms).
        if conn.prepare("SELECT elapsed_ms FROM choices").is_err() {
            conn.execute_batch(
                "ALTER TABLE choices ADD COLUMN elapsed_ms BIGINT NOT NULL DEFAULT 0",
            )?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// Stores a new game.
    pub fn insert(&self, row: &GameRow, created_at: u64) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO games (id, settings, seat0, seat1, invite, status, forced_end, version,
                                created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                row.id,
                row.settings,
                row.seats[0],
                row.seats[1],
                row.invite,
                status_name(row.finished),
                row.forced_end,
                row.version as i64,
                created_at as i64
            ],
        )?;
        Ok(())
    }

    /// Commits one change in a single transaction.
    pub fn commit(&self, change: &Change<'_>) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
            params![change.id, change.keep as i64],
        )?;
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO moves (game_id, ply, notation, elapsed_ms) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (i, ply) in change.added.iter().enumerate() {
                insert.execute(params![
                    change.id,
                    (change.keep + i) as i64,
                    ply.notation,
                    ply.elapsed_ms as i64
                ])?;
            }
        }
        if let Some(choices) = change.choices {
            tx.execute("DELETE FROM choices WHERE game_id = ?1", params![change.id])?;
            let mut insert = tx.prepare_cached(
                "INSERT INTO choices (game_id, ord, after_ply, choice, elapsed_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for (i, c) in choices.iter().enumerate() {
                insert.execute(params![
                    change.id,
                    i as i64,
                    c.after as i64,
                    c.choice,
                    c.elapsed_ms as i64
                ])?;
            }
        }
        tx.execute(
            "UPDATE games SET seat0 = ?2, seat1 = ?3, invite = ?4, status = ?5, forced_end = ?6,
                              version = ?7
             WHERE id = ?1",
            params![
                change.id,
                change.seats[0],
                change.seats[1],
                change.invite,
                status_name(change.finished),
                change.forced_end,
                change.version as i64
            ],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The game with this id and its moves, if stored.
    pub fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<StoredPly>)>, StoreError> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT g.id, g.settings, g.seat0, g.seat1, g.invite, g.status, g.forced_end,
                        g.version, r.rematch_id
                 FROM games g LEFT JOIN rematches r ON r.game_id = g.id WHERE g.id = ?1",
                params![id],
                read_row,
            )
            .optional()?;
        let Some(row) = row else {
            return Ok(None);
        };
        let mut stmt = conn.prepare_cached(
            "SELECT notation, elapsed_ms FROM moves WHERE game_id = ?1 ORDER BY ply",
        )?;
        let plies = stmt
            .query_map(params![id], |r| {
                Ok(StoredPly {
                    notation: r.get(0)?,
                    elapsed_ms: r.get::<_, i64>(1)?.max(0) as u64,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut stmt = conn.prepare_cached(
            "SELECT after_ply, choice, elapsed_ms FROM choices WHERE game_id = ?1 ORDER BY ord",
        )?;
        let choices = stmt
            .query_map(params![id], |r| {
                Ok(StoredChoice {
                    after: r.get::<_, i64>(0)?.max(0) as usize,
                    choice: r.get(1)?,
                    elapsed_ms: r.get::<_, i64>(2)?.max(0) as u64,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut row = row;
        row.choices = choices;
        Ok(Some((row, plies)))
    }

    /// Records that `rematch` is the rematch of `id` (once; a second one is refused).
    pub fn set_rematch(&self, id: &str, rematch: &str) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO rematches (game_id, rematch_id) VALUES (?1, ?2)",
            params![id, rematch],
        )?;
        Ok(())
    }

    /// The ids of every unfinished game, oldest first.
    pub fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt =
            conn.prepare("SELECT id FROM games WHERE status = 'ongoing' ORDER BY created_at, id")?;
        let ids = stmt
            .query_map([], |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        Ok(ids)
    }
}

fn status_name(finished: bool) -> &'static str {
    if finished {
        "finished"
    } else {
        "ongoing"
    }
}

fn read_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        settings: r.get(1)?,
        seats: [r.get(2)?, r.get(3)?],
        invite: r.get(4)?,
        finished: r.get::<_, String>(5)? == "finished",
        forced_end: r.get(6)?,
        version: r.get::<_, i64>(7)?.max(0) as u64,
        rematch: r.get(8)?,
        choices: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str) -> GameRow {
        GameRow {
            id: id.into(),
            settings: "{}".into(),
            seats: [Some("a".into()), None],
            invite: Some("i".into()),
            finished: false,
            forced_end: None,
            version: 1,
            rematch: None,
            choices: Vec::new(),
        }
    }

    fn ply(n: &str) -> StoredPly {
        StoredPly {
            notation: n.into(),
            elapsed_ms: 5,
        }
    }

    #[test]
    fn moves_are_appended_and_taken_back() {
        let store = Store::in_memory().unwrap();
        store.insert(&row("g1"), 1).unwrap();
        fn change<'a>(
            keep: usize,
            added: &'a [StoredPly],
            version: u64,
            finished: bool,
            choices: Option<&'a [StoredChoice]>,
        ) -> Change<'a> {
            Change {
                id: "g1",
                keep,
                added,
                seats: [Some("a"), Some("b")],
                invite: None,
                finished,
                forced_end: None,
                version,
                choices,
            }
        }
        store
            .commit(&change(0, &[ply("a1"), ply("b2")], 2, false, None))
            .unwrap();
        let chosen = [StoredChoice {
            after: 1,
            choice: "white".into(),
            elapsed_ms: 1234,
        }];
        store
            .commit(&change(1, &[ply("c3")], 3, false, Some(&chosen)))
            .unwrap();
        let (got, plies) = store.load("g1").unwrap().unwrap();
        assert_eq!(plies, vec![ply("a1"), ply("c3")]);
        assert_eq!(got.choices, chosen, "the choices are kept");
        assert_eq!(got.version, 3);
        assert_eq!(got.seats[1].as_deref(), Some("b"));
        assert_eq!(store.unfinished().unwrap(), vec!["g1".to_string()]);
        store.commit(&change(2, &[], 4, true, Some(&[]))).unwrap();
        let (got, _) = store.load("g1").unwrap().unwrap();
        assert!(
            got.choices.is_empty(),
            "a change without choices clears them"
        );
        assert!(store.unfinished().unwrap().is_empty());
        assert!(store.load("nope").unwrap().is_none());
    }

    /// A database made before the choices had times opens, keeps its choices (with no time)
    /// and stores times from then on.
    #[test]
    fn a_database_without_choice_times_is_brought_up_to_date() {
        let old_schema = SCHEMA.replace(
            "    elapsed_ms BIGINT NOT NULL DEFAULT 0,\n    PRIMARY KEY (game_id, ord)",
            "    PRIMARY KEY (game_id, ord)",
        );
        assert_ne!(old_schema, SCHEMA);
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(&old_schema).unwrap();
        conn.execute_batch(
            "INSERT INTO games (id, settings, status, version, created_at)
                 VALUES ('old', '{}', 'playing', 1, 0);
             INSERT INTO choices (game_id, ord, after_ply, choice) VALUES ('old', 0, 3, 'white');",
        )
        .unwrap();
        let store = Store::setup(conn).unwrap();
        let (row, _) = store.load("old").unwrap().unwrap();
        assert_eq!(
            row.choices,
            [StoredChoice {
                after: 3,
                choice: "white".into(),
                elapsed_ms: 0,
            }]
        );
    }
}
