-- Up Migration
-- 0002: listening insights (API.md "Entities as returned": Record's play_count,
-- last_played, year, barcode, mb_release_group_id; "Listening statistics").
--
-- play_count and last_played are kept by the statements that write spins (spin add:
-- +1 and the later date; spin delete: recomputed for the spin's records), so reading a
-- Record never aggregates spins. Here they are filled in from the spins already stored.

ALTER TABLE records
  ADD COLUMN year integer CONSTRAINT records_year_check CHECK (year BETWEEN 1900 AND 2100),
  ADD COLUMN play_count integer NOT NULL DEFAULT 0 CONSTRAINT records_play_count_check CHECK (play_count >= 0),
  ADD COLUMN last_played date,
  ADD COLUMN barcode text CONSTRAINT records_barcode_check CHECK (barcode ~ '^([0-9]{8}|[0-9]{12}|[0-9]{13})$'),
  ADD COLUMN mb_release_group_id uuid;

UPDATE records r
   SET play_count = p.plays, last_played = p.last_played
  FROM (SELECT sr.record_id, count(*)::int AS plays, max(s.listened_at) AS last_played
          FROM spin_records sr
          JOIN spins s ON s.id = sr.spin_id
         GROUP BY sr.record_id) p
 WHERE p.record_id = r.id;

-- The dusty shelf (blindbag "not played in", least recently played) and most played.
CREATE INDEX records_user_last_played_idx ON records (user_id, last_played);
CREATE INDEX records_user_play_count_idx ON records (user_id, play_count DESC, last_played DESC, id DESC);
