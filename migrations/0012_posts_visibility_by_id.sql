-- Search checks each FTS5 match against the visibility rule (and a category or author filter) by post id.
-- Read from the table, each check loads the post's whole row (body and HTML included, often overflow
-- pages); this index holds just the columns the checks read, a hundred posts to a page
-- (docs/decisions/013-search-rank-window.md). Adds an index only: `posts` is not rebuilt.
CREATE INDEX `posts_id_visibility_idx` ON `posts` (`id`,`status`,`published_at`,`category_id`,`author_id`);
