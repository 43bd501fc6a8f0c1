-- The content generation behind the edge cache (docs/decisions/009-edge-cache.md). One row; every write
-- to a table whose rows visitors see raises it, by trigger, whoever writes (API, admin, seed, scripts,
-- `wrangler d1 execute`), so cached pages keyed by it can never outlive a write. A table added later
-- whose rows public pages show (tags, redirects, …) adds the same three triggers.
-- It starts at a random number so that a database made afresh never reuses keys cached for an older one.
CREATE TABLE `site_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`generation` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `site_state` (`id`, `generation`) VALUES (1, abs(random()) % 4503599627370496);
--> statement-breakpoint
-- Posts: only rows that are or were published; a draft's autosave leaves every cached page valid.
CREATE TRIGGER `posts_generation_after_insert` AFTER INSERT ON `posts` WHEN new.status = 'published' BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_generation_after_update` AFTER UPDATE ON `posts` WHEN old.status = 'published' OR new.status = 'published' BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_generation_after_delete` AFTER DELETE ON `posts` WHEN old.status = 'published' BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_generation_after_insert` AFTER INSERT ON `categories` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_generation_after_update` AFTER UPDATE ON `categories` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_generation_after_delete` AFTER DELETE ON `categories` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `featured_generation_after_insert` AFTER INSERT ON `featured` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `featured_generation_after_update` AFTER UPDATE ON `featured` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `featured_generation_after_delete` AFTER DELETE ON `featured` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
-- Users: a new account makes /author/:username exist; names, avatars, bios and disabling show on pages.
CREATE TRIGGER `users_generation_after_insert` AFTER INSERT ON `users` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_generation_after_update` AFTER UPDATE ON `users` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_generation_after_delete` AFTER DELETE ON `users` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
