// Bond reference data (BondSvr, server/services/bonds). owner_id NULL: the shared reference set
// (shipped sample, imported by an operator); otherwise a user's own bonds, visible to that user
// only. Dates are ISO text (calendar dates, no time zone); options a JSON array.
export const bondsSchema = `
CREATE TABLE bonds (
  id            BIGSERIAL PRIMARY KEY,
  owner_id      BIGINT REFERENCES users(id) ON DELETE CASCADE,
  code          TEXT NOT NULL,
  name          TEXT NOT NULL,
  name_en       TEXT,
  issuer        TEXT,
  issuer_type   TEXT NOT NULL,
  kind          TEXT NOT NULL,
  coupon        DOUBLE PRECISION NOT NULL,
  frequency     INTEGER NOT NULL,
  day_count     TEXT NOT NULL,
  issue_date    TEXT NOT NULL,
  first_coupon  TEXT,
  maturity_date TEXT NOT NULL,
  issue_price   DOUBLE PRECISION,
  face          DOUBLE PRECISION NOT NULL,
  options       TEXT NOT NULL,
  rating        TEXT,
  sector        TEXT,
  sse_code      TEXT,
  szse_code     TEXT,
  sample        BOOLEAN NOT NULL,
  source        TEXT NOT NULL,
  source_url    TEXT,
  notes         TEXT,
  updated_at    BIGINT NOT NULL
);
CREATE UNIQUE INDEX bonds_owner_code ON bonds (COALESCE(owner_id, 0), code);
CREATE INDEX bonds_type_maturity ON bonds (issuer_type, maturity_date);
CREATE INDEX bonds_name ON bonds (lower(name));
`;
