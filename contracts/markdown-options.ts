// How Byline parses a post's Markdown: the Worker renders with these options and the editor's pre-publish
// check parses with them, so a heading, image or link the check sees is one on the page. Free of
// markdown-it itself, so importing it costs no bundle.

/**
 * Containers (quotes, lists) nest at most this deep; deeper markers read as text. markdown-it's default
 * is 100; no real post needs more than a few levels, and each level costs work on every line inside it.
 */
export const MAX_NESTING = 20;

/** Raw HTML is text, bare URLs become links, no typographic replacements. */
export const MARKDOWN_OPTIONS = { html: false, linkify: true, typographer: false, maxNesting: MAX_NESTING } as const;
