-- Counts of published posts kept up to date by triggers, so no list total or category count scans posts
-- (docs/decisions/010-cheap-misses.md). A row per scope: ('all', 0), ('category', id), ('author', id).
-- `published` counts rows with status 'published' and a publish time, scheduled ones included: a
-- scheduled post becomes visible at its time with no write, so readers' counts subtract the few still in
-- the future (an indexed range). Adds objects only: `posts` is not rebuilt.
CREATE TABLE `post_counts` (
	`scope` text NOT NULL,
	`ref_id` integer NOT NULL,
	`published` integer NOT NULL,
	PRIMARY KEY (`scope`, `ref_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO post_counts (scope, ref_id, published)
SELECT 'all', 0, count(*) FROM posts WHERE status = 'published' AND published_at IS NOT NULL;
--> statement-breakpoint
INSERT INTO post_counts (scope, ref_id, published)
SELECT 'category', category_id, count(*) FROM posts WHERE status = 'published' AND published_at IS NOT NULL GROUP BY category_id;
--> statement-breakpoint
INSERT INTO post_counts (scope, ref_id, published)
SELECT 'author', author_id, count(*) FROM posts WHERE status = 'published' AND published_at IS NOT NULL GROUP BY author_id;
--> statement-breakpoint
CREATE TRIGGER `post_counts_after_insert` AFTER INSERT ON `posts`
WHEN new.status = 'published' AND new.published_at IS NOT NULL BEGIN
	INSERT INTO post_counts (scope, ref_id, published) VALUES ('all', 0, 1), ('category', new.category_id, 1), ('author', new.author_id, 1)
		ON CONFLICT (scope, ref_id) DO UPDATE SET published = published + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `post_counts_after_delete` AFTER DELETE ON `posts`
WHEN old.status = 'published' AND old.published_at IS NOT NULL BEGIN
	UPDATE post_counts SET published = published - 1
		WHERE (scope = 'all' AND ref_id = 0) OR (scope = 'category' AND ref_id = old.category_id) OR (scope = 'author' AND ref_id = old.author_id);
END;
--> statement-breakpoint
-- An update leaves the old row's scopes (if it was counted) and joins the new row's (if it is counted):
-- publish, unpublish, a new publish time, a category or author change are all this one pair.
CREATE TRIGGER `post_counts_after_update_old` AFTER UPDATE OF status, published_at, category_id, author_id ON `posts`
WHEN old.status = 'published' AND old.published_at IS NOT NULL BEGIN
	UPDATE post_counts SET published = published - 1
		WHERE (scope = 'all' AND ref_id = 0) OR (scope = 'category' AND ref_id = old.category_id) OR (scope = 'author' AND ref_id = old.author_id);
END;
--> statement-breakpoint
CREATE TRIGGER `post_counts_after_update_new` AFTER UPDATE OF status, published_at, category_id, author_id ON `posts`
WHEN new.status = 'published' AND new.published_at IS NOT NULL BEGIN
	INSERT INTO post_counts (scope, ref_id, published) VALUES ('all', 0, 1), ('category', new.category_id, 1), ('author', new.author_id, 1)
		ON CONFLICT (scope, ref_id) DO UPDATE SET published = published + 1;
END;
--> statement-breakpoint
-- A category is deleted only when no post refers to it; its (zero) count goes with it.
CREATE TRIGGER `post_counts_after_category_delete` AFTER DELETE ON `categories` BEGIN
	DELETE FROM post_counts WHERE scope = 'category' AND ref_id = old.id;
END;
