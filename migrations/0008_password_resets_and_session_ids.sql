-- Password reset by mail and sessions a user controls (docs/decisions/012).
-- password_resets keeps only the SHA-256 of each emailed token, with its expiry and the moment it was used.
CREATE TABLE `password_resets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_token_hash_unique` ON `password_resets` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
-- Each session gets an opaque public id (128 random bits) that the profile's session list shows and
-- DELETE /api/profile/sessions/:id names; never the secret or its hash. SQLite cannot ADD a column with a
-- computed default, so `sessions` is rebuilt: nothing references it, so no row elsewhere can cascade.
CREATE TABLE `sessions_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text DEFAULT (lower(hex(randomblob(16)))) NOT NULL,
	`user_id` integer NOT NULL,
	`secret_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `sessions_new` (`id`, `user_id`, `secret_hash`, `expires_at`, `last_seen_at`, `user_agent`, `created_at`)
	SELECT `id`, `user_id`, `secret_hash`, `expires_at`, `last_seen_at`, `user_agent`, `created_at` FROM `sessions`;--> statement-breakpoint
DROP TABLE `sessions`;--> statement-breakpoint
ALTER TABLE `sessions_new` RENAME TO `sessions`;--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_secret_hash_unique` ON `sessions` (`secret_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_public_id_unique` ON `sessions` (`public_id`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);
