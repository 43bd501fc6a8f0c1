-- The rendered HTML of each post's body, stored at write time so a read never parses Markdown
-- (docs/decisions/006-post-html-at-write-time.md). SQL cannot run the renderer: existing rows keep NULL
-- and are rendered and stored on their first read; body_html_version names the renderer's rules, so a
-- change of the rules re-renders stored HTML lazily too. Adds columns only: `posts` is not rebuilt.
ALTER TABLE `posts` ADD `body_html` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `body_html_version` integer;