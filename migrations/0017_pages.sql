-- Standalone pages (product.md §14, §19; docs/decisions/046): About, Contact, Privacy, served at `/:slug`.
-- A table of their own, so no list, feed or search of posts can ever show one. `body_html` is rendered at
-- write time as posts' is (decision 007), with `excerpt` (the description when SEO sets none); the SEO columns are contracts/seo.ts's fields.
-- CHECKs and triggers added by hand (docs/decisions/038).
CREATE TABLE `pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`body_html` text DEFAULT '' NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL CHECK (`status` IN ('draft', 'published')),
	`seo_title` text,
	`seo_description` text,
	`seo_image` text,
	`canonical_url` text,
	`noindex` integer DEFAULT false NOT NULL,
	`author_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pages_slug_unique` ON `pages` (`slug`);
--> statement-breakpoint
-- The admin's list, newest change first.
CREATE INDEX `pages_updated_idx` ON `pages` (`updated_at`);
--> statement-breakpoint
-- The sitemap's published pages by address, with the last change it shows.
CREATE INDEX `pages_status_slug_idx` ON `pages` (`status`,`slug`,`updated_at`);
--> statement-breakpoint
-- The edge cache's content generation (migration 0006): a published page shows at its address and in the
-- sitemap; a draft's writes (autosaves) leave every cached answer valid, as posts' do.
CREATE TRIGGER `pages_generation_after_insert` AFTER INSERT ON `pages` WHEN new.status = 'published' BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `pages_generation_after_update` AFTER UPDATE ON `pages` WHEN old.status = 'published' OR new.status = 'published' BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `pages_generation_after_delete` AFTER DELETE ON `pages` WHEN old.status = 'published' BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
