-- Scheduled cleanup and queued mail (product.md §17, docs/decisions/059).
-- The cron's deletes of expired rows each read one index range, never a whole table: every expiry column
-- gets an index (the login counters' window start stands for theirs).
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);
--> statement-breakpoint
CREATE INDEX `login_attempts_window_start_idx` ON `login_attempts` (`window_start`);
--> statement-breakpoint
CREATE INDEX `password_resets_expires_idx` ON `password_resets` (`expires_at`);
--> statement-breakpoint
CREATE INDEX `email_changes_expires_idx` ON `email_changes` (`expires_at`);
--> statement-breakpoint
CREATE INDEX `invites_expires_idx` ON `invites` (`expires_at`);
--> statement-breakpoint
CREATE INDEX `device_codes_expires_idx` ON `device_codes` (`expires_at`);
--> statement-breakpoint
-- Mails the queue gave up on after its last retry, listed for admins until dismissed. Only who it was for,
-- its subject, the last error and how often it was tried: never the body, whose links carry tokens.
-- Not shown to visitors: no edge-cache generation triggers. Listed newest first by id.
CREATE TABLE `mail_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`error` text NOT NULL,
	`attempts` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
