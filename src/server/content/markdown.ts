import { micromark } from 'micromark';

const rendered = new Map<string, string>();

/**
 * The team's Markdown (lessons, library texts) as HTML, rendered once per text on the server so
 * the browser needs no Markdown parser (docs/decisions/0013). micromark follows CommonMark and,
 * by default, escapes any raw HTML in the source: the result is safe to insert as it is.
 */
export function markdownToHtml(markdown: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = micromark(markdown);
    rendered.set(markdown, html);
  }
  return html;
}
