-- Time an arbiter gives a player in a live game (src/live/game.rs, give_time_plan): the
-- milliseconds of a `time-given` event, replayed onto the clock when the game is rebuilt.
ALTER TABLE game_events ADD COLUMN ms BIGINT;
