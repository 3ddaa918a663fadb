-- Look-alike names: each account's one or two confusable keys (Unicode TS #39 skeletons,
-- src/names.rs), unique,
-- so that two accounts whose names look the same cannot both exist. Written in the same
-- transaction as a new account. Accounts made before this table get their row when the
-- server starts (src/db/users.rs, backfill_look_alike_keys); where two older names already
-- collide, the second gets none, and `shatar admin check-names` reports the pair.
CREATE TABLE username_skeletons (
    skeleton TEXT   PRIMARY KEY,
    user_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX username_skeletons_user ON username_skeletons (user_id);
