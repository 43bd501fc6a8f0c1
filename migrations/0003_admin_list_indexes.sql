-- The admin's post list (every status, newest updated first) filtered by status or by category.
-- Adds indexes only: `posts` is not rebuilt.
CREATE INDEX `posts_status_updated_idx` ON `posts` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `posts_category_updated_idx` ON `posts` (`category_id`,`updated_at`);
