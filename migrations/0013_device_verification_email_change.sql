-- New-device verification (docs/decisions/026) and email change by confirmation (product.md §11).
-- device_codes: at most one pending 6-digit code per account, kept only as an HMAC with the password
-- pepper (a plain hash of six digits is undone by trying all million), with its expiry and tries left.
CREATE TABLE `device_codes` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`tries_left` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- email_changes: a requested new address waits here until the link mailed to it is opened; only the
-- SHA-256 of the link's token is kept; 24 hours, single use. Adds tables only: nothing is rebuilt.
CREATE TABLE `email_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`new_email` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_changes_token_hash_unique` ON `email_changes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_changes_user_idx` ON `email_changes` (`user_id`);
