-- The media library (product.md §16, §19; docs/decisions/063): each image's alt text, and which posts use
-- which image, so "used by" and the refusal to delete a used image are one index lookup, not a scan of bodies.
-- Triggers added by hand: post_media is kept by the database on every write of a post's body or cover,
-- whichever code path writes it (editor, import, API).
ALTER TABLE `media` ADD `alt` text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE `post_media` (
	`post_id` integer NOT NULL,
	`media_key` text NOT NULL,
	PRIMARY KEY(`post_id`, `media_key`)
);
--> statement-breakpoint
CREATE INDEX `post_media_key_idx` ON `post_media` (`media_key`);
--> statement-breakpoint
-- A post uses an image when its cover is `/media/<key>` or its body names `/media/<key>`. The body is cut at
-- each `/media/` (a JSON array of the pieces: json_quote escapes the body, and no escape holds a `/`), and
-- the key that may start each piece after the first is looked up in media_key_unique: no scan of media, and
-- a post's write reads only its own body. (Triggers cannot use WITH, hence json_each.)
INSERT OR IGNORE INTO `post_media` (`post_id`, `media_key`)
	SELECT p.id, m.key FROM posts p, json_each('[' || replace(json_quote(p.body), '/media/', '","') || ']') AS part
		JOIN media m ON m.key IN (substr(part.value, 1, 36), substr(part.value, 1, 37)) WHERE part.key > 0
	UNION SELECT p.id, m.key FROM posts p JOIN media m ON m.key = substr(p.cover_image, 8) WHERE p.cover_image LIKE '/media/%';
--> statement-breakpoint
CREATE TRIGGER `post_media_after_post_insert` AFTER INSERT ON `posts` BEGIN
	INSERT OR IGNORE INTO post_media (post_id, media_key)
		SELECT NEW.id, m.key FROM json_each('[' || replace(json_quote(NEW.body), '/media/', '","') || ']') AS part
			JOIN media m ON m.key IN (substr(part.value, 1, 36), substr(part.value, 1, 37)) WHERE part.key > 0
		UNION SELECT NEW.id, m.key FROM media m WHERE NEW.cover_image LIKE '/media/%' AND m.key = substr(NEW.cover_image, 8);
END;
--> statement-breakpoint
CREATE TRIGGER `post_media_after_post_update` AFTER UPDATE OF `body`, `cover_image` ON `posts` BEGIN
	DELETE FROM post_media WHERE post_id = NEW.id;
	INSERT OR IGNORE INTO post_media (post_id, media_key)
		SELECT NEW.id, m.key FROM json_each('[' || replace(json_quote(NEW.body), '/media/', '","') || ']') AS part
			JOIN media m ON m.key IN (substr(part.value, 1, 36), substr(part.value, 1, 37)) WHERE part.key > 0
		UNION SELECT NEW.id, m.key FROM media m WHERE NEW.cover_image LIKE '/media/%' AND m.key = substr(NEW.cover_image, 8);
END;
--> statement-breakpoint
CREATE TRIGGER `post_media_after_post_delete` AFTER DELETE ON `posts` BEGIN
	DELETE FROM post_media WHERE post_id = OLD.id;
END;
