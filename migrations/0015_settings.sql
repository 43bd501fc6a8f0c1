-- The publication's settings (product.md §14, §19): one row, id 1, read by every page, feed and mail.
-- `social_links` is a JSON array of https URLs; `logo` and `icon` are media keys (NULL: none).
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`tagline` text NOT NULL,
	`description` text NOT NULL,
	`logo` text,
	`icon` text,
	`accent_color` text NOT NULL,
	`language` text NOT NULL,
	`time_zone` text NOT NULL,
	`posts_per_page` integer NOT NULL,
	`footer` text NOT NULL,
	`social_links` text NOT NULL,
	`registration` text NOT NULL,
	`device_verification` text NOT NULL,
	`default_category_id` integer,
	`feed_full_text` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`default_category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- The defaults a new site starts with (the name and description contracts/site.ts held until now).
INSERT INTO `settings` (`id`, `title`, `tagline`, `description`, `accent_color`, `language`, `time_zone`, `posts_per_page`, `footer`, `social_links`, `registration`, `device_verification`, `feed_full_text`)
VALUES (1, 'Byline', 'Stories, ideas and guides from our authors.', 'Byline — stories, ideas and guides from our authors.', '#2563eb', 'en', 'UTC', 12, '', '[]', 'open', 'risk', 1);
--> statement-breakpoint
-- Every page shows the settings (title, language, accent): a change raises the edge cache's generation
-- (decision 009). The row is only ever updated.
CREATE TRIGGER `settings_generation_after_update` AFTER UPDATE ON `settings` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
