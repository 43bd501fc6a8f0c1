-- A cover image's alt text (product.md §16, §19 `coverAlt`): '' means the cover is decorative and is
-- shown with alt="". A column with a constant default: `posts` is not rebuilt.
ALTER TABLE `posts` ADD `cover_alt` text DEFAULT '' NOT NULL;
