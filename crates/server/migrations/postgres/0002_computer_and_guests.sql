-- Games against the computer, and guests (no account) who play it.
-- A side with neither an account nor a guest is the computer, at `computer_level`.
ALTER TABLE games ADD COLUMN computer_level BIGINT;
ALTER TABLE games ADD COLUMN white_guest TEXT;  -- BLAKE2b of the guest cookie's token
ALTER TABLE games ADD COLUMN black_guest TEXT;
