-- Uploaded images' width and height in pixels (product.md §16, docs/decisions/062): written on upload
-- and import; rows stored before this migration get them from their object on first use.
ALTER TABLE `media` ADD `width` integer;
--> statement-breakpoint
ALTER TABLE `media` ADD `height` integer;
