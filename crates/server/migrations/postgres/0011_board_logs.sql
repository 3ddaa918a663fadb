-- Over-the-board games' logs (src/events/board_log.rs, src/db/board_logs.rs): the arbiter
-- library's JSON lines of each board of a round, line 1 being the server's `open`. Lines are
-- only ever added, a request's lines in one transaction; the primary key keeps two writers
-- from both storing a line under one number.
CREATE TABLE board_logs (
    event_id TEXT    NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round    BIGINT  NOT NULL,
    board    BIGINT  NOT NULL,
    line_no  BIGINT  NOT NULL,          -- 1, 2, 3 …
    line     TEXT    NOT NULL,          -- one LogEntry as JSON
    PRIMARY KEY (event_id, round, board, line_no)
);
