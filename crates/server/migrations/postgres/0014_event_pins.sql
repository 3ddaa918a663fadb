-- Event PINs (src/db/event_pins.rs): the arbiter's PIN of an over-the-board event, which
-- unlocks the arbiter's actions on a board's tablet opened by its link, for an arbiter
-- without a signed-in account at that tablet. Only its argon2id hash is kept; removing the
-- row locks every tablet again (a tablet still holding the old PIN is refused).
CREATE TABLE event_pins (
    event_id TEXT    PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    pin_hash TEXT    NOT NULL,   -- PHC string
    set_ms   BIGINT  NOT NULL
);
