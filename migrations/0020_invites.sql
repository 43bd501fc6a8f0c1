-- Invites (product.md §15, §19; docs/decisions/055): an admin or editor invites an email address with a role;
-- the mailed link (`/invite?token=…`) sets username, name and password once. Only the SHA-256 of the link's
-- 256-bit token is kept. A row is a pending invite: accepting or revoking it deletes the row, so a used link
-- finds nothing, and UNIQUE(email) keeps one pending invite per address (an expired one is replaced).
-- Not shown to visitors: no edge-cache generation triggers.
CREATE TABLE `invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`role` integer NOT NULL CHECK (`role` IN (0, 1, 2, 3)),
	`token_hash` text NOT NULL,
	`invited_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invites_token_hash_unique` ON `invites` (`token_hash`);
--> statement-breakpoint
CREATE UNIQUE INDEX `invites_email_unique` ON `invites` (`email`);
--> statement-breakpoint
-- The pending list, newest first.
CREATE INDEX `invites_created_idx` ON `invites` (`created_at`);
--> statement-breakpoint
CREATE INDEX `invites_invited_by_idx` ON `invites` (`invited_by`);
