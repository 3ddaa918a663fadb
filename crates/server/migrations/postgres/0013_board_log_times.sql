-- When the server stored each line of a board's log (src/db/board_logs.rs), in Unix
-- milliseconds: line 1's time is the log's time 0 on the server's clock, from which a tablet
-- that opens the board later (another device, a reload) carries on the log's time scale.
-- Lines stored before this column existed read 0 (their log has no origin on record).
ALTER TABLE board_logs ADD COLUMN stored_ms BIGINT NOT NULL DEFAULT 0;
