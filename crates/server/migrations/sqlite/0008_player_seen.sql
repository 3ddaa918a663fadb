-- When each player's game socket last noted them (every few seconds while open, and as
-- it closes): a player gone long enough may be claimed against (live/presence.rs).
ALTER TABLE games ADD COLUMN white_seen_ms BIGINT;
ALTER TABLE games ADD COLUMN black_seen_ms BIGINT;
