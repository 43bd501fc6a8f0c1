-- The newsletter (product.md §18, §19; docs/decisions/069): subscribers with double opt-in, and each post's
-- one send to the active subscribers through the mail queue.
-- Not shown to visitors: no edge-cache generation triggers.
--
-- `email_key` is the address as compared (trimmed, lower-cased): one row per address whatever its status. A
-- pending row keeps the SHA-256 of its confirmation link's token until it is confirmed or expires.
CREATE TABLE `subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`status` text NOT NULL CHECK (`status` IN ('pending', 'active', 'unsubscribed')),
	`source` text NOT NULL CHECK (`source` IN ('form', 'import')),
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`confirmed_at` integer,
	`unsubscribed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_key_unique` ON `subscribers` (`email_key`);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_confirm_token_hash_unique` ON `subscribers` (`confirm_token_hash`);
--> statement-breakpoint
-- The admin list filtered by status, searched by an address's start (a range of this index), and the counts per status.
CREATE INDEX `subscribers_status_email_idx` ON `subscribers` (`status`, `email_key`);
--> statement-breakpoint
-- A send walks the active subscribers by id.
CREATE INDEX `subscribers_status_id_idx` ON `subscribers` (`status`, `id`);
--> statement-breakpoint
-- The cron deletes pending rows whose link expired.
CREATE INDEX `subscribers_confirm_expires_idx` ON `subscribers` (`confirm_expires_at`);
--> statement-breakpoint
-- One send per post, ever (UNIQUE post_id): publishing twice, a retry or two concurrent publishes make one.
CREATE TABLE `newsletter_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_sends_post_unique` ON `newsletter_sends` (`post_id`);
--> statement-breakpoint
-- One row per subscriber of a send, claimed (`sending`) before the mail goes and then marked `sent` or `failed`:
-- a batch delivered twice or retried skips every subscriber already claimed (the primary key), so nobody gets two.
CREATE TABLE `newsletter_deliveries` (
	`send_id` integer NOT NULL,
	`subscriber_id` integer NOT NULL,
	`status` text NOT NULL CHECK (`status` IN ('sending', 'sent', 'failed')),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`send_id`, `subscriber_id`),
	FOREIGN KEY (`send_id`) REFERENCES `newsletter_sends`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_subscriber_idx` ON `newsletter_deliveries` (`subscriber_id`);
