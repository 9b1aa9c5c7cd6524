// News (NewsSvr, server/services/news): articles imported from RSS/Atom files with their
// sanitised HTML and plain text, their tags, and each user's collection (bookmarks).
// An article is recognised on re-import by (source_key, dedupe_key): the item's guid / Atom id,
// else its link, within its source. Ids are sequential: every signed-in user may read every
// article, so an id reveals nothing; collections are keyed by the session's user.
export const newsSchema = `
CREATE TABLE news_articles (
  id            BIGSERIAL PRIMARY KEY,
  source        TEXT NOT NULL,
  source_key    TEXT NOT NULL,
  source_url    TEXT,
  dedupe_key    TEXT NOT NULL,
  guid          TEXT,
  link          TEXT,
  title         TEXT NOT NULL,
  summary       TEXT NOT NULL,
  body_html     TEXT NOT NULL,
  body_text     TEXT NOT NULL,
  author        TEXT,
  lang          TEXT NOT NULL,
  published_at  BIGINT NOT NULL,
  updated_at    BIGINT,
  imported_at   BIGINT NOT NULL,
  content_hash  TEXT NOT NULL,
  sample        BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE UNIQUE INDEX news_articles_dedupe ON news_articles (source_key, dedupe_key);
CREATE INDEX news_articles_newest ON news_articles (published_at DESC, id DESC);
CREATE INDEX news_articles_source ON news_articles (source_key, published_at DESC, id DESC);
CREATE INDEX news_articles_lang ON news_articles (lang, published_at DESC, id DESC);

CREATE TABLE news_tags (
  article_id  BIGINT NOT NULL REFERENCES news_articles(id) ON DELETE CASCADE,
  tag         TEXT NOT NULL,
  tag_key     TEXT NOT NULL,
  PRIMARY KEY (article_id, tag_key)
);
CREATE INDEX news_tags_key ON news_tags (tag_key, article_id);

CREATE TABLE news_collections (
  user_id       BIGINT NOT NULL REFERENCES users(id),
  article_id    BIGINT NOT NULL REFERENCES news_articles(id) ON DELETE CASCADE,
  collected_at  BIGINT NOT NULL,
  PRIMARY KEY (user_id, article_id)
);
CREATE INDEX news_collections_user ON news_collections (user_id, collected_at DESC, article_id DESC);
`;
