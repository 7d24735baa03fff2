import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PHONE,
  e2eAvailable,
  expectAccessible,
  newContext,
  screenshot,
  signUpMember,
  useE2EServer,
} from './browser.ts';

/**
 * What a member does on a drawn page before the app has it (src/delivery/README.md, "Before the
 * app"): every kind of control answers at once and ends exactly as the member left it once the
 * app has the page: a text field, a select, a checkbox, a radio (a privacy choice), a time left,
 * a switch, a tab, a menu, a press and a form sent, in the order made. The app's code is held
 * back two seconds (the entry is not), so that everything here happens before the takeover.
 */
const enabled = e2eAvailable();
const e2e = useE2EServer('before-the-app');

/** The app's scripts (not the entry, which holds what is done) arrive late. */
async function slowApp(page: Page, ms = 2000) {
  await page.route(/\/assets\/(?!index-|boot-).*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => undefined);
  });
}

/** Holds the app's scripts (not the boot script) until the returned function is called. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!index-|boot-).*\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

const appReady = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.app === 'ready');

const taken = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, {
    timeout: 20_000,
  });

async function member(lang: 'es' | 'en', timezoneId = 'America/Mexico_City') {
  const context = await newContext(e2e.browser, {
    viewport: PHONE,
    locale: lang === 'es' ? 'es-MX' : 'en-US',
    timezoneId,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await signUpMember(page, e2e.base, lang);
  return { context, page };
}

const post = async (page: Page, url: string, data: object) => {
  const res = await page.request.post(`${e2e.base}${url}`, {
    headers: { origin: e2e.base, 'accept-language': 'es' },
    data,
  });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
};

describe.runIf(enabled)('before the app has the page', () => {
  it('a prayer request written and sent: its title, category (a select), urgency (a checkbox), all kept', async () => {
    const { context, page } = await member('es');
    await slowApp(page);
    await page.goto(`${e2e.base}/prayer`);
    await page.getByRole('heading', { name: 'Agregar una petición de oración' }).waitFor();
    expect(await appReady(page)).toBe(false);
    await page.getByLabel('Título').fill('Por el trabajo de mi hermano');
    await page.getByLabel('Categoría').selectOption('family');
    await page.getByLabel('Urgente').check();
    await page.getByRole('button', { name: 'Agregar petición' }).click();
    expect(await appReady(page)).toBe(false);
    await taken(page);
    await page.getByRole('tabpanel').getByText('Por el trabajo de mi hermano').first().waitFor();
    const saved = (await (
      await page.request.get(`${e2e.base}/api/prayers?status=active&page=1`)
    ).json()) as { items: { title: string; category: string; urgent: boolean }[] };
    expect(saved.items.map(({ title, category, urgent }) => ({ title, category, urgent }))).toEqual(
      [{ title: 'Por el trabajo de mi hermano', category: 'family', urgent: true }],
    );
    await context.close();
  });

  it('the support form is drawn with the member’s name and e-mail and no subject chosen: a subject never chosen is never sent', async () => {
    const { context, page } = await member('es');
    const email = (
      (await (await page.request.get(`${e2e.base}/api/auth/user`)).json()) as {
        email: string;
      }
    ).email;
    await slowApp(page);
    await page.goto(`${e2e.base}/support`);
    const subject = page.getByLabel('Asunto');
    await subject.waitFor();
    expect(await appReady(page)).toBe(false);
    // As drawn, before the app: their own name and address, the subject still to choose.
    expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Rut Moabita');
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(email);
    expect(await subject.inputValue()).toBe('');
    await page.getByLabel('Mensaje').fill('No puedo abrir la lección 3 en mi teléfono.');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await taken(page);
    // Sent without a subject: the form says so, and nothing was filed.
    await page.getByText('Este campo es obligatorio').waitFor();
    expect(await page.getByLabel('Mensaje').inputValue()).toBe(
      'No puedo abrir la lección 3 en mi teléfono.',
    );
    const tickets = (await (await page.request.get(`${e2e.base}/api/support/tickets`)).json()) as {
      items: unknown[];
    };
    expect(tickets.items).toEqual([]);
    await context.close();
  });

  it('a tab pressed shows its panel at once, and stays chosen once the app has the page', async () => {
    const { context, page } = await member('es');
    await slowApp(page);
    await page.goto(`${e2e.base}/prayer`);
    const answered = page.getByRole('tab', { name: /^Respondidas/ });
    await answered.click();
    expect(await appReady(page)).toBe(false);
    // At once: chosen, its panel in view (its empty state), the other's not.
    expect(await answered.getAttribute('aria-selected')).toBe('true');
    await page.getByText('Aún no hay oraciones respondidas').waitFor();
    await screenshot(page, 'before-app-prayer-answered-tab-es-phone');
    await taken(page);
    expect(await answered.getAttribute('aria-selected')).toBe('true');
    await page.getByText('Aún no hay oraciones respondidas').waitFor();
    // The app has it: the keyboard moves between the tabs.
    await answered.focus();
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => page.getByRole('tab', { name: /^Activas/ }).getAttribute('aria-selected'))
      .toBe('true');
    await expectAccessible(page, 'prayer, tabs chosen before and after the takeover (es)');
    await context.close();
  });

  it('“Membership only” chosen on an invitation joins with exactly that: the leaders see no progress', async () => {
    const leader = await member('es');
    const group = await post(leader.page, '/api/groups', {
      name: 'Célula de los martes',
      language: 'es',
      path: { kind: 'course', courseId: '101' },
      startsOn: new Date().toISOString().slice(0, 10),
    });
    const { token } = await post(leader.page, `/api/groups/${String(group.id)}/invitations`, {});
    const { context, page } = await member('es');
    await slowApp(page);
    await page.goto(`${e2e.base}/invitations/${String(token)}`);
    await page.getByRole('heading', { name: 'Célula de los martes' }).waitFor();
    expect(await appReady(page)).toBe(false);
    await page.getByText('Solo membresía').click();
    await page.getByRole('button', { name: 'Unirme al grupo' }).click();
    await page.waitForURL(/\/groups\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const mine = (await (await page.request.get(`${e2e.base}/api/groups`)).json()) as {
      items: { id: string; level: string }[];
    };
    expect(mine.items.find((g) => g.id === group.id)?.level).toBe('membership');
    await Promise.all([context.close(), leader.context.close()]);
  });

  it('a reminder time typed and left, and a switch flipped, are saved (no offer of another zone)', async () => {
    const { context, page } = await member('es');
    await slowApp(page);
    await page.goto(`${e2e.base}/notification-settings`);
    const reading = page.getByRole('group', { name: 'Recordatorio de lectura diaria' });
    await reading.waitFor();
    // The member's device and account are both in Mexico City: no zone is offered, before
    // the app has the page or after.
    expect(await page.getByRole('button', { name: /^Usar / }).count()).toBe(0);
    expect(await appReady(page)).toBe(false);
    const time = reading.getByLabel('Hora');
    await time.fill('06:30');
    await page.keyboard.press('Tab');
    const weekly = page.getByRole('switch', { name: 'Progreso semanal' });
    const before = await weekly.getAttribute('aria-checked');
    await weekly.click();
    // Flipped at once.
    expect(await weekly.getAttribute('aria-checked')).toBe(before === 'true' ? 'false' : 'true');
    expect(await appReady(page)).toBe(false);
    await taken(page);
    expect(await page.getByRole('button', { name: /^Usar / }).count()).toBe(0);
    await expect
      .poll(async () => {
        const res = await page.request.get(`${e2e.base}/api/notification-settings`);
        const body = (await res.json()) as {
          settings: { kinds: { dailyReading: { time: string } } };
          toggles: { weeklyProgress: boolean };
        };
        return [body.settings.kinds.dailyReading.time, body.toggles.weeklyProgress];
      })
      .toEqual(['06:30', before !== 'true']);
    await page.reload();
    await expect.poll(() => time.inputValue()).toBe('06:30');
    await context.close();
  });

  it('menus open at once; a group member’s action chosen in one is done once the app has the page', async () => {
    const leader = await member('es');
    const group = await post(leader.page, '/api/groups', {
      name: 'Jóvenes',
      language: 'es',
      path: { kind: 'course', courseId: '101' },
      startsOn: new Date().toISOString().slice(0, 10),
    });
    const { token } = await post(leader.page, `/api/groups/${String(group.id)}/invitations`, {});
    const joiner = await member('es');
    await post(joiner.page, `/api/invitations/${String(token)}/accept`, { level: 'progress' });
    const page = leader.page;
    // The app's scripts wait until the menu has been used: what opens it is the page alone (a
    // delay instead raced the click, which, on a member's page, starts the app on hover).
    const release = await holdApp(page);
    // As the server draws it: a drawing past its deadline on a busy machine sends the app's
    // shell instead, by design, which shows nothing until the app runs: asked again until drawn.
    await expect
      .poll(
        async () => {
          await page.goto(`${e2e.base}/groups/${String(group.id)}`, {
            waitUntil: 'domcontentloaded',
          });
          return page.evaluate(() => document.getElementById('root')?.dataset.prerendered);
        },
        { timeout: 60_000 },
      )
      .toBe('member');
    const actions = page.getByRole('button', { name: 'Acciones para Rut Moabita' });
    await actions.click();
    const menu = page.getByRole('menu', { name: 'Acciones para Rut Moabita' });
    await menu.waitFor();
    expect(await appReady(page)).toBe(false);
    await screenshot(page, 'before-app-member-menu-es-phone');
    await menu.getByRole('menuitem', { name: 'Hacer colíder' }).click();
    expect(await appReady(page)).toBe(false);
    release();
    await taken(page);
    // Making a co-leader asks first (words-and-consent row 42): the press opened that question.
    const ask = page.getByRole('alertdialog', { name: '¿Nombrar colíder a Rut Moabita?' });
    await ask.getByRole('button', { name: 'Nombrar colíder' }).click();
    await expect
      .poll(async () => {
        const res = await page.request.get(
          `${e2e.base}/api/groups/${String(group.id)}/members?sort=name&order=asc&page=1`,
        );
        const body = (await res.json()) as { leaderRows: { firstName: string; role: string }[] };
        return body.leaderRows.find((r) => r.firstName === 'Rut' && r.role !== 'leader')?.role;
      })
      .toBe('co-leader');
    // The account menu opens before the app too: a popover the browser opens itself.
    await page.goto(`${e2e.base}/journal`);
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
    await page
      .getByRole('menu', { name: 'Menú de la cuenta' })
      .getByRole('menuitem', {
        name: 'Configuración de la cuenta',
      })
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu', { name: 'Menú de la cuenta' }).waitFor({ state: 'hidden' });
    await Promise.all([leader.context.close(), joiner.context.close()]);
  });

  it('a tag pressed, then the entry published: done in that order (the entry has its tag)', async () => {
    const { context, page } = await member('es');
    await slowApp(page);
    await page.goto(`${e2e.base}/journal`);
    const editor = page.locator('form', { has: page.getByLabel('¿Qué hay en tu corazón?') });
    await editor.getByLabel('¿Qué hay en tu corazón?').fill('Hoy aprendí a esperar.');
    await editor.getByRole('button', { name: '#fe' }).click();
    await page.getByRole('button', { name: 'Publicar' }).click();
    expect(await appReady(page)).toBe(false);
    await taken(page);
    await expect
      .poll(async () => {
        const res = await page.request.get(`${e2e.base}/api/journal?page=1`);
        const body = (await res.json()) as { items: { content: string; tags: string[] }[] };
        return body.items.map(({ content, tags }) => ({ content, tags }));
      })
      .toEqual([{ content: 'Hoy aprendí a esperar.', tags: ['faith'] }]);
    await context.close();
  });

  it('text typed before the app and the page left before it came (a reload, the address bar): back on the next visit, and saved as the app saves it', async () => {
    const { context, page } = await member('es');
    // The journal: a title and a text typed, then the page reloaded, all before the app.
    let release = await holdApp(page);
    await page.goto(`${e2e.base}/journal`);
    await page.getByLabel('¿Qué hay en tu corazón?').waitFor();
    await page.getByLabel('Título (opcional)').fill('Antes de la app');
    await page.getByLabel('¿Qué hay en tu corazón?').fill('Escrito en el primer segundo.');
    expect(await appReady(page)).toBe(false);
    await page.reload();
    release();
    await taken(page);
    await expect
      .poll(() => page.getByLabel('Título (opcional)').inputValue())
      .toBe('Antes de la app');
    expect(await page.getByLabel('¿Qué hay en tu corazón?').inputValue()).toBe(
      'Escrito en el primer segundo.',
    );
    // The app keeps it now (its own key), the entry's copy is gone.
    const kept = await page.evaluate(() => Object.keys(sessionStorage));
    expect(kept.filter((key) => key.includes(':typed:'))).toEqual([]);
    expect(kept.filter((key) => key.endsWith(':journal:new'))).toHaveLength(1);

    // A lesson's answer typed before the app, then another page opened from the address bar.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    release = await holdApp(page);
    await page.goto(`${e2e.base}/lesson/101-1`);
    await page.getByLabel('Tu respuesta').fill('Quiero orar cada mañana.');
    expect(await appReady(page)).toBe(false);
    await page.goto(`${e2e.base}/prayer`);
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(`${e2e.base}/lesson/101-1`);
    await expect
      .poll(() => page.getByLabel('Tu respuesta').inputValue())
      .toBe('Quiero orar cada mañana.');
    // …and saved by the lesson's autosave, as if typed once the app had the page.
    await page.getByText('Respuesta guardada').waitFor();
    const lesson = (await (await page.request.get(`${e2e.base}/api/lessons/101-1`)).json()) as {
      response: string;
    };
    expect(lesson.response).toBe('Quiero orar cada mañana.');
    await screenshot(page, 'before-app-typed-back-lesson-es-phone');
    await context.close();
  });

  it('a journal draft’s title and text come back after a reload, both (Spanish phone)', async () => {
    const { context, page } = await member('es');
    await page.goto(`${e2e.base}/journal`);
    await taken(page);
    await page.getByLabel('Título (opcional)').fill('Salmo 23');
    await page.getByLabel('¿Qué hay en tu corazón?').fill('El Señor es mi pastor.');
    await page.reload();
    await taken(page);
    await expect.poll(() => page.getByLabel('Título (opcional)').inputValue()).toBe('Salmo 23');
    expect(await page.getByLabel('¿Qué hay en tu corazón?').inputValue()).toBe(
      'El Señor es mi pastor.',
    );
    await context.close();
  });
});
