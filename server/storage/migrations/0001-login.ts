// Tables of the login service. Times are epoch milliseconds (BIGINT) so both backends
// return the same JavaScript values; dates shown to users are derived in code.
export const loginSchema = `
CREATE TABLE users (
  id              BIGSERIAL PRIMARY KEY,
  user_name       TEXT NOT NULL,
  password_hash   TEXT NOT NULL,
  phone           TEXT,
  role            TEXT NOT NULL DEFAULT 'client' CHECK (role IN ('bank', 'client')),
  unit_name       TEXT NOT NULL DEFAULT '',
  institution     TEXT NOT NULL DEFAULT '',
  department      TEXT NOT NULL DEFAULT '',
  email           TEXT NOT NULL DEFAULT '',
  card_file_id    BIGINT,
  review_status   TEXT NOT NULL DEFAULT 'none' CHECK (review_status IN ('none', 'pending', 'approved', 'rejected')),
  remark          TEXT NOT NULL DEFAULT '',
  forbidden       BOOLEAN NOT NULL DEFAULT FALSE,
  edition         TEXT NOT NULL DEFAULT 'free' CHECK (edition IN ('free', 'trial', 'licensed')),
  license_end     TEXT,
  trial_used_at   BIGINT,
  invite_code     TEXT NOT NULL,
  invited_by      BIGINT REFERENCES users(id),
  last_gift_at    BIGINT,
  created_at      BIGINT NOT NULL
);
CREATE UNIQUE INDEX users_name_ci ON users (lower(user_name));
CREATE UNIQUE INDEX users_phone ON users (phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX users_invite_code ON users (invite_code);
CREATE INDEX users_invited_by ON users (invited_by);

CREATE TABLE sessions (
  sid         TEXT PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  created_at  BIGINT NOT NULL,
  expires_at  BIGINT NOT NULL,
  revoked     BOOLEAN NOT NULL DEFAULT FALSE,
  remote_addr TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE user_files (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  kind        TEXT NOT NULL,
  file_name   TEXT NOT NULL,
  mime        TEXT NOT NULL,
  bytes       BYTEA NOT NULL,
  created_at  BIGINT NOT NULL
);
CREATE INDEX user_files_user ON user_files (user_id);

CREATE TABLE sms_codes (
  id          BIGSERIAL PRIMARY KEY,
  phone       TEXT NOT NULL,
  purpose     TEXT NOT NULL,
  code_hash   TEXT NOT NULL,
  created_at  BIGINT NOT NULL,
  expires_at  BIGINT NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0,
  used        BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX sms_codes_phone ON sms_codes (phone, purpose, id);

CREATE TABLE sms_outbox (
  id          BIGSERIAL PRIMARY KEY,
  phone       TEXT NOT NULL,
  message     TEXT NOT NULL,
  created_at  BIGINT NOT NULL
);

CREATE TABLE rate_events (
  bucket      TEXT NOT NULL,
  at          BIGINT NOT NULL
);
CREATE INDEX rate_events_bucket ON rate_events (bucket, at);

CREATE TABLE usage_days (
  user_id     BIGINT NOT NULL REFERENCES users(id),
  day         TEXT NOT NULL,
  PRIMARY KEY (user_id, day)
);

CREATE TABLE gift_redemptions (
  user_id     BIGINT NOT NULL REFERENCES users(id),
  tier        TEXT NOT NULL,
  redeemed_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, tier)
);
`;
