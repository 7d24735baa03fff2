import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadAttachment } from '#client/lib/download.ts';
import { stubFetch } from './render.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

/** An answer whose headers came and whose body breaks off: an export that failed midway. */
function brokenOff(): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('# Journal\n\n## First entry'));
      controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-disposition': 'attachment; filename="journal-2025-03-01.md"' },
  });
}

describe('downloadAttachment (streamed exports, ADR 0046)', () => {
  it('saves the whole file under the server’s name', async () => {
    stubFetch(
      () =>
        new Response('# Journal\n', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="journal-2025-03-01.md"' },
        }),
    );
    const made = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await downloadAttachment('/api/journal/export?', 'journal.md');
    expect(made).toHaveBeenCalledTimes(1);
    expect(clicked.mock.contexts[0]).toMatchObject({ download: 'journal-2025-03-01.md' });
  });

  it('saves nothing and fails when the body breaks off, so the page shows an error', async () => {
    stubFetch(brokenOff);
    const made = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await expect(downloadAttachment('/api/journal/export?', 'journal.md')).rejects.toThrow();
    expect(made).not.toHaveBeenCalled();
    expect(clicked).not.toHaveBeenCalled();
  });
});
