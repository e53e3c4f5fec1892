-- The offline brand catalogue (issue 9): a full-text index and the flattened attributes that facets,
-- filters and sorts read, both derived from brands.data. They are brought up to date lazily
-- (repositories/catalogue-index.ts): the brand sync only records, in its own transaction, which
-- brands it wrote (catalogue_pending); the first catalogue search that finds pending brands indexes
-- them all in one transaction before it answers. So a sync pays almost nothing for the index, a
-- search never answers from a stale index, and a crash between the two leaves the durable marks
-- for the next search. This step only marks the brands already stored.

-- Contentless (the text stays in brands.data) with deletes, so a changed brand's row is replaced.
-- rowid = brands.id. detail=column: which columns hold a token, no positions (search never asks
-- for phrases or NEAR, but does filter one-letter words to the name, slug and categories columns
-- and weights columns in bm25, so not detail=none), which makes indexing about a third cheaper.
-- Prefix indexes of 1 and 2 characters keep the shortest prefixes typed as you go fast (measured:
-- '1 2' answers as fast as '1 2 3' and indexes faster). unicode61 folds case and diacritics.
CREATE VIRTUAL TABLE brand_fts USING fts5 (
  name, slug, description, categories, terms,
  content = '',
  contentless_delete = 1,
  detail = column,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2'
);
-- Ranking: bm25 with column weights; a hit in the name counts most, then slug, categories,
-- description, terms.
INSERT INTO brand_fts (brand_fts, rank) VALUES ('rank', 'bm25(10.0, 6.0, 2.0, 3.0, 1.0)');

-- One row per brand. Enumerations are kept as sent (unknown values too); lists are JSON arrays of
-- the strings sent; discount is the exact decimal text sent. No json_valid CHECK: the index writes
-- json_group_array output, and checking would re-parse on every write.
CREATE TABLE brand_catalogue (
  brand_id            INTEGER PRIMARY KEY REFERENCES brands (id),
  type                TEXT NOT NULL,
  status              TEXT NOT NULL,
  currency            TEXT NOT NULL,
  gc_pool             INTEGER CHECK (gc_pool IN (0, 1)),
  async_only          INTEGER CHECK (async_only IN (0, 1)),
  discount            TEXT,
  last_updated        TEXT,
  categories          TEXT NOT NULL,
  countries           TEXT NOT NULL,
  delivery_methods    TEXT NOT NULL,
  transaction_types   TEXT NOT NULL,
  redemption_methods  TEXT NOT NULL
) STRICT;

-- The brands written since the index was last brought up to date (new or changed data). A brand is
-- never deleted, so the reference holds.
CREATE TABLE catalogue_pending (
  brand_id INTEGER PRIMARY KEY REFERENCES brands (id)
) STRICT;

INSERT INTO catalogue_pending (brand_id) SELECT id FROM brands;
