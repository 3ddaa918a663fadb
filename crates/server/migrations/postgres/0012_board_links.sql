-- Board links (src/db/board_links.rs): the key in the link that opens one board of a round
-- of an over-the-board event (its log) without an account, printed as a QR code on the
-- round's pairing sheet. The key itself is kept so that the staff can print the sheet
-- again; it grants that board alone. Revoking deletes the row: the printed link stops
-- working, and the next links made for the round give the board a new key.
CREATE TABLE board_links (
    event_id   TEXT    NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round      BIGINT  NOT NULL,
    board      BIGINT  NOT NULL,
    link_key   TEXT    NOT NULL UNIQUE,   -- 64 hex digits from the OS's random source
    created_ms BIGINT  NOT NULL,
    PRIMARY KEY (event_id, round, board)
);
