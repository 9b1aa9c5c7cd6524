// Request keys (PROTOCOL.md section 3; server/request-keys): one row per (user, requestId) of a
// request that changes stored data, claimed before the work runs and holding its first reply
// once done, so a re-send on any instance, before or after a restart, is answered without
// doing the work again. `lease_until` lets another instance take over a claim whose owner
// died; rows older than 24 hours are swept.
export const requestKeysSchema = `
CREATE TABLE request_keys (
  user_key     TEXT NOT NULL,
  request_id   TEXT NOT NULL,
  fingerprint  TEXT NOT NULL,
  state        TEXT NOT NULL,
  reply        TEXT,
  owner        TEXT NOT NULL,
  lease_until  BIGINT NOT NULL,
  created_at   BIGINT NOT NULL,
  PRIMARY KEY (user_key, request_id)
);
CREATE INDEX request_keys_created ON request_keys (created_at);
`;
