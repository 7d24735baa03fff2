import { describe, expect, it, onTestFinished } from 'vitest';
import { pageSegments } from '#client/features/listen/sources.ts';

describe('what Listen reads of a page', () => {
  it('reads headings, paragraphs, verses and list items in order, each in its own language', () => {
    const before = document.documentElement.lang;
    document.documentElement.lang = 'en';
    onTestFinished(() => void (document.documentElement.lang = before));
    document.body.innerHTML = `
      <article id="root">
        <p data-listen-skip>Christianity 101 · Lesson 1 of 18</p>
        <h1>Who is God?</h1>
        <h2 class="sr-only">Teaching</h2>
        <figure lang="es">
          <blockquote>Porque de tal manera amó Dios al mundo.</blockquote>
          <figcaption>Juan 3:16 <span>(RV1909)</span></figcaption>
        </figure>
        <div><span id="v-John.3.17"><sup>17</sup>For God sent not his Son.</span></div>
        <ol><li><p>First question?</p></li><li>Second question?</li></ol>
        <form><p>Your answer</p></form>
        <p role="alert">An error</p>
        <p>   </p>
      </article>`;
    const segments = pageSegments(document.getElementById('root')!);
    expect(segments.map((s) => [s.text, s.lang])).toEqual([
      ['Who is God?', 'en'],
      ['Porque de tal manera amó Dios al mundo.', 'es'],
      ['Juan 3:16 (RV1909)', 'es'],
      ['For God sent not his Son.', 'en'],
      ['First question?', 'en'],
      ['Second question?', 'en'],
    ]);
    // A verse keeps its element id and is labelled by its reference; the other blocks are
    // marked to be found again and labelled by the heading they are under.
    expect(segments[3]).toMatchObject({ id: 'v-John.3.17', label: 'John 3:17' });
    expect(segments[1]!.label).toBe('Who is God?');
    expect(document.querySelector(`[data-listen-seg="${segments[1]!.id}"]`)?.tagName).toBe(
      'BLOCKQUOTE',
    );
  });
});
