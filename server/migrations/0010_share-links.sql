-- Up Migration
-- 0010: share links (API.md "Share links", EXTENSIONS.md §7): a user lets anyone with a link
-- see their crate read-only. Only the SHA-256 of the link's 128-bit token is stored; a revoked
-- link is deleted, so it stops working at once. At most 5 links a user (checked by the route).
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
