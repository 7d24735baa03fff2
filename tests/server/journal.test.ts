import { describe, expect, it } from 'vitest';
import { parseTags } from '#shared/schemas/journal.ts';
import { useTestApp } from '../helpers/app.ts';

const app = useTestApp({ bibles: true }, { member: {}, other: {} });
const call = app.call;

describe('journal', () => {
  it('has nothing to export at first (SPEC message)', async () => {
    const res = await call(app.member, 'GET', '/api/journal/export', undefined, 'es');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Aún no tienes entradas de diario para exportar.');
  });

  it('saves an untitled draft, loads it, updates it and publishes it', async () => {
    const draft = await call(app.member, 'POST', '/api/journal', {
      content: 'Thinking about grace today.',
      tags: 'Faith, prayer, faith',
    });
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({
      title: '',
      status: 'draft',
      tags: ['faith', 'prayer'],
      publishedAt: null,
    });
    const id = draft.json().id;
    expect((await call(app.member, 'GET', `/api/journal/${id}`)).json().content).toBe(
      'Thinking about grace today.',
    );
    const updated = await call(app.member, 'PATCH', `/api/journal/${id}`, {
      title: 'Grace',
      content: 'Grace upon grace.',
    });
    expect(updated.json()).toMatchObject({
      title: 'Grace',
      content: 'Grace upon grace.',
      status: 'draft',
      tags: ['faith', 'prayer'],
    });
    const published = await call(app.member, 'PATCH', `/api/journal/${id}`, {
      status: 'published',
    });
    expect(published.json().status).toBe('published');
    expect(published.json().publishedAt).not.toBeNull();
  });

  it('attaches a scripture by reference with its text, and explains an unknown one', async () => {
    const res = await call(
      app.member,
      'POST',
      '/api/journal',
      { content: 'Promesa', scriptureReference: 'Jn 3:16', status: 'published' },
      'es',
    );
    expect(res.json()).toMatchObject({
      scriptureReference: 'Juan 3:16',
      scriptureTranslation: 'RV1909',
    });
    expect(res.json().scriptureText).toMatch(/^Porque de tal manera/);
    const bad = await call(
      app.member,
      'POST',
      '/api/journal',
      { content: 'x', scriptureReference: 'Nope 1:1' },
      'es',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Versículo No Encontrado');
    const cleared = await call(app.member, 'PATCH', `/api/journal/${res.json().id}`, {
      scriptureReference: null,
    });
    expect(cleared.json()).toMatchObject({ scriptureReference: null, scriptureText: null });
  });

  it('searches, filters by tag and status, and exports the filtered entries as a dated Markdown file', async () => {
    await call(app.member, 'POST', '/api/journal', {
      title: 'Provision',
      content: 'God provided rent this month.',
      tags: ['provision'],
      status: 'published',
    });
    expect(
      (await call(app.member, 'GET', '/api/journal?q=rent'))
        .json()
        .items.map((e: { title: string }) => e.title),
    ).toEqual(['Provision']);
    expect((await call(app.member, 'GET', '/api/journal?tag=provision')).json().total).toBe(1);
    expect((await call(app.member, 'GET', '/api/journal?status=draft')).json().total).toBe(0);
    expect((await call(app.member, 'GET', '/api/journal?q=%25')).json().total).toBe(0);
    const md = await call(app.member, 'GET', '/api/journal/export?tag=provision');
    expect(md.headers['content-disposition']).toMatch(
      /attachment; filename="journal-\d{4}-\d{2}-\d{2}\.md"/,
    );
    expect(md.body).toContain('## Provision');
    expect(md.body).toContain('#provision');
    expect(md.body).not.toContain('Grace upon grace');
  });

  it('rejects bad input with translated messages and writes nothing', async () => {
    const before = (await call(app.member, 'GET', '/api/journal')).json().total;
    const empty = await call(app.member, 'POST', '/api/journal', { content: '   ' }, 'es');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({
      path: 'content',
      message: 'Este campo es obligatorio',
    });
    expect(
      (await call(app.member, 'POST', '/api/journal', { content: 'x', status: 'secret' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(app.member, 'POST', '/api/journal', {
          content: 'x',
          tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(app.member, 'GET', '/api/journal')).json().total).toBe(before);
  });

  it("keeps another member's entries out of reach (404)", async () => {
    const mine = (await call(app.member, 'GET', '/api/journal')).json().items[0];
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(
        app.other,
        method,
        `/api/journal/${mine.id}`,
        method === 'PATCH' ? { title: 'x' } : undefined,
      );
      expect({ method, status: res.statusCode }).toEqual({ method, status: 404 });
    }
    expect((await call(app.other, 'GET', '/api/journal')).json().total).toBe(0);
    expect((await call(app.member, 'DELETE', `/api/journal/${mine.id}`)).statusCode).toBe(204);
  });
});

describe('parseTags', () => {
  it('trims, lower-cases and removes duplicates', () => {
    expect(parseTags(' Faith ,prayer,, FAITH , Growth ')).toEqual(['faith', 'prayer', 'growth']);
  });
});
