// Text limits shared by the zod contracts and the forms' maxLength, free of zod so any page can import them.
export const TITLE_MAX = 200;
export const EXCERPT_MAX = 300;
/** A cover image's alt text. */
export const COVER_ALT_MAX = 250;
export const BODY_MAX = 100_000;
/** A search query (`?q=` of the public lists and the search page). */
export const SEARCH_MAX = 200;
/** A person's display name. */
export const NAME_MAX = 80;
export const BIO_MAX = 500;
export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 300;
/** D1 refuses LIKE patterns over 50 bytes, so the admin lists' text filters are checked against it. */
export const LIKE_PATTERN_MAX_BYTES = 50;
/** The longest plain admin search that always fits (its pattern adds a % at each end). */
export const ADMIN_SEARCH_MAX = LIKE_PATTERN_MAX_BYTES - 2;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const TAG_NAME_MAX = 40;
/** Tags a post may carry. */
export const TAGS_MAX = 10;
/** Revisions kept a post (the newest). */
export const REVISIONS_KEPT = 50;
/** About this many characters of a title are shown in search results before they are cut (the editor's guidance and pre-publish check). */
export const SEO_TITLE_SHOWN = 60;
/** About this many characters of a description are shown in search results before they are cut. */
export const SEO_DESCRIPTION_SHOWN = 160;
/** An uploaded or imported image (product.md §16). The upload body limit and the forms follow it. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** The image limit as people read it, for messages. */
export const MAX_IMAGE_TEXT = `${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;

/** A comment's body: Markdown without images, at most this many characters (product.md §18). */
export const COMMENT_BODY_MAX = 5000;
