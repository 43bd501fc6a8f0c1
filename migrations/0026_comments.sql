-- Comments (product.md §18, §19; docs/decisions/068): readers' comments on published posts, one level of
-- replies, held for moderation until their email has an approved comment. Per-post switch and the approved
-- count live on posts (kept by triggers, so lists show counts without a count per row); the site switch on
-- settings. CHECKs and triggers written by hand (docs/decisions/038).
ALTER TABLE `posts` ADD `comments_open` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `posts` ADD `comment_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `comments` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL REFERENCES `posts`(`id`) ON DELETE CASCADE,
	`parent_id` integer REFERENCES `comments`(`id`) ON DELETE CASCADE,
	`user_id` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`body` text NOT NULL,
	`body_html` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL CHECK (`status` IN ('pending', 'approved', 'spam', 'trash')),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
-- A post's comments by status in order (the post page's approved ones; the admin list filtered by post).
CREATE INDEX `comments_post_status_idx` ON `comments` (`post_id`, `status`, `id`);
--> statement-breakpoint
-- The admin list of one status, newest first, and its tab counts.
CREATE INDEX `comments_status_idx` ON `comments` (`status`, `id`);
--> statement-breakpoint
-- "Has this email an approved comment?" (approved at once), and replies by their parent (cascade).
CREATE INDEX `comments_email_status_idx` ON `comments` (`email_key`, `status`);
--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`);
--> statement-breakpoint
CREATE INDEX `comments_user_idx` ON `comments` (`user_id`);
--> statement-breakpoint
-- The approved count on posts: every writer (API, SQL by hand, a post's cascade) keeps it.
CREATE TRIGGER `comments_count_after_insert` AFTER INSERT ON `comments` WHEN new.status = 'approved' BEGIN
	UPDATE posts SET comment_count = comment_count + 1 WHERE id = new.post_id;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_count_after_delete` AFTER DELETE ON `comments` WHEN old.status = 'approved' BEGIN
	UPDATE posts SET comment_count = max(comment_count - 1, 0) WHERE id = old.post_id;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_count_after_update` AFTER UPDATE OF `status`, `post_id` ON `comments`
	WHEN (old.status = 'approved') <> (new.status = 'approved') OR (old.post_id <> new.post_id AND new.status = 'approved') BEGIN
	UPDATE posts SET comment_count = max(comment_count - 1, 0) WHERE id = old.post_id AND old.status = 'approved';
	UPDATE posts SET comment_count = comment_count + 1 WHERE id = new.post_id AND new.status = 'approved';
END;
--> statement-breakpoint
-- The edge cache's content generation (migration 0006): only an approved comment shows on a page, so a
-- pending one (or spam) moves nothing, and the cached page stays.
CREATE TRIGGER `comments_generation_after_insert` AFTER INSERT ON `comments` WHEN new.status = 'approved' BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_generation_after_update` AFTER UPDATE ON `comments` WHEN old.status = 'approved' OR new.status = 'approved' BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_generation_after_delete` AFTER DELETE ON `comments` WHEN old.status = 'approved' BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
