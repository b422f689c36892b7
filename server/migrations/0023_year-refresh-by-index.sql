-- Up Migration
-- 0023: bringing one user's year summaries up to date reads that user's groups only (issue 25).
-- `refresh_record_years` runs with a generic plan (0022), which knows nothing of how few
-- records changed: it joined the changed groups to `year_groups` by hashing or scanning the
-- whole table, every user's rows, on each refresh — a cost growing with the number of users.
-- Joins by nested loop instead: each changed group is found by its primary key, so a refresh
-- reads what it changes. Scans stay allowed: forcing index scans too made the records join
-- walk a collector's whole crate by `user_id` (bench: the first year view after a spin on a
-- 20,000-record crate 327 ms of CPU; with joins alone 30 ms, 37 ms before this migration).
ALTER FUNCTION refresh_record_years(integer[])
  SET enable_hashjoin = off
  SET enable_mergejoin = off;
