-- Redirects (product.md §14, §19; docs/decisions/042): an old address on this site answered with a 301 or
-- 302 to a site path or an https URL, consulted only where a page would answer 404. `from_path` is stored
-- normalised (no trailing slash but the root's; `/?p=ID` kept with its query), so one index lookup finds it.
-- CHECKs and triggers added by hand to drizzle-kit's output (docs/decisions/038).
CREATE TABLE `redirects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_path` text NOT NULL,
	`to_path` text NOT NULL,
	`status` integer NOT NULL CHECK (`status` IN (301, 302)),
	`source` text NOT NULL CHECK (`source` IN ('manual', 'slug', 'category', 'tag', 'import')),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `redirects_from_path_unique` ON `redirects` (`from_path`);
--> statement-breakpoint
-- Chains are collapsed on write: the rows pointing at a path are found by this index.
CREATE INDEX `redirects_to_path_idx` ON `redirects` (`to_path`);
--> statement-breakpoint
-- The edge cache's content generation (migration 0006): a redirect is what a cached address answers.
CREATE TRIGGER `redirects_generation_after_insert` AFTER INSERT ON `redirects` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `redirects_generation_after_update` AFTER UPDATE ON `redirects` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `redirects_generation_after_delete` AFTER DELETE ON `redirects` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
