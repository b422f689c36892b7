-- Up Migration
-- 0027: a record's plays are read from the primary key alone (issue 24 item 2: a first sync of
-- 20,000 records costs the server ≤ 150 ms of CPU in total).
--
-- A sync page looks up the plays of each of its 2,000 records by `record_id`
-- (server/src/features/sync/sync.queries.ts): each look-up read the key's index and then the
-- row. The key now carries what the page reads (`rev`, `play_count`, `last_played`), so the
-- look-up is an index-only scan wherever the table's pages are all-visible (all but the ones a
-- spin changed since the last vacuum). A spin's update already gave the key a new entry (`rev`
-- is indexed, so no update of this table is a HOT one); the entries are a few bytes longer.

ALTER TABLE record_plays
  DROP CONSTRAINT record_plays_pkey,
  ADD CONSTRAINT record_plays_pkey PRIMARY KEY (record_id) INCLUDE (rev, play_count, last_played);
