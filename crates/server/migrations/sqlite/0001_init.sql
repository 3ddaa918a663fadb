-- Accounts, sessions, seeks, games, moves and game events.
-- Times are milliseconds since the Unix epoch; clocks are milliseconds remaining.
-- Tournaments come later: games carry a nullable event and round so that a tournament's
-- pairings become ordinary games.

CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username_key  TEXT    NOT NULL UNIQUE,  -- lower-cased, for uniqueness and look-up
    username      TEXT    NOT NULL,          -- as typed, shown escaped
    password_hash TEXT    NOT NULL,          -- argon2id PHC string
    role          TEXT    NOT NULL CHECK (role IN ('player', 'arbiter', 'organiser', 'admin')),
    created_ms    INTEGER NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT    PRIMARY KEY,          -- BLAKE2b of the cookie's token: a stolen table opens no session
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    csrf_token TEXT    NOT NULL,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE seeks (
    id           TEXT    PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    ruleset      TEXT    NOT NULL,
    initial_ms   INTEGER NOT NULL,
    increment_ms INTEGER NOT NULL,
    color        TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    rated        INTEGER NOT NULL,
    listed       INTEGER NOT NULL,           -- 0: only reachable by its challenge link
    game_id      TEXT,                       -- set when accepted
    created_ms   INTEGER NOT NULL
);

CREATE TABLE games (
    id           TEXT    PRIMARY KEY,
    ruleset      TEXT    NOT NULL,           -- preset name or the ruleset as TOML
    initial_fen  TEXT    NOT NULL,
    white_id     INTEGER REFERENCES users (id),
    black_id     INTEGER REFERENCES users (id),
    initial_ms   INTEGER NOT NULL,
    increment_ms INTEGER NOT NULL,
    rated        INTEGER NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('started', 'ended', 'aborted')),
    result       TEXT,                       -- 1-0, 0-1, 1/2-1/2
    termination  TEXT,
    event_id     TEXT,                       -- a tournament, later
    round_no     INTEGER,
    created_ms   INTEGER NOT NULL,
    ended_ms     INTEGER
);
CREATE INDEX games_white ON games (white_id);
CREATE INDEX games_black ON games (black_id);
CREATE INDEX games_status ON games (status);

CREATE TABLE moves (
    game_id   TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply       INTEGER NOT NULL,              -- 0 for White's first move
    uci       TEXT    NOT NULL,
    white_ms  INTEGER NOT NULL,              -- clocks after the move, increment added
    black_ms  INTEGER NOT NULL,
    played_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE game_events (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply     INTEGER NOT NULL,                -- moves played when it happened
    kind    TEXT    NOT NULL,                -- draw-offer, draw-decline, draw-accept, resign, abort, flag, claim
    color   TEXT,
    at_ms   INTEGER NOT NULL
);
CREATE INDEX game_events_game ON game_events (game_id);
