-- Online events (src/events/online.rs): the games the server creates for each pairing,
-- and which events it runs.

-- An event game: how long a player may take over the first move before losing by default
-- (other games are aborted when the first round stalls).
ALTER TABLE games ADD COLUMN default_ms INTEGER;

-- Whether the server runs the event's rounds (an online event not yet finished).
ALTER TABLE events ADD COLUMN runs_online INTEGER NOT NULL DEFAULT 0;

-- The live game of each pairing of an online event; the key makes a round's games
-- created once, whichever process gets there first.
CREATE TABLE event_games (
    event_id TEXT    NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round    INTEGER  NOT NULL,
    board    INTEGER  NOT NULL,
    game_no  INTEGER  NOT NULL,          -- 1, 2 … in a pairing of several games
    game_id  TEXT    NOT NULL UNIQUE REFERENCES games (id),
    PRIMARY KEY (event_id, round, board, game_no)
);
