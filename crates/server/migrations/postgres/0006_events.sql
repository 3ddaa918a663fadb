-- Events and their history (src/events/, src/db/events.rs), and personal API tokens.
--
-- An event's `state` is the JSON of its src/events/state.rs EventState, always equal to the
-- replay of its history: each change appends one history row and rewrites the state in the
-- same transaction, guarded by `version` (the number of history rows), so two writers never
-- both commit a change made on the same version.
CREATE TABLE events (
    id           TEXT    PRIMARY KEY,
    name         TEXT    NOT NULL,
    organiser_id BIGINT  NOT NULL REFERENCES users (id),
    version      BIGINT  NOT NULL,
    state        TEXT    NOT NULL,
    created_ms   BIGINT  NOT NULL,
    updated_ms   BIGINT  NOT NULL
);
CREATE INDEX events_organiser ON events (organiser_id);

CREATE TABLE event_history (
    event_id TEXT    NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    seq      BIGINT  NOT NULL,          -- 1, 2, 3 … (the event's version after this change)
    user_id  BIGINT  REFERENCES users (id) ON DELETE SET NULL,
    by_name  TEXT    NOT NULL,          -- the author's name at the time
    at_ms    BIGINT  NOT NULL,
    action   TEXT    NOT NULL,          -- JSON of the src/events/action.rs Action
    summary  TEXT    NOT NULL,          -- what changed, from what to what
    PRIMARY KEY (event_id, seq)
);

-- Personal API tokens: only a BLAKE2b hash is kept, as for sessions.
CREATE TABLE api_tokens (
    token_hash   TEXT    PRIMARY KEY,
    user_id      BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    label        TEXT    NOT NULL,
    created_ms   BIGINT  NOT NULL,
    last_used_ms BIGINT
);
CREATE INDEX api_tokens_user ON api_tokens (user_id);
