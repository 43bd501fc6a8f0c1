-- Per-post SEO (product.md §14, §19; contracts/seo.ts; docs/decisions/048): a meta title and description,
-- a social image and a canonical URL (null: not set, the post's own title, excerpt, cover and address
-- are used), and noindex (1: robots noindex, left out of the sitemap). Columns with constant defaults:
-- `posts` is not rebuilt. Its update triggers (migration 0006) already raise the edge cache's generation
-- when a published post changes, so a changed SEO field shows on the next view.
ALTER TABLE `posts` ADD `seo_title` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `seo_description` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `seo_image` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `canonical_url` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `noindex` integer DEFAULT 0 NOT NULL CHECK (`noindex` IN (0, 1));
