-- Up Migration
-- 0015: listens brought back from ListenBrainz as spins (API.md "ListenBrainz": Import back, issue 23).

-- Every listen imported, by the key ListenBrainz tells listens apart with (its time in Unix
-- seconds and its track name), so importing twice adds nothing twice. A deleted spin leaves
-- its listens here (spin_id null): they are not brought back by the next import.
CREATE TABLE listenbrainz_imports (
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  listened_at bigint  NOT NULL,
  track_name  text    NOT NULL,
  spin_id     integer REFERENCES spins (id) ON DELETE SET NULL,
  PRIMARY KEY (user_id, listened_at, track_name)
);
CREATE INDEX listenbrainz_imports_spin_idx ON listenbrainz_imports (spin_id) WHERE spin_id IS NOT NULL;
