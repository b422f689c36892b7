-- Up Migration
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
