-- Ratings and connections.
--
-- Glicko-2 ratings: one per account and category (ruleset family and speed class, e.g.
-- `official-blitz`; see src/ratings.rs), and each rated game's change, written in the same
-- transaction as the game's result.
CREATE TABLE ratings (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    category   TEXT    NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (user_id, category)
);

CREATE TABLE rating_changes (
    game_id           TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id           BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    category          TEXT    NOT NULL,
    rating_before     DOUBLE PRECISION NOT NULL,
    deviation_before  DOUBLE PRECISION NOT NULL,
    volatility_before DOUBLE PRECISION NOT NULL,
    rating_after      DOUBLE PRECISION NOT NULL,
    deviation_after   DOUBLE PRECISION NOT NULL,
    volatility_after  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_user ON rating_changes (user_id);

-- The lag compensation credited to a move's mover, already included in the stored clocks;
-- kept so that a restart replays the clock exactly.
ALTER TABLE moves ADD COLUMN lag_ms BIGINT NOT NULL DEFAULT 0;
