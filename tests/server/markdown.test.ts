import { describe, expect, it } from 'vitest';
import { markdownToHtml } from '#server/content/markdown.ts';

describe('markdownToHtml', () => {
  it('renders the team’s Markdown: headings, emphasis, lists, quotes', () => {
    const html = markdownToHtml(
      '## Grace\n\nSaved by **grace**, through *faith*.\n\n- one\n- two\n\n> Be still',
    );
    expect(html).toContain('<h2>Grace</h2>');
    expect(html).toContain('<strong>grace</strong>');
    expect(html).toContain('<em>faith</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<blockquote>');
  });

  it('escapes raw HTML, so the result can be inserted as it is', () => {
    const html = markdownToHtml('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;');
  });
});
