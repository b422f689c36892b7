-- Up Migration
-- 0023: bringing one user's year summaries up to date reads that user's groups only (issue 25).
-- `refresh_record_years` runs with a generic plan (0022), which knows nothing of how few
-- records changed: it joined the changed groups to `year_groups` by hashing or scanning the
-- whole table, every user's rows, on each refresh — a cost growing with the number of users.
-- Joins by nested loop over the primary keys instead: each changed record, day and group is
-- found by its index, so a refresh reads what it changes.
ALTER FUNCTION refresh_record_years(integer[])
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  SET enable_seqscan = off;
