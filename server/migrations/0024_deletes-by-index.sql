-- Up Migration
-- 0024: what a record's or a want's deletion also deletes, it finds by index (issue 21).
--
-- 1. The owner's old tombstones.
-- The prune after each delete (migrations 0011, 0014) ran with the plan PL/pgSQL cached on the
-- connection's first delete. Planned while the tombstones table was small (a new database, or
-- one a user had just started deleting in), that plan scanned the whole table, every user's
-- tombstones, and each connection kept it as the table grew: a cost per delete growing with
-- everyone's deletions (bench: 0.59 ms of a record delete's 1.22 ms in PostgreSQL after 4,000
-- deletes, 20 pages read per delete). Now the owner's tombstones older than 90 days are read
-- as one range of `*_tombstones_user_deleted_idx` (user, deleted_at): the row comparisons
-- below are that range (they hold exactly for the owner's rows deleted before the cutoff, and
-- only that index can take them as its bounds), and the functions plan without sequential
-- scans, hash or merge joins, so the owner's `user_versions` row is found by its key. Two
-- pages read per delete whatever the size of the table.

CREATE OR REPLACE FUNCTION prune_record_tombstones() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  AS $$
BEGIN
  WITH gone AS (
    DELETE FROM record_tombstones t
     USING (SELECT DISTINCT user_id FROM old_rows) o
     WHERE (t.user_id, t.deleted_at) >= (o.user_id, '-infinity'::timestamptz)
       AND (t.user_id, t.deleted_at) < (o.user_id, now() - interval '90 days')
    RETURNING t.user_id, t.rev
  )
  UPDATE user_versions v SET sync_floor = GREATEST(v.sync_floor, g.rev)
    FROM (SELECT user_id, max(rev) AS rev FROM gone GROUP BY user_id) g
   WHERE v.user_id = g.user_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION prune_want_tombstones() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  AS $$
BEGIN
  WITH gone AS (
    DELETE FROM want_tombstones t
     USING (SELECT DISTINCT user_id FROM old_rows) o
     WHERE (t.user_id, t.deleted_at) >= (o.user_id, '-infinity'::timestamptz)
       AND (t.user_id, t.deleted_at) < (o.user_id, now() - interval '90 days')
    RETURNING t.user_id, t.rev
  )
  UPDATE user_versions v SET sync_floor = GREATEST(v.sync_floor, g.rev)
    FROM (SELECT user_id, max(rev) AS rev FROM gone GROUP BY user_id) g
   WHERE v.user_id = g.user_id;
  RETURN NULL;
END $$;

-- 2. The record's ListenBrainz outbox rows. The cascade of a record's deletion looked for them
-- with a sequential scan of the whole outbox (its key starts with the spin): one row per record
-- of every spin a connected user ever sent, so each record deleted read every user's sent
-- listens (100,000 outbox rows: 857 pages, 7 ms per record delete; by this index 2 pages).
CREATE INDEX listenbrainz_outbox_record_idx ON listenbrainz_outbox (record_id);
