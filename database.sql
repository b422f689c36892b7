-- Spincrate schema (API.md, PRODUCT.md §3): the complete, current schema, to read.
-- The server does not run this file: it builds the schema with the migrations in
-- server/migrations/ (README "Schema changes"). A server test
-- (server/src/db/migrate.test.ts) checks that the migrations give exactly this catalog,
-- so a change to the schema is a new migration plus the same change here, in one commit.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The order of record lists sorted by artist or title (API.md "Lists at scale"): case- and
-- accent-insensitive, as `new Intl.Collator('en', {sensitivity: 'base'})`; "Björk" = "bjork".
-- (ICU needs a UTF-8 database; any other encoding gets a byte-order record_order, see migration 0003.)
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'record_order' AND collnamespace = 'public'::regnamespace) THEN
    IF pg_encoding_to_char((SELECT encoding FROM pg_database WHERE datname = current_database())) = 'UTF8' THEN
      CREATE COLLATION record_order (provider = icu, locale = 'en-u-ks-level1', deterministic = false);
    ELSE
      CREATE COLLATION record_order FROM "C";
    END IF;
  END IF;
END
$$;

-- People. Usernames are unique ignoring case (API.md "Field rules").
CREATE TABLE IF NOT EXISTS users (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username      text        NOT NULL CHECK (username ~ '^[A-Za-z0-9_.-]{3,30}$'),
  password_hash text        NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS users_username_lower_key ON users (lower(username));

-- The fixed list of moods a record can have.
CREATE TABLE IF NOT EXISTS moods (
  id   integer PRIMARY KEY,
  mood text    NOT NULL UNIQUE
);
INSERT INTO moods (id, mood) VALUES
  (1, 'Aggressive'), (2, 'Angry'), (3, 'Calm'), (4, 'Chill'), (5, 'Dark'),
  (6, 'Dreamy'), (7, 'Energetic'), (8, 'Euphoric'), (9, 'Funky'), (10, 'Mellow'),
  (11, 'Groovy'), (12, 'Happy'), (13, 'Hopeful'), (14, 'Melancholy'), (15, 'Nostalgic'),
  (16, 'Peaceful'), (17, 'Reflective'), (18, 'Romantic'), (19, 'Sad'), (20, 'Upbeat')
ON CONFLICT (id) DO NOTHING;

-- A Discogs import (API.md "Import from a Discogs collection export").
CREATE TABLE IF NOT EXISTS imports (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  total       integer     NOT NULL DEFAULT 0,
  imported    integer     NOT NULL DEFAULT 0,
  duplicates  integer     NOT NULL DEFAULT 0,
  failed      integer     NOT NULL DEFAULT 0,
  errors      jsonb       NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS imports_user_id_idx ON imports (user_id, id DESC);

-- A record's searched fields (API.md "Routes": title, artist, details, year, tags; the mood is
-- matched through its own table) joined by U+001F, the unit separator. IMMUTABLE, as a generated column needs: concat_ws and array_to_string are only
-- STABLE because they format values of any type; for these argument types the result never changes.
CREATE OR REPLACE FUNCTION record_search_text(title text, artist text, details text, year integer, tags text[])
  RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT concat_ws(E'\x1f', title, artist, details, year::text, array_to_string(tags, E'\x1f')) $$;

-- The records of every crate. coverart NULL means "use the app's fallback cover".
CREATE TABLE IF NOT EXISTS records (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title          text        NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  artist         text        NOT NULL CHECK (length(artist) BETWEEN 1 AND 200),
  coverart       text,
  -- Whole seconds, as a Discogs export carries them, so export and re-import give the same date_added.
  date_added     timestamptz NOT NULL DEFAULT date_trunc('second', now()),
  mood_id        integer     NOT NULL REFERENCES moods (id) ON DELETE RESTRICT,
  details        text        NOT NULL DEFAULT '' CHECK (length(details) <= 5000),
  tags           text[]      NOT NULL DEFAULT '{}',
  import_id      integer     REFERENCES imports (id) ON DELETE SET NULL,
  lookup_pending boolean     NOT NULL DEFAULT false,
  -- The original release year (API.md "Entities as returned": year).
  year           integer     CONSTRAINT records_year_check CHECK (year BETWEEN 1900 AND 2100),
  -- Plays (one record in one spin) and the latest spin's date, kept by the spin writes.
  play_count     integer     NOT NULL DEFAULT 0 CONSTRAINT records_play_count_check CHECK (play_count >= 0),
  last_played    date,
  -- From a barcode add or the look-up (API.md "Adding by barcode").
  barcode        text        CONSTRAINT records_barcode_check CHECK (barcode ~ '^([0-9]{8}|[0-9]{12}|[0-9]{13})$'),
  mb_release_group_id uuid,
  -- The MusicBrainz release a record was added from by its barcode.
  mb_release_id  uuid,
  -- The searched fields joined by U+001F, for record search's trigram index (API.md "Routes").
  search_text    text        NOT NULL
    GENERATED ALWAYS AS (record_search_text(title, artist, details, year, tags)) STORED,
  -- Collection details (API.md "Collection details"), null when unknown. The price is whole
  -- cents plus an ISO 4217 code (never a float), both set or both null.
  rating         smallint    CONSTRAINT records_rating_check CHECK (rating BETWEEN 1 AND 5),
  folder         text        CONSTRAINT records_folder_check CHECK (length(folder) BETWEEN 1 AND 60),
  location       text        CONSTRAINT records_location_check CHECK (length(location) BETWEEN 1 AND 100),
  media_condition text       CONSTRAINT records_media_condition_check CHECK (media_condition IN (
    'Mint (M)', 'Near Mint (NM or M-)', 'Very Good Plus (VG+)', 'Very Good (VG)', 'Good Plus (G+)',
    'Good (G)', 'Fair (F)', 'Poor (P)')),
  sleeve_condition text      CONSTRAINT records_sleeve_condition_check CHECK (sleeve_condition IN (
    'Mint (M)', 'Near Mint (NM or M-)', 'Very Good Plus (VG+)', 'Very Good (VG)', 'Good Plus (G+)',
    'Good (G)', 'Fair (F)', 'Poor (P)', 'Generic', 'No Cover', 'Not Graded')),
  price_cents    integer     CONSTRAINT records_price_cents_check CHECK (price_cents BETWEEN 0 AND 9999999),
  price_currency text        CONSTRAINT records_price_currency_check CHECK (price_currency ~ '^[A-Z]{3}$'),
  purchased_on   date,
  purchased_from text        CONSTRAINT records_purchased_from_check CHECK (length(purchased_from) BETWEEN 1 AND 100),
  label          text        CONSTRAINT records_label_check CHECK (length(label) BETWEEN 1 AND 200),
  catalog_number text        CONSTRAINT records_catalog_number_check CHECK (length(catalog_number) BETWEEN 1 AND 200),
  format         text        CONSTRAINT records_format_check CHECK (length(format) BETWEEN 1 AND 200),
  discogs_release_id integer CONSTRAINT records_discogs_release_id_check CHECK (discogs_release_id > 0),
  CONSTRAINT records_price_check CHECK ((price_cents IS NULL) = (price_currency IS NULL))
);
CREATE INDEX IF NOT EXISTS records_user_date_idx ON records (user_id, date_added DESC, id DESC);
CREATE INDEX IF NOT EXISTS records_user_artist_title_idx ON records (user_id, lower(artist), lower(title));
-- Record search (API.md "Routes"): the records whose searched fields contain the text, and
-- the records of the moods that contain it. No pending list (fastupdate off): the planner
-- uses the index from the first search after an import.
CREATE INDEX IF NOT EXISTS records_search_trgm_idx ON records USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX IF NOT EXISTS records_user_mood_idx ON records (user_id, mood_id);
CREATE INDEX IF NOT EXISTS records_import_pending_idx ON records (import_id) WHERE lookup_pending;
CREATE INDEX IF NOT EXISTS records_user_last_played_idx ON records (user_id, last_played);
CREATE INDEX IF NOT EXISTS records_user_play_count_idx ON records (user_id, play_count DESC, last_played DESC, id DESC);
-- One index per pair of list sorts (API.md "Lists at scale"), so no page needs a sort step:
-- newest/oldest use records_user_date_idx; the others these, read forwards or backwards.
CREATE INDEX IF NOT EXISTS records_user_artist_order_idx
  ON records (user_id, artist COLLATE record_order, title COLLATE record_order, id);
CREATE INDEX IF NOT EXISTS records_user_title_order_idx ON records (user_id, title COLLATE record_order, id);
CREATE INDEX IF NOT EXISTS records_user_most_played_idx
  ON records (user_id, play_count, (COALESCE(last_played, '-infinity'::date)), id);
CREATE INDEX IF NOT EXISTS records_user_least_played_idx
  ON records (user_id, (COALESCE(last_played, '-infinity'::date)), id);
-- rating_desc and price_desc (migration 0007), read backwards; unrated / unpriced last.
CREATE INDEX IF NOT EXISTS records_user_rating_idx
  ON records (user_id, (COALESCE(rating, 0)), date_added, id);
CREATE INDEX IF NOT EXISTS records_user_price_idx
  ON records (user_id, (COALESCE(price_cents, -1)), date_added, id);
-- folder=F (exact, ignoring case) and GET /api/record/folders.
CREATE INDEX IF NOT EXISTS records_user_folder_idx
  ON records (user_id, lower(folder), date_added DESC, id DESC) WHERE folder IS NOT NULL;
CREATE INDEX IF NOT EXISTS records_user_barcode_idx ON records (user_id, barcode) WHERE barcode IS NOT NULL;
CREATE INDEX IF NOT EXISTS records_user_release_group_idx ON records (user_id, mb_release_group_id)
  WHERE mb_release_group_id IS NOT NULL;

-- A day's cache of the barcode look-ups (API.md "Adding by barcode"), keyed by the
-- barcode's 13-digit EAN form (a 12-digit UPC-A gets a leading 0) or its 8 digits.
CREATE TABLE IF NOT EXISTS barcode_lookups (
  code       text        PRIMARY KEY CONSTRAINT barcode_lookups_code_check CHECK (code ~ '^([0-9]{8}|[0-9]{13})$'),
  releases   jsonb       NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now()
);

-- A day's cache of MusicBrainz release-group look-ups (`inc=tags`) for records added by
-- barcode (issue 26 item 4): the group's tag names, most votes first (possibly none).
CREATE TABLE IF NOT EXISTS release_group_tags (
  mb_release_group_id uuid        PRIMARY KEY,
  tags                jsonb       NOT NULL,
  fetched_at          timestamptz NOT NULL DEFAULT now()
);

-- Pacing of the album look-ups of imports across every server process: the next free
-- slot of each metadata service (API.md "Import…": MusicBrainz allows one request a second).
CREATE TABLE IF NOT EXISTS lookup_slots (
  service text        PRIMARY KEY,
  next_at timestamptz NOT NULL
);

-- Listening sessions. listened_at is a calendar date; time_spent is kept in minutes.
CREATE TABLE IF NOT EXISTS spins (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  listened_at   date        NOT NULL,
  minutes_spent integer     NOT NULL CHECK (minutes_spent BETWEEN 0 AND 99 * 60 + 59),
  spin_details  text        NOT NULL CHECK (length(spin_details) BETWEEN 1 AND 5000),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS spins_user_listened_idx ON spins (user_id, listened_at DESC, id DESC);

-- The records of each spin. Deleting a record takes it out of its spins; the spins stay.
CREATE TABLE IF NOT EXISTS spin_records (
  spin_id   integer  NOT NULL REFERENCES spins (id) ON DELETE CASCADE,
  record_id integer  NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  position  smallint NOT NULL,
  PRIMARY KEY (spin_id, record_id)
);
CREATE INDEX IF NOT EXISTS spin_records_record_id_idx ON spin_records (record_id);

-- One-directional friendships: user_id added friend_id.
CREATE TABLE IF NOT EXISTS friendships (
  id         integer GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  friend_id  integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, friend_id),
  CHECK (user_id <> friend_id)
);
CREATE INDEX IF NOT EXISTS friendships_friend_id_idx ON friendships (friend_id);

-- Failed-login counters shared by every server process (API.md "Security").
CREATE TABLE IF NOT EXISTS login_failures (
  key      text        PRIMARY KEY,
  hits     integer     NOT NULL,
  reset_at timestamptz NOT NULL
);

-- Sessions, in the layout connect-pg-simple expects.
CREATE TABLE IF NOT EXISTS session (
  sid    varchar      NOT NULL PRIMARY KEY,
  sess   json         NOT NULL,
  expire timestamp(6) NOT NULL
);
CREATE INDEX IF NOT EXISTS session_expire_idx ON session (expire);

-- A version per user, bumped in the same transaction as every write that changes what the
-- user or their followers see (issue 10; API.md "Lists at scale": ETags). Versions come
-- from one sequence, so every bump gives a value larger than any before: the largest
-- version over a set of users changes whenever any of them writes.
CREATE SEQUENCE IF NOT EXISTS user_version_seq;
CREATE TABLE IF NOT EXISTS user_versions (
  user_id integer PRIMARY KEY,
  version bigint  NOT NULL
);

-- Statement-level triggers: one bump per user per statement, whatever the number of rows.
CREATE OR REPLACE FUNCTION bump_user_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO user_versions AS v (user_id, version)
    SELECT u, nextval('user_version_seq') FROM (SELECT DISTINCT user_id FROM old_rows ORDER BY 1) s (u)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  ELSE
    INSERT INTO user_versions AS v (user_id, version)
    SELECT u, nextval('user_version_seq') FROM (SELECT DISTINCT user_id FROM new_rows ORDER BY 1) s (u)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;

-- A friendship changes what both of its users see.
CREATE OR REPLACE FUNCTION bump_friendship_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO user_versions AS v (user_id, version)
    SELECT u, nextval('user_version_seq')
      FROM (SELECT user_id FROM old_rows UNION SELECT friend_id FROM old_rows ORDER BY 1) s (u)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  ELSE
    INSERT INTO user_versions AS v (user_id, version)
    SELECT u, nextval('user_version_seq')
      FROM (SELECT user_id FROM new_rows UNION SELECT friend_id FROM new_rows ORDER BY 1) s (u)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER records_bump_insert AFTER INSERT ON records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER records_bump_update AFTER UPDATE ON records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER records_bump_delete AFTER DELETE ON records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER spins_bump_insert AFTER INSERT ON spins
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER spins_bump_update AFTER UPDATE ON spins
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER spins_bump_delete AFTER DELETE ON spins
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER friendships_bump_insert AFTER INSERT ON friendships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_friendship_versions();
CREATE TRIGGER friendships_bump_delete AFTER DELETE ON friendships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_friendship_versions();

-- The wantlist (API.md "Wantlist", EXTENSIONS.md §6): records a user is hunting for.
-- Never part of the crate: no mood, no plays, not in any record list. `max_price` is whole
-- cents plus an ISO 4217 code (never a float), both set or both null. `client_id` makes a
-- repeated add safe (API.md "Offline copy and repeat-safe writes").
CREATE TABLE IF NOT EXISTS wants (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id             integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title               text        NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  artist              text        NOT NULL CHECK (length(artist) BETWEEN 1 AND 200),
  year                integer     CHECK (year BETWEEN 1900 AND 2100),
  barcode             text        CHECK (barcode ~ '^([0-9]{8}|[0-9]{12}|[0-9]{13})$'),
  mb_release_id       uuid,
  mb_release_group_id uuid,
  coverart            text,
  priority            smallint    NOT NULL DEFAULT 2 CHECK (priority BETWEEN 1 AND 3),
  max_price_cents     integer     CHECK (max_price_cents BETWEEN 0 AND 9999999),
  max_price_currency  text        CHECK (max_price_currency ~ '^[A-Z]{3}$'),
  notes               text        CHECK (length(notes) BETWEEN 1 AND 1000),
  client_id           uuid,
  date_added          timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wants_max_price_check CHECK ((max_price_cents IS NULL) = (max_price_currency IS NULL))
);
-- A repeated add with the same clientId finds the first one.
CREATE UNIQUE INDEX IF NOT EXISTS wants_user_id_client_id_key ON wants (user_id, client_id);
-- The wantlist newest first (and the other sorts of a small list from it).
CREATE INDEX IF NOT EXISTS wants_user_id_date_added_idx ON wants (user_id, date_added, id);

-- A want write changes the owner's wantlist and what their friends see of it (ETags).
CREATE TRIGGER wants_bump_insert AFTER INSERT ON wants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER wants_bump_update AFTER UPDATE ON wants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER wants_bump_delete AFTER DELETE ON wants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
-- Migration 0011: the offline copy's delta sync (API.md "Offline copy and repeat-safe writes",
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
-- highest revision pruned (the owner's row is locked by this transaction already). Read as
-- one range of record_tombstones_user_deleted_idx per owner, whatever the table's size when
-- the plan was cached (migration 0024).
CREATE FUNCTION prune_record_tombstones() RETURNS trigger LANGUAGE plpgsql
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
-- Share links (API.md "Share links"; migration 0010): only the SHA-256 of the link's token is
-- stored; a revoked link is deleted. At most 5 a user (checked by the route).
CREATE TABLE IF NOT EXISTS share_links (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scope        text        NOT NULL CONSTRAINT share_links_scope_check
                           CHECK (scope IN ('crate', 'crate+spins', 'crate+wants')),
  token_hash   bytea       NOT NULL CONSTRAINT share_links_token_hash_key UNIQUE
                           CONSTRAINT share_links_token_hash_check CHECK (octet_length(token_hash) = 32),
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX IF NOT EXISTS share_links_user_id_idx ON share_links (user_id, created_at DESC);

-- Migration 0014: the wantlist joins the offline copy's delta sync (API.md "Offline copy and
-- repeat-safe writes": "Wants come the same way from GET /api/sync/wants"; EXTENSIONS.md §9).
-- A want takes its owner's next sync revision on every insert and edit (`next_sync_rev()`,
-- migration 0011: one counter per user for records and wants, so both walks share its
-- ordering guarantee), and a deleted want leaves a tombstone kept 90 days.

ALTER TABLE wants ADD COLUMN rev bigint NOT NULL DEFAULT 0;

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
CREATE FUNCTION prune_want_tombstones() RETURNS trigger LANGUAGE plpgsql
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

CREATE TRIGGER wants_sync_rev BEFORE INSERT OR UPDATE ON wants
  FOR EACH ROW EXECUTE FUNCTION set_want_rev();
CREATE TRIGGER wants_sync_tombstone BEFORE DELETE ON wants
  FOR EACH ROW EXECUTE FUNCTION add_want_tombstone();
CREATE TRIGGER wants_sync_prune AFTER DELETE ON wants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION prune_want_tombstones();
-- 0013: covers served by Spincrate (API.md "Covers served by Spincrate", issue 27).
-- One row per cover source URL, keyed by the first 32 hex digits of the SHA-256 of the URL,
-- so one image is stored once for every user whose records point at it. The thumbnails
-- (WebP, 250 and 500 px wide) are bytea columns rather than large objects: simple (a plain
-- column, read and written by ordinary statements, dropped with its row, no lo_unlink or
-- orphan clean-up), transactional like every other row, and stored out of line without
-- TOAST compression (STORAGE EXTERNAL: WebP is already compressed, so pglz would only cost
-- CPU). Not measured yet (issue 27 asks to measure bytea against large objects).
CREATE TABLE covers (
  key text PRIMARY KEY CONSTRAINT covers_key_check CHECK (key ~ '^[0-9a-f]{32}$'),
  source_url text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CONSTRAINT covers_state_check CHECK (state IN ('pending', 'done', 'refused')),
  attempts integer NOT NULL DEFAULT 0,
  small bytea,
  large bytea,
  refused_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT covers_done_check CHECK (state <> 'done' OR (small IS NOT NULL AND large IS NOT NULL))
);
ALTER TABLE covers ALTER COLUMN small SET STORAGE EXTERNAL, ALTER COLUMN large SET STORAGE EXTERNAL;

-- The cover key of a record's `coverart`, set while the covers table holds its finished
-- thumbnails (else null): the record lists read it from the row, with no join.
ALTER TABLE records ADD COLUMN cover_key text;
-- The records of one source, found when its thumbnails are done (equality only, any URL length).
CREATE INDEX records_coverart_hash_idx ON records USING hash (coverart);

-- The key of a cover source URL: the first 32 hex digits of its SHA-256 (server/src/features/covers).
CREATE OR REPLACE FUNCTION cover_key(url text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT left(encode(sha256(convert_to(url, 'UTF8')), 'hex'), 32)
$$;

-- Every write of a record's coverart (add, import, edit, look-up) sets its cover_key from
-- the covers already done: a second user with the same source has the cover at once.
CREATE OR REPLACE FUNCTION records_set_cover_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.cover_key := (SELECT c.key FROM covers c WHERE c.key = cover_key(NEW.coverart) AND c.state = 'done');
  RETURN NEW;
END $$;
CREATE TRIGGER records_cover_key BEFORE INSERT OR UPDATE OF coverart ON records
  FOR EACH ROW EXECUTE FUNCTION records_set_cover_key();
-- 0012: ListenBrainz (API.md "ListenBrainz", EXTENSIONS.md §8, issue 23).

-- A user's link to ListenBrainz: the token encrypted with AES-256-GCM (iv ‖ tag ‖ ciphertext),
-- never stored in clear; paused_reason is ListenBrainz's message after a 401.
CREATE TABLE listenbrainz_accounts (
  user_id       integer     PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_sealed  bytea       NOT NULL,
  user_name     text        NOT NULL,
  auto_send     boolean     NOT NULL DEFAULT true,
  paused_reason text,
  -- When the next request for this user may start (X-RateLimit-*, 429), and until when a
  -- sender holds the user's one request in flight (a sender that died frees it then).
  next_send_at  timestamptz NOT NULL DEFAULT now(),
  busy_until    timestamptz,
  connected_at  timestamptz NOT NULL DEFAULT now()
);

-- A spin's start and the sides played; its delivery state (API.md Spin: started_at, scrobble).
ALTER TABLE spins
  ADD COLUMN started_at timestamptz,
  ADD COLUMN sides jsonb,
  ADD COLUMN scrobble_state text NOT NULL DEFAULT 'off'
    CONSTRAINT spins_scrobble_state_check CHECK (scrobble_state IN ('off', 'pending', 'sent', 'partial', 'failed')),
  ADD COLUMN scrobble_listens integer NOT NULL DEFAULT 0,
  ADD COLUMN scrobble_message text;

-- The cached tracklists of MusicBrainz releases: tracks is [{number, title, artist, length_ms, recording_mbid}].
CREATE TABLE mb_tracklists (
  release_id       uuid        PRIMARY KEY,
  release_group_id uuid,
  title            text        NOT NULL,
  artist           text        NOT NULL,
  tracks           jsonb       NOT NULL,
  fetched_at       timestamptz NOT NULL DEFAULT now()
);

-- The release found for a record (null: none found), so it is resolved once.
CREATE TABLE record_releases (
  record_id  integer     PRIMARY KEY REFERENCES records (id) ON DELETE CASCADE,
  release_id uuid,
  fetched_at timestamptz NOT NULL DEFAULT now()
);

-- The outbox: one row per (spin, record) to send; bodies are the submit-listens documents,
-- built once and sent as they are on every try.
CREATE TABLE listenbrainz_outbox (
  spin_id    integer     NOT NULL REFERENCES spins (id) ON DELETE CASCADE,
  record_id  integer     NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  position   smallint    NOT NULL,
  state      text        NOT NULL DEFAULT 'pending'
    CONSTRAINT listenbrainz_outbox_state_check CHECK (state IN ('pending', 'sent', 'skipped', 'failed')),
  bodies     text[],
  sent_parts integer     NOT NULL DEFAULT 0,
  listens    integer     NOT NULL DEFAULT 0,
  message    text,
  attempts   integer     NOT NULL DEFAULT 0,
  PRIMARY KEY (spin_id, record_id)
);
CREATE INDEX listenbrainz_outbox_user_idx ON listenbrainz_outbox (user_id) WHERE state = 'pending';
-- A record's deletion finds its outbox rows by this index, not by scanning the outbox (0024).
CREATE INDEX listenbrainz_outbox_record_idx ON listenbrainz_outbox (record_id);

-- 0029: a spin's delivery state from its outbox rows, one rule for the sender
-- (listenbrainz/outbox.queries.ts updateSpinScrobble) and the trigger below: `pending` while a
-- row is; then `failed` (the first failed row's message); `partial` (naming the first record
-- without tracklist); `sent` if rows are left; `off` when none is.
CREATE FUNCTION spin_scrobble_summary(spin_ids integer[])
RETURNS TABLE (spin_id integer, scrobble_state text, scrobble_listens integer, scrobble_message text)
LANGUAGE sql STABLE AS $$
  SELECT t.id,
         CASE WHEN bool_or(o.state = 'pending') THEN 'pending'
              WHEN bool_or(o.state = 'failed') THEN 'failed'
              WHEN bool_or(o.state = 'skipped') THEN 'partial'
              WHEN count(o.spin_id) > 0 THEN 'sent'
              ELSE 'off' END,
         COALESCE(sum(o.listens) FILTER (WHERE o.state = 'sent'), 0)::int,
         CASE WHEN bool_or(o.state = 'pending') THEN NULL
              WHEN bool_or(o.state = 'failed')
                THEN (array_agg(o.message ORDER BY o.position) FILTER (WHERE o.state = 'failed'))[1]
              WHEN bool_or(o.state = 'skipped')
                THEN 'no tracklist for '
                     || (array_agg(r.title ORDER BY o.position) FILTER (WHERE o.state = 'skipped'))[1]
         END
    FROM unnest(spin_ids) AS t(id)
    LEFT JOIN listenbrainz_outbox o ON o.spin_id = t.id
    LEFT JOIN records r ON r.id = o.record_id
   GROUP BY t.id
$$;

-- 0028: a spin still `pending` whose waiting rows left the outbox unsent (a record deleted: the
-- cascade) takes the state of what remains, as the sender's update gives it, or `off` when no
-- row is left.
CREATE FUNCTION listenbrainz_outbox_rows_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE spins s
     SET scrobble_state = o.scrobble_state,
         scrobble_listens = o.scrobble_listens,
         scrobble_message = o.scrobble_message
    FROM spin_scrobble_summary(ARRAY(SELECT DISTINCT g.spin_id FROM gone g)) o
   WHERE s.id = o.spin_id AND s.scrobble_state = 'pending' AND o.scrobble_state <> 'pending';
  RETURN NULL;
END $$;

CREATE TRIGGER listenbrainz_outbox_rows_gone AFTER DELETE ON listenbrainz_outbox
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION listenbrainz_outbox_rows_gone();

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
-- 0016: every Want carries `cover` too (API.md "Covers served by Spincrate", issue 27):
-- its cover key is kept like the records' (migration 0013), by the same trigger function.
ALTER TABLE wants ADD COLUMN cover_key text;
CREATE INDEX wants_coverart_hash_idx ON wants USING hash (coverart);
CREATE TRIGGER wants_cover_key BEFORE INSERT OR UPDATE OF coverart ON wants
  FOR EACH ROW EXECUTE FUNCTION records_set_cover_key();
-- 0018: the year in review's `spend` (API.md "Year in review", issue 25): the priced records
-- bought in one year, found through an index instead of by reading every record of the crate.
CREATE INDEX records_user_purchased_idx ON records (user_id, purchased_on)
  WHERE purchased_on IS NOT NULL AND price_cents IS NOT NULL;

-- 0019: a spin never rewrites `records` (issue 21: "Plays in a narrow table of their own").
--
-- A record's plays (API.md "Entities as returned": Record's `play_count`, `last_played`) move
-- from the wide `records` row, where every play made a new row version that updated each of
-- its indexes (the trigram GIN of `search_text`, about twenty sort indexes), to a narrow
-- table with one row per record and only the indexes that read plays: the Most Played and
-- Least Recently Played list sorts (keyset pages, as migration 0003's indexes did), the
-- blindbag's `unplayedDays` (the latter index) and the sync walk.
--
-- Every record has its row (made by the statement that stores the record, below), so the
-- sorts read one index in their own order with an inner join, and a spin updates a row
-- that is always there. A row starts with no plays and revision 0; a play-count change takes
-- its owner's next sync revision (`next_sync_rev()`, migration 0011) in `record_plays.rev`:
-- a record's revision for the sync is the greater of `records.rev` and `record_plays.rev`.
--
-- The writers of plays (spin add and delete, the ListenBrainz import) lock the records
-- first, by id ascending, as before: then `record_plays`, then `user_versions`, the order a
-- record's deletion takes them in (the record, its owner's counter, its plays row by cascade).

CREATE TABLE record_plays (
  record_id   integer REFERENCES records (id) ON DELETE CASCADE,
  -- The record's owner (records never change owner), for the indexes below.
  user_id     integer NOT NULL,
  play_count  integer NOT NULL DEFAULT 0 CONSTRAINT record_plays_play_count_check CHECK (play_count >= 0),
  last_played date,
  rev         bigint  NOT NULL DEFAULT 0,
  -- 0027: the key carries what a sync page reads of each of its records' plays, so that the
  -- look-up is an index-only scan (issue 24: a first sync's server CPU).
  CONSTRAINT record_plays_pkey PRIMARY KEY (record_id) INCLUDE (rev, play_count, last_played)
);

-- The plays of every record as they are (their revision is the record's own).
INSERT INTO record_plays (record_id, user_id, play_count, last_played)
SELECT id, user_id, play_count, last_played FROM records;

-- most_played, read backwards: play_count desc, last_played desc (never spun last), id desc.
CREATE INDEX record_plays_most_played_idx
  ON record_plays (user_id, play_count, (COALESCE(last_played, '-infinity'::date)), record_id);
-- least_recently_played: never spun first, then last_played asc, then id asc; and the
-- blindbag's "not spun since".
CREATE INDEX record_plays_least_played_idx
  ON record_plays (user_id, (COALESCE(last_played, '-infinity'::date)), record_id);
-- The sync walk: one user's play-count changes by revision.
CREATE INDEX record_plays_user_rev_idx ON record_plays (user_id, rev);

DROP INDEX records_user_last_played_idx;
DROP INDEX records_user_play_count_idx;
DROP INDEX records_user_most_played_idx;
DROP INDEX records_user_least_played_idx;
ALTER TABLE records DROP COLUMN play_count, DROP COLUMN last_played;

-- A record stored gets its plays row in the same statement (every way a record is added:
-- add, barcode, import, look-up; one INSERT for the whole statement).
CREATE FUNCTION add_record_plays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_plays (record_id, user_id) SELECT id, user_id FROM new_rows;
  RETURN NULL;
END $$;
CREATE TRIGGER records_plays_insert AFTER INSERT ON records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_record_plays();

-- A play-count change takes the owner's next sync revision (the function of the records').
CREATE TRIGGER record_plays_sync_rev BEFORE UPDATE ON record_plays
  FOR EACH ROW EXECUTE FUNCTION set_record_rev();
-- A play-count change changes the owner's lists (Most Played …) and their friends' (ETags).
CREATE TRIGGER record_plays_bump_update AFTER UPDATE ON record_plays
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();

-- One version bump per user per transaction while nothing new is to be stored: a spin
-- writes `spins` and `record_plays` in one statement, and both tables' triggers call this;
-- the second finds the user bumped by this transaction with the same pending sync revision
-- and writes nothing. (Nobody sees a transaction's version before it commits, so a second
-- bump in it tells no reader anything the first did not.) The users bumped and the sync
-- revision stored for each are kept in the transaction-local setting `spincrate.bumped`
-- ({user id: revision}); a rolled-back savepoint rolls the setting back with the write.
CREATE OR REPLACE FUNCTION bump_user_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped jsonb := COALESCE(NULLIF(current_setting('spincrate.bumped', true), ''), '{}')::jsonb;
  users integer[];
  u integer;
  r bigint;
  changed boolean := false;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id ORDER BY user_id) INTO users FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT user_id ORDER BY user_id) INTO users FROM new_rows;
  END IF;
  IF users IS NULL THEN
    RETURN NULL;
  END IF;
  FOREACH u IN ARRAY users LOOP
    r := pending_sync_rev(u);
    IF (bumped ->> u::text) IS DISTINCT FROM r::text THEN
      INSERT INTO user_versions AS v (user_id, version, sync_rev)
      VALUES (u, nextval('user_version_seq'), r)
      ON CONFLICT (user_id) DO UPDATE SET version = excluded.version,
                                          sync_rev = GREATEST(v.sync_rev, excluded.sync_rev);
      bumped := jsonb_set(bumped, ARRAY[u::text], to_jsonb(r::text));
      changed := true;
    END IF;
  END LOOP;
  IF changed THEN
    PERFORM set_config('spincrate.bumped', bumped::text, true);
  END IF;
  RETURN NULL;
END $$;

-- A fair turn per user in the shared MusicBrainz pace (migration 0021): when each user's
-- latest turn at a metadata service starts.
CREATE TABLE lookup_user_turns (
  user_id   integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  service   text        NOT NULL,
  starts_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, service)
);
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

-- 0025: a record's JSON, made when the record is written, for the offline copy's sync (issue 24
-- item 2: a first sync of 20,000 records costs the server ≤ 150 ms of CPU in total).
--
-- The sync built each Record's JSON on every page it sent (row_to_json of 28 columns, the
-- date formatted, the price and cover objects): about 20 µs a record in PostgreSQL, 400 ms of
-- a 20,000-record first sync. Now each record keeps `sync_body`, the JSON text of its fields
-- that only a write of the record itself changes, without its closing brace; the sync adds
-- what changes elsewhere or depends on the configuration (`server/src/features/sync/`): the
-- fallback cover when `coverart` is empty, `play_count` and `last_played` (kept in
-- `record_plays`: a spin does not rewrite the record, migration 0019). A record's write pays
-- for its body once (a few µs, in the same row: no other table, no other index).
--
-- The keys and their JSON are those of a Record (API.md "Entities as returned") as the
-- records' lists send it (server/src/features/records/records.entity.ts: recordColumns); the
-- sync's tests compare the two, record by record.

ALTER TABLE records ADD COLUMN sync_body text NOT NULL;

-- 0026: a body is ASCII. The server reads a sync page from PostgreSQL as text and writes it
-- out as UTF-8 bytes; one "Björk" on a page made node decode the whole 1.3 MB page into a
-- two-byte string and encode it back (2.7 ms a page against 1.1 for an ASCII page). So every
-- character above U+007F is kept as its JSON escape: the same JSON to any reader (RFC 8259 §7).
-- JSON text `body` with every character above U+007F written as its `\uXXXX` escape (such a
-- character can only be inside a JSON string, where the escape means the same character).
CREATE FUNCTION json_ascii(body text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  c text;
  code integer;
BEGIN
  IF body !~ '[^\x01-\x7f]' THEN
    RETURN body;
  END IF;
  FOR c IN SELECT DISTINCT m[1] FROM regexp_matches(body, '([^\x01-\x7f])', 'g') AS m LOOP
    code := ascii(c);
    body := replace(body, c, CASE
      WHEN code < 65536 THEN '\u' || lpad(to_hex(code), 4, '0')
      ELSE '\u' || to_hex(55296 + ((code - 65536) >> 10)) || '\u' || to_hex(56320 + ((code - 65536) & 1023))
    END);
  END LOOP;
  RETURN body;
END $$;

-- The body of record `r` (its mood's name looked up): `{"id":…,…,"cover":…` and, when the
-- record has its own cover URL, `,"coverart":"…"`; no closing brace; ASCII (0026).
CREATE FUNCTION record_sync_body(r records) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT json_ascii(left(row_to_json(j)::text, -1)
         || CASE WHEN r.coverart IS NULL OR r.coverart = '' THEN '' ELSE ',"coverart":' || to_json(r.coverart)::text END)
    FROM (SELECT r.id, r.user_id, r.title, r.artist,
                 to_char(r.date_added AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date_added,
                 (SELECT m.mood FROM moods m WHERE m.id = r.mood_id) AS mood, r.mood_id, r.details,
                 to_json(r.tags)::text AS tags, r.year, r.barcode, r.mb_release_group_id,
                 r.rating, r.folder, r.location, r.media_condition, r.sleeve_condition,
                 CASE WHEN r.price_cents IS NULL THEN NULL ELSE json_build_object(
                   'amount', (r.price_cents / 100)::text || '.' || lpad((r.price_cents % 100)::text, 2, '0'),
                   'currency', r.price_currency) END AS price,
                 r.purchased_on, r.purchased_from, r.label, r.catalog_number, r.format,
                 r.discogs_release_id,
                 CASE WHEN r.cover_key IS NULL THEN NULL ELSE json_build_object(
                   'small', '/covers/' || r.cover_key || '-250.webp',
                   'large', '/covers/' || r.cover_key || '-500.webp') END AS cover) j
$$;

-- Every write of a record (add, barcode, import, edit, look-up, covers) makes its body. Named
-- to run after `records_cover_key` (BEFORE triggers run in name order), whose `cover_key` it reads.
CREATE FUNCTION set_record_sync_body() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sync_body := record_sync_body(NEW);
  RETURN NEW;
END $$;
CREATE TRIGGER records_sync_body BEFORE INSERT OR UPDATE ON records
  FOR EACH ROW EXECUTE FUNCTION set_record_sync_body();
