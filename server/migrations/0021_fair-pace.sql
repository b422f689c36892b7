-- Up Migration
-- 0021: a fair turn per user in the shared MusicBrainz pace (issue 21, "Fair under several
-- accounts"). The pace itself stays one row per service in `lookup_slots` (one request a
-- second, shared by every server process); this table keeps, per user and service, when the
-- user's latest turn starts. A user whose latest turn has not started yet is given no other
-- one: a barcode look-up asked then is answered 429 `rate_limited` with `Retry-After`
-- (the seconds until that turn starts), so that one user's burst holds at most one turn in
-- the queue and never pushes another user's first look-up back by more than a turn or two.
CREATE TABLE lookup_user_turns (
  user_id   integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  service   text        NOT NULL,
  starts_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, service)
);
