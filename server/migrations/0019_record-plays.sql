-- Up Migration
-- 0019: a spin never rewrites `records` (issue 21: "Plays in a narrow table of their own").
--
-- A record's plays (API.md "Entities as returned": Record's `play_count`, `last_played`) move
-- from the wide `records` row, where every play made a new row version that updated each of
-- its indexes (the trigram GIN of `search_text`, about twenty sort indexes), to a narrow
-- table with one row per record and only the indexes that read plays: the Most Played and
-- Least Recently Played list sorts (keyset pages, as migration 0003's indexes did), the
-- blindbag's `unplayedDays` (the latter index) and the sync walk.
--
-- Every record has its row (made by the statement that stores the record, below), so the
-- sorts read one index in their own order with an inner join, and a spin updates a row
-- that is always there. A row starts with no plays and revision 0; a play-count change takes
-- its owner's next sync revision (`next_sync_rev()`, migration 0011) in `record_plays.rev`:
-- a record's revision for the sync is the greater of `records.rev` and `record_plays.rev`.
--
-- The writers of plays (spin add and delete, the ListenBrainz import) lock the records
-- first, by id ascending, as before: then `record_plays`, then `user_versions`, the order a
-- record's deletion takes them in (the record, its owner's counter, its plays row by cascade).

CREATE TABLE record_plays (
  record_id   integer PRIMARY KEY REFERENCES records (id) ON DELETE CASCADE,
  -- The record's owner (records never change owner), for the indexes below.
  user_id     integer NOT NULL,
  play_count  integer NOT NULL DEFAULT 0 CONSTRAINT record_plays_play_count_check CHECK (play_count >= 0),
  last_played date,
  rev         bigint  NOT NULL DEFAULT 0
);

-- The plays of every record as they are (their revision is the record's own).
INSERT INTO record_plays (record_id, user_id, play_count, last_played)
SELECT id, user_id, play_count, last_played FROM records;

-- most_played, read backwards: play_count desc, last_played desc (never spun last), id desc.
CREATE INDEX record_plays_most_played_idx
  ON record_plays (user_id, play_count, (COALESCE(last_played, '-infinity'::date)), record_id);
-- least_recently_played: never spun first, then last_played asc, then id asc; and the
-- blindbag's "not spun since".
CREATE INDEX record_plays_least_played_idx
  ON record_plays (user_id, (COALESCE(last_played, '-infinity'::date)), record_id);
-- The sync walk: one user's play-count changes by revision.
CREATE INDEX record_plays_user_rev_idx ON record_plays (user_id, rev);

DROP INDEX records_user_last_played_idx;
DROP INDEX records_user_play_count_idx;
DROP INDEX records_user_most_played_idx;
DROP INDEX records_user_least_played_idx;
ALTER TABLE records DROP COLUMN play_count, DROP COLUMN last_played;

-- A record stored gets its plays row in the same statement (every way a record is added:
-- add, barcode, import, look-up; one INSERT for the whole statement).
CREATE FUNCTION add_record_plays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_plays (record_id, user_id) SELECT id, user_id FROM new_rows;
  RETURN NULL;
END $$;
CREATE TRIGGER records_plays_insert AFTER INSERT ON records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_record_plays();

-- A play-count change takes the owner's next sync revision (the function of the records').
CREATE TRIGGER record_plays_sync_rev BEFORE UPDATE ON record_plays
  FOR EACH ROW EXECUTE FUNCTION set_record_rev();
-- A play-count change changes the owner's lists (Most Played …) and their friends' (ETags).
CREATE TRIGGER record_plays_bump_update AFTER UPDATE ON record_plays
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();

-- One version bump per user per transaction while nothing new is to be stored: a spin
-- writes `spins` and `record_plays` in one statement, and both tables' triggers call this;
-- the second finds the user bumped by this transaction with the same pending sync revision
-- and writes nothing. (Nobody sees a transaction's version before it commits, so a second
-- bump in it tells no reader anything the first did not.) The users bumped and the sync
-- revision stored for each are kept in the transaction-local setting `spincrate.bumped`
-- ({user id: revision}); a rolled-back savepoint rolls the setting back with the write.
CREATE OR REPLACE FUNCTION bump_user_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped jsonb := COALESCE(NULLIF(current_setting('spincrate.bumped', true), ''), '{}')::jsonb;
  users integer[];
  u integer;
  r bigint;
  changed boolean := false;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id ORDER BY user_id) INTO users FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT user_id ORDER BY user_id) INTO users FROM new_rows;
  END IF;
  IF users IS NULL THEN
    RETURN NULL;
  END IF;
  FOREACH u IN ARRAY users LOOP
    r := pending_sync_rev(u);
    IF (bumped ->> u::text) IS DISTINCT FROM r::text THEN
      INSERT INTO user_versions AS v (user_id, version, sync_rev)
      VALUES (u, nextval('user_version_seq'), r)
      ON CONFLICT (user_id) DO UPDATE SET version = excluded.version,
                                          sync_rev = GREATEST(v.sync_rev, excluded.sync_rev);
      bumped := jsonb_set(bumped, ARRAY[u::text], to_jsonb(r::text));
      changed := true;
    END IF;
  END LOOP;
  IF changed THEN
    PERFORM set_config('spincrate.bumped', bumped::text, true);
  END IF;
  RETURN NULL;
END $$;
