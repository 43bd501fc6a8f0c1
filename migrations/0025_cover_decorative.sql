-- Whether a post's cover is decorative on purpose (product.md §16 "or is marked decorative"; decision 066):
-- with 1 the cover is shown with alt="" and the pre-publish check says nothing about its alt text. Existing
-- posts get 0: an empty alt written before this column cannot be told from a forgotten one, so the check keeps
-- asking. A column with a constant default: `posts` is not rebuilt.
ALTER TABLE `posts` ADD `cover_decorative` integer DEFAULT 0 NOT NULL;
