// Shows Markdown the Worker has rendered and sanitised, as readers and the editor's preview see it.

/**
 * Code blocks may scroll sideways, so each one is a tab stop with a name (WCAG 2.1.1; axe
 * scrollable-region-focusable). Done here, where the HTML is shown, so it also holds for bodies stored
 * before this rule. The renderer escapes raw HTML from authors, so every `<pre` in `html` is its own.
 */
function focusableCodeBlocks(html: string): string {
  return html.replace(/<pre(?=[\s>])/g, '<pre tabindex="0" role="group" aria-label="Code block"');
}

export function Prose({ html }: { html: string }) {
  return <div className="prose" dangerouslySetInnerHTML={{ __html: focusableCodeBlocks(html) }} />;
}
