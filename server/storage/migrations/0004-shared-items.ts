// Saved items of the tools and who they are shared with (ShareSvr, server/services/share).
// Ids and link tokens are 128 random bits (base64url), never sequential: holding one is the
// only way to name an item. name_key is lower(name) for tools whose names are unique per
// owner (NULL otherwise, and NULLs never collide in a unique index).
export const sharedItemsSchema = `
CREATE TABLE shared_items (
  id          TEXT PRIMARY KEY,
  owner_id    BIGINT NOT NULL REFERENCES users(id),
  tool        TEXT NOT NULL,
  name        TEXT NOT NULL,
  name_key    TEXT,
  payload     TEXT NOT NULL,
  version     INTEGER NOT NULL,
  link_token  TEXT,
  created_at  BIGINT NOT NULL,
  updated_at  BIGINT NOT NULL
);
CREATE INDEX shared_items_owner ON shared_items (owner_id, tool, updated_at);
CREATE UNIQUE INDEX shared_items_name ON shared_items (owner_id, tool, name_key);
CREATE UNIQUE INDEX shared_items_link ON shared_items (link_token);

CREATE TABLE share_grants (
  item_id     TEXT NOT NULL REFERENCES shared_items(id) ON DELETE CASCADE,
  grantee_id  BIGINT NOT NULL REFERENCES users(id),
  shown_as    TEXT NOT NULL,
  created_at  BIGINT NOT NULL,
  PRIMARY KEY (item_id, grantee_id)
);
CREATE INDEX share_grants_grantee ON share_grants (grantee_id, created_at);
`;
