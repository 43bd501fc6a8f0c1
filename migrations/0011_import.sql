-- Import (issue 13): each remote image an import copied into media, by its original address, so
-- importing the same file again (or another post naming the same image) fetches nothing twice.
CREATE TABLE `import_media` (
	`source_url` text PRIMARY KEY NOT NULL,
	`media_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
) WITHOUT ROWID;
