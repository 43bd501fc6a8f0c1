-- Full-text search over posts (title, excerpt, body) with SQLite FTS5.
-- An external-content index: posts_fts stores only the index and reads the text from `posts` by rowid,
-- so nothing is duplicated. Triggers keep it in step with every insert, update and delete of `posts`,
-- whoever writes them (API, admin, seed). This migration only adds objects: `posts` is never rebuilt.
-- Visibility (published, not scheduled) is decided by the query, which joins `posts`.
CREATE VIRTUAL TABLE `posts_fts` USING fts5(
	title, excerpt, body,
	content='posts', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
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
