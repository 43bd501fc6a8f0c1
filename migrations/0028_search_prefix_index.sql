-- A prefix index for search (docs/decisions/074-search-flat-at-scale.md): posts_fts is rebuilt with FTS5's
-- `prefix='4 5 6'`, so a word being typed (`wate`, the last word tried as a prefix when the whole words
-- find nothing: queries/search.ts) reads one prepared doclist, lazily and newest first, like a whole
-- word. Without it FTS5 merges the doclists of every word with that prefix into memory before it can
-- skip anything: `"wate"*` cost 12–40 ms in SQLite alone at 100,000 posts, 0.1 ms with the index.
-- Prefixes of other lengths still work as before, unindexed. The table's columns, tokenizer and
-- external content (`posts`) are those of 0001, so every search finds what it found before; the
-- triggers of 0001 are dropped and created again unchanged so they never point at a missing table.
DROP TRIGGER IF EXISTS `posts_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `posts_fts_after_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `posts_fts_after_update`;
--> statement-breakpoint
DROP TABLE `posts_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(
	title, excerpt, body,
	content='posts', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2',
	prefix='4 5 6'
);
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_insert` AFTER INSERT ON `posts` BEGIN
	INSERT INTO posts_fts(rowid, title, excerpt, body) VALUES (new.id, new.title, new.excerpt, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_delete` AFTER DELETE ON `posts` BEGIN
	INSERT INTO posts_fts(posts_fts, rowid, title, excerpt, body) VALUES ('delete', old.id, old.title, old.excerpt, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_update` AFTER UPDATE OF title, excerpt, body ON `posts` BEGIN
	INSERT INTO posts_fts(posts_fts, rowid, title, excerpt, body) VALUES ('delete', old.id, old.title, old.excerpt, old.body);
	INSERT INTO posts_fts(rowid, title, excerpt, body) VALUES (new.id, new.title, new.excerpt, new.body);
END;
--> statement-breakpoint
-- Index the posts that already exist.
INSERT INTO posts_fts(posts_fts) VALUES ('rebuild');
