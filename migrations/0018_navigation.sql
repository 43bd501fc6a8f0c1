-- The header and footer menus (product.md §14, §19; docs/decisions/047): one row per menu, its items a JSON
-- array of {label, url} in order, only ever read and replaced whole. A menu without a row was never saved:
-- the header then lists the site's categories (as before menus existed), the footer nothing.
-- Written by hand (docs/decisions/038); the triggers as migration 0016's.
CREATE TABLE `navigation_menus` (
	`menu` text PRIMARY KEY NOT NULL CHECK (`menu` IN ('header', 'footer')),
	`items` text NOT NULL CHECK (json_valid(`items`) AND json_type(`items`) = 'array'),
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
-- The edge cache's content generation (migration 0006): every page shows the menus.
CREATE TRIGGER `navigation_menus_generation_after_insert` AFTER INSERT ON `navigation_menus` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `navigation_menus_generation_after_update` AFTER UPDATE ON `navigation_menus` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `navigation_menus_generation_after_delete` AFTER DELETE ON `navigation_menus` BEGIN
	UPDATE site_state SET generation = generation + 1 WHERE id = 1;
END;
