-- Ratings and connections.
--
-- Glicko-2 ratings: one per account and category (ruleset family and speed class, e.g.
-- `official-blitz`; see src/ratings.rs), and each rated game's change, written in the same
-- transaction as the game's result.
CREATE TABLE ratings (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    category   TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (user_id, category)
);

CREATE TABLE rating_changes (
    game_id           TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id           INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    category          TEXT    NOT NULL,
    rating_before     REAL    NOT NULL,
    deviation_before  REAL    NOT NULL,
    volatility_before REAL    NOT NULL,
    rating_after      REAL    NOT NULL,
    deviation_after   REAL    NOT NULL,
    volatility_after  REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_user ON rating_changes (user_id);

-- The lag compensation credited to a move's mover, already included in the stored clocks;
-- kept so that a restart replays the clock exactly.
ALTER TABLE moves ADD COLUMN lag_ms INTEGER NOT NULL DEFAULT 0;
