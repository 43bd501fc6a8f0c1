-- A cover image's alt text (product.md §16, §19 `coverAlt`): '' means the cover is decorative and is
-- shown with alt="". A column with a constant default: `posts` is not rebuilt.
ALTER TABLE `posts` ADD `cover_alt` text DEFAULT '' NOT NULL;--> statement-breakpoint

-- The admin's post list sorted by title, status, author or category (docs/decisions/030). Each order is
-- one index walked in that order, holding the columns the list's filters read (status, published_at,
-- category_id, author_id), so a filter is checked in the index and only the page's rows are read from
-- the table (a post's row is its body and HTML, mostly in overflow pages). `id` follows the sort key so
-- that ties keep one order from page to page.
CREATE INDEX `posts_admin_title_idx` ON `posts` (`title` COLLATE NOCASE, `id`, `status`, `published_at`, `category_id`, `author_id`);--> statement-breakpoint
-- Status ascending (drafts first), newest updated first within a status; descending walks the next one backwards.
CREATE INDEX `posts_admin_status_idx` ON `posts` (`status`, `updated_at` DESC, `id` DESC, `published_at`, `category_id`, `author_id`);--> statement-breakpoint
-- Migration 0003's status/category indexes and 0002's author one, widened the same way (same leading
-- columns, so every query that used them still does): the inner walk of the author and category orders.
DROP INDEX `posts_status_updated_idx`;--> statement-breakpoint
CREATE INDEX `posts_status_updated_idx` ON `posts` (`status`, `updated_at`, `id`, `published_at`, `category_id`, `author_id`);--> statement-breakpoint
DROP INDEX `posts_author_updated_idx`;--> statement-breakpoint
CREATE INDEX `posts_author_updated_idx` ON `posts` (`author_id`, `updated_at`, `id`, `status`, `published_at`, `category_id`);--> statement-breakpoint
DROP INDEX `posts_category_updated_idx`;--> statement-breakpoint
CREATE INDEX `posts_category_updated_idx` ON `posts` (`category_id`, `updated_at`, `id`, `status`, `published_at`, `author_id`);--> statement-breakpoint
-- Authors by name: the outer walk of the author order (categories have lower(name) from migration 0000).
CREATE INDEX `users_name_idx` ON `users` (`name` COLLATE NOCASE);
