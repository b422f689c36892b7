-- Up Migration
-- 0011: the offline copy's delta sync (API.md "Offline copy and repeat-safe writes",
-- EXTENSIONS.md §9, issue 24 item 2) and repeat-safe spins (item 6: `clientId`).
--
-- Every user has a sync revision, `user_versions.sync_rev`: every insert, edit, delete and
-- play-count change of one of their records takes the next one. A record keeps the
-- revision of its last change in `records.rev`; a deleted record leaves a tombstone with the
-- revision of its deletion. `GET /api/sync/records?since=R` answers the records and
-- tombstones with a revision above R, oldest first.
--
-- Why a walk never misses a change: a transaction takes its first revision of a user with a
-- lock on the user's `user_versions` row (`SELECT … FOR UPDATE`), held until it commits or
-- rolls back. A second writer of the same user waits for that lock, and reads the counter
-- only after the first has committed; so one user's revisions become visible in their
-- order, and a snapshot that has revision n has every revision below n too. A reader that
-- answered up to `sync_rev` (read in the same snapshot as the rows) can never later find a
-- change with a lower revision committed after it. The lock is the row the statement-level
-- version triggers (migration 0004) lock anyway, so writers take no new lock that could be
-- taken in another order (a separate table locked before `user_versions` deadlocked a spin
-- add against an edit: the spin's insert locks `user_versions` first, the edit its record).
--
-- Cheap writes (issue 21): one revision per changed row, so a page can end anywhere, but the
-- counter is read and locked once per user per transaction: the next revisions are counted
-- on in a transaction-local setting (`spincrate.sync_revs`), and the statement-
-- level trigger that already writes the user's `user_versions` row stores the last one in
-- the same write. A spin of any number of records costs no extra row write.

ALTER TABLE user_versions
  ADD COLUMN sync_rev bigint NOT NULL DEFAULT 0,
  -- Tombstones up to this revision were pruned: a `since` below it is answered with `reset`.
  ADD COLUMN sync_floor bigint NOT NULL DEFAULT 0;

ALTER TABLE records ADD COLUMN rev bigint NOT NULL DEFAULT 0;

-- Back-fill: every existing record gets a revision of its owner, 1, 2, … in id order. A
-- user's counter is the row of `user_versions`; a user who has none yet (no write since
-- 0004) starts from their records' highest revision (`next_sync_rev`, and the sync's read).
-- (No version bump: what a Record shows does not change.)
ALTER TABLE records DISABLE TRIGGER records_bump_update;
UPDATE records r SET rev = n.rev
  FROM (SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY id) AS rev FROM records) n
 WHERE n.id = r.id;
ALTER TABLE records ENABLE TRIGGER records_bump_update;
UPDATE user_versions v SET sync_rev = c.revs
  FROM (SELECT user_id, count(*) AS revs FROM records GROUP BY user_id) c
 WHERE c.user_id = v.user_id;

-- The sync walk: one user's records by revision.
CREATE INDEX records_user_rev_idx ON records (user_id, rev);

-- A deleted record (kept 90 days, pruned when the same user deletes again).
CREATE TABLE record_tombstones (
  user_id    integer     NOT NULL,
  rev        bigint      NOT NULL,
  record_id  integer     NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, rev)
);
CREATE INDEX record_tombstones_user_deleted_idx ON record_tombstones (user_id, deleted_at);

-- The next sync revision of user `u` in this transaction (see above). The first call for a
-- user locks their `user_versions` row (made when missing, from the highest revision of their
-- records: the back-fill's; a synced table added later joins this) and reads the counter; the
-- next ones count on in the transaction-local setting `spincrate.sync_revs`, a JSON object
-- {user id: last revision given} (one key in all but bulk statements), so a statement over
-- many users' rows (a seed, a back-fill) writes no row when it turns from one user to another.
CREATE FUNCTION next_sync_rev(u integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  revs jsonb := COALESCE(NULLIF(current_setting('spincrate.sync_revs', true), ''), '{}')::jsonb;
  r bigint := (revs ->> u::text)::bigint;
BEGIN
  IF r IS NULL THEN
    SELECT sync_rev INTO r FROM user_versions WHERE user_id = u FOR UPDATE;
    IF NOT FOUND THEN
      INSERT INTO user_versions (user_id, version, sync_rev)
      VALUES (u, nextval('user_version_seq'), (SELECT COALESCE(max(rev), 0) FROM records WHERE user_id = u))
      ON CONFLICT (user_id) DO NOTHING;
      SELECT sync_rev INTO STRICT r FROM user_versions WHERE user_id = u FOR UPDATE;
    END IF;
  END IF;
  r := r + 1;
  PERFORM set_config('spincrate.sync_revs', jsonb_set(revs, ARRAY[u::text], to_jsonb(r))::text, true);
  RETURN r;
END $$;

-- The last sync revision this transaction gave user `u` (0 when none).
CREATE FUNCTION pending_sync_rev(u integer) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT COALESCE((NULLIF(current_setting('spincrate.sync_revs', true), '')::jsonb ->> u::text)::bigint, 0)
$$;

-- A record written takes the next revision of its owner.
CREATE FUNCTION set_record_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rev := next_sync_rev(NEW.user_id);
  RETURN NEW;
END $$;

-- A record deleted leaves a tombstone with the next revision of its owner.
CREATE FUNCTION add_record_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_tombstones (user_id, rev, record_id) VALUES (OLD.user_id, next_sync_rev(OLD.user_id), OLD.id);
  RETURN OLD;
END $$;

-- After a delete, the owners' tombstones older than 90 days go; `sync_floor` keeps the
-- highest revision pruned (the owner's row is locked by this transaction already).
CREATE FUNCTION prune_record_tombstones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    DELETE FROM record_tombstones t
     WHERE t.user_id IN (SELECT DISTINCT user_id FROM old_rows)
       AND t.deleted_at < now() - interval '90 days'
    RETURNING t.user_id, t.rev
  )
  UPDATE user_versions v SET sync_floor = GREATEST(v.sync_floor, g.rev)
    FROM (SELECT user_id, max(rev) AS rev FROM gone GROUP BY user_id) g
   WHERE v.user_id = g.user_id;
  RETURN NULL;
END $$;

-- The statement-level version bump (migration 0004) also stores the transaction's sync
-- revision of each user, in the same write.
CREATE OR REPLACE FUNCTION bump_user_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO user_versions AS v (user_id, version, sync_rev)
    SELECT u, nextval('user_version_seq'), pending_sync_rev(u)
      FROM (SELECT DISTINCT user_id FROM old_rows ORDER BY 1) s (u)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version,
                                        sync_rev = GREATEST(v.sync_rev, excluded.sync_rev);
  ELSE
    INSERT INTO user_versions AS v (user_id, version, sync_rev)
    SELECT u, nextval('user_version_seq'), pending_sync_rev(u)
      FROM (SELECT DISTINCT user_id FROM new_rows ORDER BY 1) s (u)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version,
                                        sync_rev = GREATEST(v.sync_rev, excluded.sync_rev);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER records_sync_rev BEFORE INSERT OR UPDATE ON records
  FOR EACH ROW EXECUTE FUNCTION set_record_rev();
CREATE TRIGGER records_sync_tombstone BEFORE DELETE ON records
  FOR EACH ROW EXECUTE FUNCTION add_record_tombstone();
CREATE TRIGGER records_sync_prune AFTER DELETE ON records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION prune_record_tombstones();

-- Repeat-safe spins (API.md "Offline copy and repeat-safe writes"): a client's id for a
-- spin, stored once per user.
ALTER TABLE spins ADD COLUMN client_id uuid;
CREATE UNIQUE INDEX spins_user_client_id_key ON spins (user_id, client_id) WHERE client_id IS NOT NULL;
