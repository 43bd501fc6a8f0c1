-- A prefix index for search (docs/decisions/074-search-flat-at-scale.md): posts_fts is rebuilt with FTS5's
-- `prefix='4 5 6'`, so a word being typed (`wate`, the last word tried as a prefix when the whole words
-- find nothing: queries/search.ts) reads one prepared doclist, lazily and newest first, like a whole
-- word. Without it FTS5 merges the doclists of every word with that prefix in memory before it can
-- skip anything: `"wate"*` cost 12–40 ms in SQLite alone at 100,000 posts, 0.1 ms with the index.
-- Prefixes of other lengths still work as before, unindexed. The columns, tokenizer and external
-- content (`posts`) are those of 0001, so every search finds what it found before. 0001's triggers
-- stay as they are: they name posts_fts, which exists again before this migration ends.
DROP TABLE `posts_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(
	title, excerpt, body,
	content='posts', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2',
	prefix='4 5 6'
);
--> statement-breakpoint
-- Index the posts that already exist.
INSERT INTO posts_fts(posts_fts) VALUES ('rebuild');
