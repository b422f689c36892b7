-- Up Migration
-- Migration 0014: the wantlist joins the offline copy's delta sync (API.md "Offline copy and
-- repeat-safe writes": "Wants come the same way from GET /api/sync/wants"; EXTENSIONS.md §9).
-- A want takes its owner's next sync revision on every insert and edit (`next_sync_rev()`,
-- migration 0011: one counter per user for records and wants, so both walks share its
-- ordering guarantee), and a deleted want leaves a tombstone kept 90 days.

ALTER TABLE wants ADD COLUMN rev bigint NOT NULL DEFAULT 0;

-- Back-fill: existing wants get the revisions after their owner's current one (every owner
-- of a want has a `user_versions` row: adding a want writes it), and the counter moves on.
WITH n AS (
  SELECT w.id, w.user_id, row_number() OVER (PARTITION BY w.user_id ORDER BY w.id) AS k FROM wants w
)
UPDATE wants w SET rev = v.sync_rev + n.k
  FROM n JOIN user_versions v ON v.user_id = n.user_id
 WHERE w.id = n.id;
UPDATE user_versions v SET sync_rev = v.sync_rev + c.wants
  FROM (SELECT user_id, count(*) AS wants FROM wants GROUP BY user_id) c
 WHERE c.user_id = v.user_id;

-- The sync walk: one user's wants by revision.
CREATE INDEX wants_user_rev_idx ON wants (user_id, rev);

-- A deleted want (kept 90 days, pruned when the same user deletes a want again).
CREATE TABLE want_tombstones (
  user_id    integer     NOT NULL,
  rev        bigint      NOT NULL,
  want_id    integer     NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, rev)
);
CREATE INDEX want_tombstones_user_deleted_idx ON want_tombstones (user_id, deleted_at);

-- A want written takes the next revision of its owner.
CREATE FUNCTION set_want_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rev := next_sync_rev(NEW.user_id);
  RETURN NEW;
END $$;

-- A want deleted leaves a tombstone with the next revision of its owner.
CREATE FUNCTION add_want_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO want_tombstones (user_id, rev, want_id) VALUES (OLD.user_id, next_sync_rev(OLD.user_id), OLD.id);
  RETURN OLD;
END $$;

-- After a delete, the owners' want tombstones older than 90 days go; `sync_floor` (shared
-- with the records' walk: a `since` below it starts both walks again) keeps the highest
-- revision pruned.
CREATE FUNCTION prune_want_tombstones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    DELETE FROM want_tombstones t
     WHERE t.user_id IN (SELECT DISTINCT user_id FROM old_rows)
       AND t.deleted_at < now() - interval '90 days'
    RETURNING t.user_id, t.rev
  )
  UPDATE user_versions v SET sync_floor = GREATEST(v.sync_floor, g.rev)
    FROM (SELECT user_id, max(rev) AS rev FROM gone GROUP BY user_id) g
   WHERE v.user_id = g.user_id;
  RETURN NULL;
END $$;

CREATE TRIGGER wants_sync_rev BEFORE INSERT OR UPDATE ON wants
  FOR EACH ROW EXECUTE FUNCTION set_want_rev();
CREATE TRIGGER wants_sync_tombstone BEFORE DELETE ON wants
  FOR EACH ROW EXECUTE FUNCTION add_want_tombstone();
CREATE TRIGGER wants_sync_prune AFTER DELETE ON wants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION prune_want_tombstones();
