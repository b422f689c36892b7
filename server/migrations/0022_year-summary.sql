-- Up Migration
-- 0022: the year in review reads summaries instead of every play (API.md "Year in review",
-- issue 25 bench row: the first answer for 20,000 records and 20,000 spins ≤ 60 ms of CPU).
--
-- * `spin_days`: per user and day with spins, the spins, their minutes and their plays (a
--   record in a spin). A year is at most 366 rows: totals, streaks, months, weekdays. Kept
--   by triggers on `spins` and `spin_records` (every writer of spins: add, delete, the
--   ListenBrainz import, a record's or a user's deletion) by adding and subtracting, which
--   stays exact under concurrent spins of one user (each change is an `UPDATE … SET n = n + d`
--   of the row as committed). A day whose spins are all deleted keeps a row of zeros
--   (readers take `spins > 0`).
-- * `record_years`: per record and calendar year with plays, its plays in that year, the
--   latest, whether it was its first year of plays (`first_play`) and whether one of the
--   year's plays came 365 or more days after the previous one, or after the record's UTC
--   `date_added` when none (`rescued`); with what the year groups by, already normalised:
--   mood, decade, artist as spelled, tags lowercased once each.
-- * `year_groups`: per user, year and group the counts the year in review lists, so that
--   grouping 12,000 played records is reading a few hundred rows.
--
-- `record_years` and `year_groups` cost a spin nothing: they are brought up to date by the
-- year in review itself, before it reads them (`refresh_year_summary`), from the records
-- changed since the sync revision they were last brought to (migration 0011: every change
-- of a record, of its plays and every deletion takes the owner's next revision, and one
-- user's revisions become visible in their order). Only the records changed since then are
-- recomputed, from their own plays, and only their difference is added to `year_groups`.

CREATE TABLE spin_days (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day     date    NOT NULL,
  spins   integer NOT NULL DEFAULT 0,
  minutes integer NOT NULL DEFAULT 0,
  plays   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day)
);

-- A deleted record's rows stay until the next refresh takes their counts out of year_groups.
CREATE TABLE record_years (
  record_id  integer NOT NULL,
  year       integer NOT NULL,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plays      integer NOT NULL,
  last_day   date    NOT NULL,
  first_play boolean NOT NULL,
  rescued    boolean NOT NULL,
  -- date_added (UTC) falls in the year: a candidate for `favourite_new_record`.
  added      boolean NOT NULL,
  mood_id    integer NOT NULL,
  decade     integer,
  artist     text    NOT NULL,
  -- The record's tags lowercased, each once (code-point order).
  tags       text[]  NOT NULL,
  PRIMARY KEY (record_id, year)
);
-- One user's year, most played first (top_records and favourite_new_record read it in order).
CREATE INDEX record_years_user_year_idx
  ON record_years (user_id, year, plays DESC, last_day DESC, record_id);

-- Per user, year and group, what the year in review lists: kind 0 all played records (key
-- ''), 1 a mood (key its id), 2 a decade (key the decade, '' without a year), 3 an artist
-- as spelled, 4 a tag (lowercased): the records played in the year, their plays in it, how
-- many were first played in it and how many rescued. Kept by adding the difference of each
-- `record_years` change; rows fall to zero records rather than going (readers take records > 0).
CREATE TABLE year_groups (
  user_id     integer  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  year        integer  NOT NULL,
  kind        smallint NOT NULL,
  key         text     NOT NULL,
  records     integer  NOT NULL,
  plays       integer  NOT NULL,
  first_plays integer  NOT NULL,
  rescued     integer  NOT NULL,
  PRIMARY KEY (user_id, year, kind, key)
);

-- Recomputes the `record_years` rows of the given records from their plays (the spins of
-- the record's owner that hold it; none for a deleted record), writes only the rows that
-- changed, and adds the difference to `year_groups`. The caller holds the owner's
-- `year_summary_revs` row. One generic plan (a plan made for each list of ids cost more
-- than the statement).
CREATE FUNCTION refresh_record_years(ids integer[]) RETURNS void LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  WITH fresh AS (
    SELECT r.id AS record_id, d.year, r.user_id, sum(d.plays)::int AS plays, max(d.day) AS last_day,
           bool_or(d.first) AS first_play, bool_or(d.gap >= 365) AS rescued,
           d.year = extract(year FROM r.date_added AT TIME ZONE 'UTC')::int AS added,
           r.mood_id, (r.year / 10) * 10 AS decade, r.artist,
           ARRAY(SELECT DISTINCT lower(u.tag) COLLATE "C" FROM unnest(r.tags) AS u(tag) ORDER BY 1) AS tags
      FROM (SELECT p.record_id, p.day, extract(year FROM p.day)::int AS year, p.plays,
                   p.day - COALESCE(lag(p.day) OVER w, p.added) AS gap,
                   row_number() OVER w = 1 AS first
              FROM (SELECT sr.record_id, s.listened_at AS day, count(*)::int AS plays,
                           (a.date_added AT TIME ZONE 'UTC')::date AS added
                      FROM spin_records sr
                      JOIN records a ON a.id = sr.record_id
                      JOIN spins s ON s.id = sr.spin_id AND s.user_id = a.user_id
                     WHERE sr.record_id = ANY (ids)
                     GROUP BY sr.record_id, s.listened_at, a.date_added) p
            WINDOW w AS (PARTITION BY p.record_id ORDER BY p.day)) d
      JOIN records r ON r.id = d.record_id
     GROUP BY r.id, d.year
  ), old AS (
    SELECT * FROM record_years y WHERE y.record_id = ANY (ids)
  ), plus AS (
    SELECT f.* FROM fresh f
     WHERE NOT EXISTS (SELECT 1 FROM old o
                        WHERE o.record_id = f.record_id AND o.year = f.year AND o.plays = f.plays
                          AND o.last_day = f.last_day AND o.first_play = f.first_play
                          AND o.rescued = f.rescued AND o.added = f.added AND o.mood_id = f.mood_id
                          AND o.decade IS NOT DISTINCT FROM f.decade AND o.artist = f.artist
                          AND o.tags = f.tags)
  ), minus AS (
    SELECT o.* FROM old o
     WHERE NOT EXISTS (SELECT 1 FROM fresh f
                        WHERE o.record_id = f.record_id AND o.year = f.year AND o.plays = f.plays
                          AND o.last_day = f.last_day AND o.first_play = f.first_play
                          AND o.rescued = f.rescued AND o.added = f.added AND o.mood_id = f.mood_id
                          AND o.decade IS NOT DISTINCT FROM f.decade AND o.artist = f.artist
                          AND o.tags = f.tags)
  ), gone AS (
    DELETE FROM record_years y USING minus m
     WHERE y.record_id = m.record_id AND y.year = m.year
       AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.record_id = m.record_id AND f.year = m.year)
  ), put AS (
    INSERT INTO record_years (record_id, year, user_id, plays, last_day, first_play, rescued, added,
                              mood_id, decade, artist, tags)
    SELECT record_id, year, user_id, plays, last_day, first_play, rescued, added, mood_id, decade, artist, tags
      FROM plus
    ON CONFLICT (record_id, year) DO UPDATE
      SET plays = excluded.plays, last_day = excluded.last_day, first_play = excluded.first_play,
          rescued = excluded.rescued, added = excluded.added, mood_id = excluded.mood_id,
          decade = excluded.decade, artist = excluded.artist, tags = excluded.tags
  ), deltas AS (
    SELECT c.user_id, c.year, k.kind, k.key, sum(c.sign)::int AS records, sum(c.sign * c.plays)::int AS plays,
           sum(c.sign * c.first_play::int)::int AS first_plays, sum(c.sign * c.rescued::int)::int AS rescued
      FROM (SELECT 1 AS sign, p.user_id, p.year, p.plays, p.first_play, p.rescued, p.mood_id, p.decade,
                   p.artist, p.tags FROM plus p
            UNION ALL
            SELECT -1, m.user_id, m.year, m.plays, m.first_play, m.rescued, m.mood_id, m.decade,
                   m.artist, m.tags FROM minus m) c
     CROSS JOIN LATERAL (SELECT 0::smallint, ''::text
                         UNION ALL SELECT 1::smallint, c.mood_id::text
                         UNION ALL SELECT 2::smallint, COALESCE(c.decade::text, '')
                         UNION ALL SELECT 3::smallint, c.artist
                         UNION ALL SELECT 4::smallint, t.tag FROM unnest(c.tags) AS t(tag)) AS k(kind, key)
     GROUP BY c.user_id, c.year, k.kind, k.key
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.plays) <> 0 OR sum(c.sign * c.first_play::int) <> 0
        OR sum(c.sign * c.rescued::int) <> 0
  ), fewer AS (
    -- A group losing records has its row (also when the user is being deleted: then no new row).
    UPDATE year_groups g
       SET records = g.records + d.records, plays = g.plays + d.plays,
           first_plays = g.first_plays + d.first_plays, rescued = g.rescued + d.rescued
      FROM deltas d
     WHERE d.records <= 0 AND g.user_id = d.user_id AND g.year = d.year AND g.kind = d.kind AND g.key = d.key
  )
  INSERT INTO year_groups AS g (user_id, year, kind, key, records, plays, first_plays, rescued)
  SELECT d.user_id, d.year, d.kind, d.key, d.records, d.plays, d.first_plays, d.rescued
    FROM deltas d WHERE d.records > 0
   ORDER BY d.user_id, d.year, d.kind, d.key
  ON CONFLICT (user_id, year, kind, key) DO UPDATE
    SET records = g.records + excluded.records, plays = g.plays + excluded.plays,
        first_plays = g.first_plays + excluded.first_plays, rescued = g.rescued + excluded.rescued;
END $$;

-- Spins added: their days' spins and minutes.
CREATE FUNCTION spin_days_add_spins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO spin_days AS d (user_id, day, spins, minutes)
  SELECT n.user_id, n.listened_at, count(*), sum(n.minutes_spent)
    FROM new_rows n GROUP BY n.user_id, n.listened_at ORDER BY n.user_id, n.listened_at
  ON CONFLICT (user_id, day) DO UPDATE SET spins = d.spins + excluded.spins,
                                           minutes = d.minutes + excluded.minutes;
  RETURN NULL;
END $$;
-- Named to run before spins_bump_insert: every writer takes the day before the user's version.
CREATE TRIGGER spins_add_days AFTER INSERT ON spins
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spin_days_add_spins();

-- A spin deleted: its day loses the spin, its minutes and its plays (counted while its
-- record links are still there; their own delete trigger then no longer finds the spin).
-- The owner's `user_versions` row is locked first, the order a spin add takes them in (its
-- plays take the owner's next sync revision before its statement's triggers run): a spin
-- added and one deleted on the same day at once wait for each other instead of deadlocking.
CREATE FUNCTION spin_days_remove_spin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM user_versions WHERE user_id = OLD.user_id FOR UPDATE;
  UPDATE spin_days
     SET spins = spins - 1, minutes = minutes - OLD.minutes_spent,
         plays = plays - (SELECT count(*) FROM spin_records sr WHERE sr.spin_id = OLD.id)
   WHERE user_id = OLD.user_id AND day = OLD.listened_at;
  RETURN OLD;
END $$;
CREATE TRIGGER spins_remove_days BEFORE DELETE ON spins
  FOR EACH ROW EXECUTE FUNCTION spin_days_remove_spin();

-- Record links added: their spins' days gain the plays.
CREATE FUNCTION spin_records_add_plays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO spin_days AS d (user_id, day, plays)
  SELECT s.user_id, s.listened_at, count(*)
    FROM new_rows n JOIN spins s ON s.id = n.spin_id
   GROUP BY s.user_id, s.listened_at ORDER BY s.user_id, s.listened_at
  ON CONFLICT (user_id, day) DO UPDATE SET plays = d.plays + excluded.plays;
  RETURN NULL;
END $$;
CREATE TRIGGER spin_records_add_days AFTER INSERT ON spin_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spin_records_add_plays();

-- Record links deleted (a record deleted, or its spin): the plays of spins that remain
-- leave their days.
CREATE FUNCTION spin_records_remove_plays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE spin_days d SET plays = d.plays - g.plays
    FROM (SELECT s.user_id, s.listened_at, count(*)::int AS plays
            FROM old_rows o JOIN spins s ON s.id = o.spin_id
           GROUP BY s.user_id, s.listened_at) g
   WHERE d.user_id = g.user_id AND d.day = g.listened_at;
  RETURN NULL;
END $$;
CREATE TRIGGER spin_records_remove_days AFTER DELETE ON spin_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION spin_records_remove_plays();

-- How far each user's `record_years` and `year_groups` are up to date: every change of a
-- record, of its plays or a deletion with a sync revision up to `rev` is in them.
CREATE TABLE year_summary_revs (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  rev     bigint  NOT NULL
);

-- Brings user `u`'s `record_years` and `year_groups` up to date with at most `batch`
-- changed records, oldest change first; true when more are left (call again). Takes the
-- user's `year_summary_revs` row first (a second caller waits, then finds the work done),
-- then the user's sync revision (`user_versions.sync_rev`), in a later snapshot: every change
-- up to it is visible. When tombstones past the user's revision were pruned (`sync_floor`),
-- the rows of records that no longer exist are recomputed (taken out) first.
CREATE FUNCTION refresh_year_summary(u integer, batch integer) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  done bigint;
  latest bigint;
  floor_rev bigint;
  ids integer[];
  found_n integer;
  upto bigint;
BEGIN
  INSERT INTO year_summary_revs (user_id, rev) VALUES (u, 0) ON CONFLICT (user_id) DO NOTHING;
  SELECT rev INTO done FROM year_summary_revs WHERE user_id = u FOR UPDATE;
  SELECT sync_rev, sync_floor INTO latest, floor_rev FROM user_versions WHERE user_id = u;
  IF latest IS NULL OR latest <= done THEN
    RETURN false;
  END IF;
  IF floor_rev > done THEN
    PERFORM refresh_record_years(ARRAY(
      SELECT DISTINCT y.record_id FROM record_years y
       WHERE y.user_id = u AND NOT EXISTS (SELECT 1 FROM records r WHERE r.id = y.record_id)));
  END IF;
  SELECT array_agg(DISTINCT c.record_id), count(*), max(c.rev) INTO ids, found_n, upto
    FROM (SELECT c.record_id, c.rev
            FROM (SELECT r.id AS record_id, r.rev FROM records r
                   WHERE r.user_id = u AND r.rev > done AND r.rev <= latest
                  UNION ALL
                  SELECT p.record_id, p.rev FROM record_plays p
                   WHERE p.user_id = u AND p.rev > done AND p.rev <= latest
                  UNION ALL
                  SELECT t.record_id, t.rev FROM record_tombstones t
                   WHERE t.user_id = u AND t.rev > done AND t.rev <= latest) c
           ORDER BY c.rev
           LIMIT batch) c;
  IF found_n > 0 THEN
    PERFORM refresh_record_years(ids);
  END IF;
  IF found_n < batch THEN
    upto := latest;
  END IF;
  UPDATE year_summary_revs SET rev = upto WHERE user_id = u;
  RETURN upto < latest;
END $$;

-- The summaries of what is stored now.
INSERT INTO spin_days (user_id, day, spins, minutes, plays)
SELECT s.user_id, s.listened_at, count(*), sum(s.minutes_spent),
       sum((SELECT count(*) FROM spin_records sr WHERE sr.spin_id = s.id))
  FROM spins s GROUP BY s.user_id, s.listened_at;
SELECT refresh_record_years(ARRAY(SELECT DISTINCT sr.record_id FROM spin_records sr));
INSERT INTO year_summary_revs (user_id, rev) SELECT user_id, sync_rev FROM user_versions;
