// Market data (MarketDataSvr, server/services/market-data). Bitemporal: every observation
// keeps the date it is for (obs_date) and when we learned it (known_at); a correction is a
// new row, and the row it replaces gets superseded_at = the correction's known_at, so
// "as known at K" is `known_at <= K AND (superseded_at IS NULL OR superseded_at > K)` and
// the current view is `superseded_at IS NULL`. Nothing is ever updated except that marker.
//
// md_chunk is a derived, columnar copy of the current view (one row per series and year,
// base64 of little-endian Int32 dates and Float64 values, batch ids run-length encoded as
// "index:batch,..."), rebuilt in the
// same transaction as every write: a 10-year history of 50 series is 500 short rows instead
// of 180,000 (see server/services/market-data/README.md for the measurements).
// No foreign keys on md_obs/md_chunk: PostgreSQL checks them row by row with triggers, which
// made loading the 400k-row sample 4x slower; only store.ts writes these tables.
// STORAGE EXTERNAL: base64 of doubles does not compress, so skip pglz on write and read.
export const marketDataSchema = `
CREATE TABLE md_series (
  series_no   SERIAL PRIMARY KEY,
  id          TEXT NOT NULL UNIQUE,
  grp         TEXT,
  is_public   BOOLEAN NOT NULL,
  info        TEXT NOT NULL,
  updated_at  BIGINT NOT NULL
);
CREATE INDEX md_series_grp ON md_series (grp);
CREATE TABLE md_batch (
  batch_id    BIGSERIAL PRIMARY KEY,
  kind        TEXT NOT NULL,
  source      TEXT NOT NULL,
  source_kind TEXT NOT NULL,
  file_name   TEXT,
  user_name   TEXT,
  row_count   INTEGER NOT NULL,
  created_at  BIGINT NOT NULL
);
CREATE TABLE md_obs (
  series_no     INTEGER NOT NULL,
  obs_date      INTEGER NOT NULL,
  known_at      BIGINT NOT NULL,
  value         DOUBLE PRECISION NOT NULL,
  batch_id      BIGINT NOT NULL,
  superseded_at BIGINT,
  PRIMARY KEY (series_no, obs_date, known_at)
);
CREATE TABLE md_chunk (
  series_no   INTEGER NOT NULL,
  year        INTEGER NOT NULL,
  n           INTEGER NOT NULL,
  dates       TEXT NOT NULL,
  vals        TEXT NOT NULL,
  runs        TEXT NOT NULL,
  PRIMARY KEY (series_no, year)
);
ALTER TABLE md_chunk ALTER COLUMN dates SET STORAGE EXTERNAL;
ALTER TABLE md_chunk ALTER COLUMN vals SET STORAGE EXTERNAL;
CREATE TABLE md_meta (
  key         TEXT PRIMARY KEY,
  value       TEXT NOT NULL
);
`;
