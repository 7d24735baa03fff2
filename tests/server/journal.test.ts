import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import esStrings from '#shared/i18n/es.json' with { type: 'json' };
import { POPULAR_TAGS, parseTags } from '#shared/schemas/journal.ts';
import { useTestApp } from '../helpers/app.ts';

const app = useTestApp({ bibles: true }, { member: {}, other: {}, writer: {} });
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

  it('stores the preset tags as keys: tagged in Spanish, found and shown in English, exported in the exporter’s language', async () => {
    const es = await call(
      app.writer,
      'POST',
      '/api/journal',
      { content: 'Dios proveyó.', tags: 'Fe, oración, Provisión, familia', status: 'published' },
      'es',
    );
    expect(es.statusCode).toBe(201);
    // Presets become their keys (the reader's language shows them); a free tag stays as typed.
    expect(es.json().tags).toEqual(['faith', 'prayer', 'provision', 'familia']);
    const en = await call(app.writer, 'POST', '/api/journal', {
      content: 'Prayed for the family.',
      tags: ['prayer', 'oración', 'faith'],
    });
    expect(en.json().tags).toEqual(['prayer', 'faith']);
    // The filter matches across languages, by key or by either language's word.
    for (const tag of ['prayer', 'oración', 'Oración']) {
      const found = await call(app.writer, 'GET', `/api/journal?tag=${encodeURIComponent(tag)}`);
      expect({ tag, total: found.json().total }).toEqual({ tag, total: 2 });
    }
    // Edited in Spanish: the words are the same tags.
    const edited = await call(
      app.writer,
      'PATCH',
      `/api/journal/${en.json().id}`,
      { tags: 'oración, fe, crecimiento' },
      'es',
    );
    expect(edited.json().tags).toEqual(['prayer', 'faith', 'growth']);
    const mdEs = await call(app.writer, 'GET', '/api/journal/export', undefined, 'es');
    expect(mdEs.body).toContain('Etiquetas: #fe #oración #provisión #familia');
    expect(mdEs.body).toContain('Etiquetas: #oración #fe #crecimiento');
    const mdEn = await call(app.writer, 'GET', '/api/journal/export');
    expect(mdEn.body).toContain('Tags: #faith #prayer #provision #familia');
    for (const id of [es.json().id, en.json().id]) {
      await call(app.writer, 'DELETE', `/api/journal/${id}`);
    }
  });

  it('names an entry without a title by its state: an untitled draft, or an untitled entry once published', async () => {
    const draft = await call(app.writer, 'POST', '/api/journal', { content: 'a draft' });
    const published = await call(app.writer, 'POST', '/api/journal', {
      content: 'published without a title',
      status: 'published',
    });
    const en = (await call(app.writer, 'GET', '/api/journal/export')).body;
    expect(en).toContain('## Untitled draft\n\n_');
    expect(en).toMatch(/## Untitled entry\n\n_\d{4}-\d{2}-\d{2} · Published_/);
    const es = (await call(app.writer, 'GET', '/api/journal/export', undefined, 'es')).body;
    expect(es).toMatch(/## Borrador sin título\n\n_\d{4}-\d{2}-\d{2} · Borrador_/);
    expect(es).toMatch(/## Entrada sin título\n\n_\d{4}-\d{2}-\d{2} · Publicada_/);
    for (const id of [draft.json().id, published.json().id]) {
      await call(app.writer, 'DELETE', `/api/journal/${id}`);
    }
  });

  it('migration 0013 turns the preset words of both languages into their keys, once each, in place', async () => {
    const db = app.t.database.db;
    const made = await call(app.writer, 'POST', '/api/journal', { content: 'before the keys' });
    const id = made.json().id as string;
    const other = await call(app.writer, 'POST', '/api/journal', { content: 'free tags only' });
    // As entries were stored before: the words of the interface they were tagged in.
    const old = ['fe', 'familia', 'faith', 'oración', 'adoración', 'crecimiento', 'provisión'];
    await db.execute(
      sql`update journal_entry set tags = ${JSON.stringify(old)}::jsonb where id = ${id}`,
    );
    await db.execute(
      sql`update journal_entry set tags = '["familia","hope"]'::jsonb where id = ${other.json().id}`,
    );
    const migration = readFileSync(
      new URL('../../drizzle/0014_journal_tag_keys.sql', import.meta.url),
      'utf8',
    );
    await db.execute(sql.raw(migration));
    const tagsOf = async (entry: string) =>
      (await call(app.writer, 'GET', `/api/journal/${entry}`)).json().tags;
    expect(await tagsOf(id)).toEqual([
      'faith',
      'familia',
      'prayer',
      'worship',
      'growth',
      'provision',
    ]);
    expect(await tagsOf(other.json().id)).toEqual(['familia', 'hope']);
    // Every preset's Spanish word of the locale file is mapped by the migration.
    for (const key of POPULAR_TAGS) {
      expect(migration).toContain(`WHEN '${esStrings.journal.tagNames[key]}' THEN '${key}'`);
    }
    for (const entry of [id, other.json().id])
      await call(app.writer, 'DELETE', `/api/journal/${entry}`);
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
