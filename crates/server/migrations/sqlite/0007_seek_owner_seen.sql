-- A seek is open while its owner is there: the owner's waiting page (or lobby) notes
-- them every few seconds, and a seek whose owner has been gone a while is no longer
-- listed nor accepted.
ALTER TABLE seeks ADD COLUMN owner_seen_ms INTEGER NOT NULL DEFAULT 0;
UPDATE seeks SET owner_seen_ms = created_ms;
