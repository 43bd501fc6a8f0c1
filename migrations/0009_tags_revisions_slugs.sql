-- Tags, revisions and old-slug redirects (writing, issue 11). Table and column names here are the
-- interface other parts build on (import/export writes these tables); counts and triggers may grow.

-- Tags: created on first use; slug made like a category's; names unique case-insensitively.
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_slug_unique` ON `tags` (`slug`);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_name_unique` ON `tags` (lower(`name`));
--> statement-breakpoint
-- A post's tags in the author's order. `published_at` copies the post's publish time while the post is
-- published (else null), kept by the triggers below, so a tag's page is read from
-- (tag_id, published_at) alone, newest first, at any size.
CREATE TABLE `post_tags` (
	`post_id` integer NOT NULL REFERENCES `posts`(`id`) ON DELETE cascade,
	`tag_id` integer NOT NULL REFERENCES `tags`(`id`) ON DELETE cascade,
	`position` integer NOT NULL,
	`published_at` integer,
	PRIMARY KEY (`post_id`, `tag_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `post_tags_tag_published_idx` ON `post_tags` (`tag_id`, `published_at`);
--> statement-breakpoint
CREATE TRIGGER `post_tags_published_after_insert` AFTER INSERT ON `post_tags` BEGIN
	UPDATE post_tags SET published_at = (SELECT CASE WHEN p.status = 'published' THEN p.published_at END FROM posts p WHERE p.id = new.post_id)
		WHERE post_id = new.post_id AND tag_id = new.tag_id;
END;
--> statement-breakpoint
CREATE TRIGGER `post_tags_published_after_post_update` AFTER UPDATE OF status, published_at ON `posts` BEGIN
	UPDATE post_tags SET published_at = CASE WHEN new.status = 'published' THEN new.published_at END WHERE post_id = new.id;
END;
--> statement-breakpoint
-- Revisions: the content a post had before an update of its title, excerpt or body (newest 50 kept).
-- `version` is the post version that content belonged to; `author_id` who wrote that version.
CREATE TABLE `post_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL REFERENCES `posts`(`id`) ON DELETE cascade,
	`version` integer NOT NULL,
	`title` text NOT NULL,
	`excerpt` text NOT NULL,
	`body` text NOT NULL,
	`author_id` integer REFERENCES `users`(`id`) ON DELETE set null,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `post_revisions_post_idx` ON `post_revisions` (`post_id`, `id`);
--> statement-breakpoint
-- Old slugs of posts: a request for one answers 301 to the post's current slug.
CREATE TABLE `post_slugs` (
	`slug` text PRIMARY KEY NOT NULL,
	`post_id` integer NOT NULL REFERENCES `posts`(`id`) ON DELETE cascade,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `post_slugs_post_idx` ON `post_slugs` (`post_id`);
--> statement-breakpoint
-- The edge cache's content generation (migration 0006): tags, a post's tags and old-slug redirects show on public pages.
CREATE TRIGGER `tags_generation_after_insert` AFTER INSERT ON `tags` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `tags_generation_after_update` AFTER UPDATE ON `tags` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `tags_generation_after_delete` AFTER DELETE ON `tags` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `post_tags_generation_after_insert` AFTER INSERT ON `post_tags` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `post_tags_generation_after_delete` AFTER DELETE ON `post_tags` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `post_slugs_generation_after_insert` AFTER INSERT ON `post_slugs` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `post_slugs_generation_after_delete` AFTER DELETE ON `post_slugs` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
-- Who wrote a post's current content (the last writer), so a revision can name who wrote the version it keeps.
-- Null for rows written before this migration: their revisions name the post's author.
ALTER TABLE `posts` ADD `edited_by` integer REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
-- A tag's published posts (scheduled included) in post_counts as scope 'tag', like 'category' (migration 0007):
-- a post_tags row counts while its published_at mirror is set. The mirror is set by the triggers above
-- (an UPDATE of post_tags), so these few triggers cover publish, unpublish, a post's tags changing, a
-- merge (tag_id changes), and deletes (cascades from posts and tags fire them too).
CREATE TRIGGER `post_counts_tag_after_insert` AFTER INSERT ON `post_tags`
WHEN new.published_at IS NOT NULL BEGIN
	INSERT INTO post_counts (scope, ref_id, published) VALUES ('tag', new.tag_id, 1)
		ON CONFLICT (scope, ref_id) DO UPDATE SET published = published + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `post_counts_tag_after_delete` AFTER DELETE ON `post_tags`
WHEN old.published_at IS NOT NULL BEGIN
	UPDATE post_counts SET published = published - 1 WHERE scope = 'tag' AND ref_id = old.tag_id;
END;
--> statement-breakpoint
CREATE TRIGGER `post_counts_tag_after_update_old` AFTER UPDATE OF published_at, tag_id ON `post_tags`
WHEN old.published_at IS NOT NULL BEGIN
	UPDATE post_counts SET published = published - 1 WHERE scope = 'tag' AND ref_id = old.tag_id;
END;
--> statement-breakpoint
CREATE TRIGGER `post_counts_tag_after_update_new` AFTER UPDATE OF published_at, tag_id ON `post_tags`
WHEN new.published_at IS NOT NULL BEGIN
	INSERT INTO post_counts (scope, ref_id, published) VALUES ('tag', new.tag_id, 1)
		ON CONFLICT (scope, ref_id) DO UPDATE SET published = published + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `post_counts_tag_after_tag_delete` AFTER DELETE ON `tags` BEGIN
	DELETE FROM post_counts WHERE scope = 'tag' AND ref_id = old.id;
END;
--> statement-breakpoint
-- A merge moves post_tags rows to another tag: the pages of both tags change.
CREATE TRIGGER `post_tags_generation_after_update` AFTER UPDATE OF tag_id, position ON `post_tags` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
