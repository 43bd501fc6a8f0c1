-- Every use of an uploaded image counts (docs/decisions/067, issue 25): post_media (migration 0023) counted
-- posts' bodies and covers only, so an image used by a standalone page, a post's or page's social image
-- (seo_image) or the site's logo or icon could be deleted from under it. media_uses replaces it: one row per
-- (what uses it, the image), kept by triggers on posts, pages and settings, so "used by" and the refusal to
-- delete stay one lookup of media_uses_key_idx, whichever code path writes (editor, API, import, settings).
-- `kind`: 'post' and 'page' (owner_id their id), 'logo' and 'icon' (owner_id the settings row's id, 1).
-- Triggers added by hand.
CREATE TABLE `media_uses` (
	`kind` text NOT NULL CHECK (`kind` IN ('post', 'page', 'logo', 'icon')),
	`owner_id` integer NOT NULL,
	`media_key` text NOT NULL,
	PRIMARY KEY(`kind`, `owner_id`, `media_key`)
);
--> statement-breakpoint
CREATE INDEX `media_uses_key_idx` ON `media_uses` (`media_key`);
--> statement-breakpoint
DROP TRIGGER `post_media_after_post_insert`;
--> statement-breakpoint
DROP TRIGGER `post_media_after_post_update`;
--> statement-breakpoint
DROP TRIGGER `post_media_after_post_delete`;
--> statement-breakpoint
DROP TABLE `post_media`;
--> statement-breakpoint
-- A post or page uses an image wherever its text names `/media/<key>`: the body, the cover (posts), the social
-- image. They are joined into one text and cut at each `/media/` as in migration 0023 (a JSON array of the
-- pieces: json_quote escapes the text and no escape holds a `/`); the 36- or 37-character key that may start
-- each piece after the first is looked up in media_key_unique. A write reads only its own row plus one index
-- probe per mention. (Triggers cannot use WITH, hence json_each.) The logo and icon columns hold bare keys.
INSERT OR IGNORE INTO `media_uses` (`kind`, `owner_id`, `media_key`)
	SELECT 'post', p.id, m.key FROM posts p, json_each('[' || replace(json_quote(p.body || ' ' || coalesce(p.cover_image, '') || ' ' || coalesce(p.seo_image, '')), '/media/', '","') || ']') AS part
		JOIN media m ON m.key IN (substr(part.value, 1, 36), substr(part.value, 1, 37)) WHERE part.key > 0
	UNION SELECT 'page', g.id, m.key FROM pages g, json_each('[' || replace(json_quote(g.body || ' ' || coalesce(g.seo_image, '')), '/media/', '","') || ']') AS part
		JOIN media m ON m.key IN (substr(part.value, 1, 36), substr(part.value, 1, 37)) WHERE part.key > 0
	UNION SELECT 'logo', s.id, m.key FROM settings s JOIN media m ON m.key = s.logo
	UNION SELECT 'icon', s.id, m.key FROM settings s JOIN media m ON m.key = s.icon;
--> statement-breakpoint
CREATE TRIGGER `media_uses_after_post_insert` AFTER INSERT ON `posts` BEGIN
	INSERT OR IGNORE INTO media_uses (kind, owner_id, media_key)
		SELECT 'post', NEW.id, m.key FROM json_each('[' || replace(json_quote(NEW.body || ' ' || coalesce(NEW.cover_image, '') || ' ' || coalesce(NEW.seo_image, '')), '/media/', '","') || ']') AS part
			JOIN media m ON m.key IN (substr(part.value, 1, 36), substr(part.value, 1, 37)) WHERE part.key > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `media_uses_after_post_update` AFTER UPDATE OF `body`, `cover_image`, `seo_image` ON `posts` BEGIN
	DELETE FROM media_uses WHERE kind = 'post' AND owner_id = NEW.id;
	INSERT OR IGNORE INTO media_uses (kind, owner_id, media_key)
		SELECT 'post', NEW.id, m.key FROM json_each('[' || replace(json_quote(NEW.body || ' ' || coalesce(NEW.cover_image, '') || ' ' || coalesce(NEW.seo_image, '')), '/media/', '","') || ']') AS part
			JOIN media m ON m.key IN (substr(part.value, 1, 36), substr(part.value, 1, 37)) WHERE part.key > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `media_uses_after_post_delete` AFTER DELETE ON `posts` BEGIN
	DELETE FROM media_uses WHERE kind = 'post' AND owner_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `media_uses_after_page_insert` AFTER INSERT ON `pages` BEGIN
	INSERT OR IGNORE INTO media_uses (kind, owner_id, media_key)
		SELECT 'page', NEW.id, m.key FROM json_each('[' || replace(json_quote(NEW.body || ' ' || coalesce(NEW.seo_image, '')), '/media/', '","') || ']') AS part
			JOIN media m ON m.key IN (substr(part.value, 1, 36), substr(part.value, 1, 37)) WHERE part.key > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `media_uses_after_page_update` AFTER UPDATE OF `body`, `seo_image` ON `pages` BEGIN
	DELETE FROM media_uses WHERE kind = 'page' AND owner_id = NEW.id;
	INSERT OR IGNORE INTO media_uses (kind, owner_id, media_key)
		SELECT 'page', NEW.id, m.key FROM json_each('[' || replace(json_quote(NEW.body || ' ' || coalesce(NEW.seo_image, '')), '/media/', '","') || ']') AS part
			JOIN media m ON m.key IN (substr(part.value, 1, 36), substr(part.value, 1, 37)) WHERE part.key > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `media_uses_after_page_delete` AFTER DELETE ON `pages` BEGIN
	DELETE FROM media_uses WHERE kind = 'page' AND owner_id = OLD.id;
END;
--> statement-breakpoint
-- The settings row is only ever updated (migration 0015).
CREATE TRIGGER `media_uses_after_settings_update` AFTER UPDATE OF `logo`, `icon` ON `settings` BEGIN
	DELETE FROM media_uses WHERE kind IN ('logo', 'icon') AND owner_id = NEW.id;
	INSERT OR IGNORE INTO media_uses (kind, owner_id, media_key)
		SELECT 'logo', NEW.id, m.key FROM media m WHERE m.key = NEW.logo
		UNION SELECT 'icon', NEW.id, m.key FROM media m WHERE m.key = NEW.icon;
END;
