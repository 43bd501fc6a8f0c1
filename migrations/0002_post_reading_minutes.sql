-- Reading time is stored with each post (lists never read bodies); an index for "my posts, newest updated first".
-- Adds a column and an index only: `posts` is not rebuilt.
ALTER TABLE `posts` ADD `reading_minutes` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `posts_author_updated_idx` ON `posts` (`author_id`,`updated_at`);