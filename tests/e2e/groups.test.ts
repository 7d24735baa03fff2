import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  e2eAvailable,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectNoRawKeys,
  newContext,
  screenshot,
  signUpMember,
  useE2EServer,
  expectToast,
} from './browser.ts';

const enabled = e2eAvailable();
const e2e = useE2EServer('groups');

const GROUP = 'Thursday Foundations';
const NOTE = "Thursdays 7 pm, the Garcías' home";
const REFLECTION = 'This week I will thank God each morning before I open my phone.';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** A member signed up through the API with their own name (the forms are shell.test.ts's). */
async function signUpAs(page: Page, first: string, lang: 'en' | 'es'): Promise<void> {
  const headers = { origin: e2e.base, 'accept-language': lang };
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const res = await page.request.post(`${e2e.base}/api/auth/sign-up/email`, {
    headers,
    data: {
      firstName: first,
      lastName: 'Example',
      name: `${first} Example`,
      email: `${first.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}-${Date.now()}@example.com`,
      password: 'a good long password',
      timeZone,
      language: lang,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const verified = await page.request.post(`${e2e.base}/api/user/verify-age`, {
    headers,
    data: { ageVerified: true },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

async function open(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  // about:blank has no origin for page.evaluate's time zone: open the site first.
  await page.goto(`${e2e.base}/about-us`);
  return { page, errors: collectErrors(page) };
}

describe.runIf(enabled)('small groups in Chromium: three people at once', () => {
  it('a leader (en) invites; a member (es, progress) and a member (reflections) join; a reflection is shared; one leaves', async () => {
    const [leaderContext, mariaContext, juanContext] = await Promise.all([
      newContext(e2e.browser, { viewport: DESKTOP, locale: 'en-US' }),
      newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' }),
      newContext(e2e.browser, { viewport: DESKTOP, locale: 'en-US' }),
    ]);
    const leader = await open(leaderContext);
    const maria = await open(mariaContext);
    const juan = await open(juanContext);
    const L = leader.page;
    const M = maria.page;
    const J = juan.page;

    // ── The leader, in English: the empty list explains groups, then creates one ──
    await signUpMember(L, e2e.base, 'en');
    await L.goto(`${e2e.base}/groups`);
    await L.getByRole('heading', { name: 'No groups yet' }).waitFor();
    await expectAccessible(L, 'groups, empty');
    await expectNoRawKeys(L, 'groups, empty');
    await screenshot(L, 'groups-empty-en-desktop');
    await L.getByRole('button', { name: 'Create a group' }).click();
    await L.getByRole('heading', { name: 'Create a group' }).waitFor();
    // Nothing typed: a translated error, and the meeting note already typed is kept.
    await L.getByLabel('Meeting note (optional)').fill(NOTE);
    await L.getByRole('button', { name: 'Create group' }).click();
    await L.getByText('This field is required').waitFor();
    expect(await L.getByLabel('Meeting note (optional)').inputValue()).toBe(NOTE);
    await expectAccessible(L, 'create a group, with an error');
    await L.getByLabel('Group name').fill(GROUP);
    await L.getByLabel('Path').selectOption({ label: 'Christianity 101: Foundations' });
    await L.getByRole('button', { name: 'Create group' }).click();
    await L.waitForURL(/\/groups\/[0-9a-f-]{36}$/);
    const groupUrl = L.url();
    const groupId = groupUrl.split('/').pop()!;
    await L.getByRole('heading', { level: 1, name: GROUP }).waitFor();

    // An invitation link (14 days by default), with its QR code.
    expect(await L.getByLabel('Link expires in').inputValue()).toBe('14');
    await L.getByRole('button', { name: 'Create invitation link' }).click();
    await L.getByRole('img', { name: 'QR code of the invitation link' }).waitFor();
    const link = await L.getByLabel('Invitation link', { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`^${e2e.base}/invitations/[\\w-]+$`));

    // ── María, a visitor in Spanish on a phone: the link survives sign-up and the age gate ──
    // ── Juan, already a member in English, joins at the same time ──
    await Promise.all([
      (async () => {
        await M.goto(link);
        await M.getByRole('heading', { level: 1, name: GROUP }).waitFor();
        await M.getByText('Dirigido por Rut').waitFor();
        await M.getByText(NOTE).waitFor();
        await expectAccessible(M, 'invitation, visitor (es)');
        await screenshot(M, 'group-invitation-es-phone');
        await M.getByRole('link', { name: 'Crear una cuenta para unirme' }).click();
        await M.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
        await M.getByLabel('Nombre', { exact: true }).fill('María');
        await M.getByLabel('Apellido').fill('Example');
        await M.getByLabel('Correo electrónico').fill(`maria-${Date.now()}@example.com`);
        await M.getByLabel('Contraseña', { exact: true }).fill('a good long password');
        await M.getByRole('button', { name: 'Crear cuenta' }).click();
        // Back on the invitation, behind the age gate.
        await M.waitForURL(/\/invitations\//);
        const gate = M.getByRole('dialog', { name: 'Verificación de edad' });
        await gate.getByRole('checkbox').click();
        await gate.getByRole('button', { name: 'Continuar' }).click();
        await gate.waitFor({ state: 'detached' });
        // The consent choice: "Progress" is the default.
        await M.getByRole('group', {
          name: 'Lo que pueden ver el líder y los colíderes',
        }).waitFor();
        // Nothing is chosen for her (ADR 0065): joining without a choice asks for one.
        const consent = M.getByRole('group', {
          name: 'Lo que pueden ver el líder y los colíderes',
        });
        for (const radio of await consent.getByRole('radio').all()) {
          expect(await radio.isChecked()).toBe(false);
        }
        await M.getByRole('button', { name: 'Unirme al grupo' }).click();
        await M.getByRole('alert')
          .filter({ hasText: 'Elige qué pueden ver el líder y los colíderes y luego únete.' })
          .waitFor();
        await M.getByText('Progreso', { exact: true }).click();
        expect(await M.getByRole('radio', { name: 'Progreso', exact: true }).isChecked()).toBe(
          true,
        );
        await M.getByRole('alert')
          .filter({ hasText: 'Elige qué pueden ver' })
          .waitFor({ state: 'detached' });
        // What follows from the choice later, said before joining (words-and-consent rows 15, 41).
        await M.getByText(
          'si eliges un nivel menor, tus reflexiones dejan de compartirse de inmediato. Quien el líder nombre colíder más adelante verá lo mismo.',
          { exact: false },
        ).waitFor();
        await expectAccessible(M, 'invitation, consent choice (es)');
        await screenshot(M, 'group-consent-es-phone');
        await M.getByRole('button', { name: 'Unirme al grupo' }).click();
        await M.waitForURL(groupUrl);
        await M.getByRole('heading', { name: 'Tu ritmo' }).waitFor();
      })(),
      (async () => {
        await signUpAs(J, 'Juan', 'en');
        await J.goto(link);
        await J.getByText('Progress and chosen reflections').click();
        expect(
          await J.getByRole('radio', { name: /^Progress and chosen reflections/ }).isChecked(),
        ).toBe(true);
        await J.getByRole('button', { name: 'Join the group' }).click();
        await J.waitForURL(groupUrl);
        await J.getByRole('heading', { name: 'Your pace' }).waitFor();
      })(),
    ]);

    // ── Juan shares his reflection on the first lesson of the path ──
    const detail = (await (await J.request.get(`${e2e.base}/api/groups/${groupId}`)).json()) as {
      lessons: { id: string; title: string }[];
    };
    const lesson = detail.lessons[0]!;
    await J.goto(`${e2e.base}/lesson/${lesson.id}`);
    await J.getByRole('heading', { name: 'Share with your group' }).waitFor();
    await J.getByText('Write your reflection first, then share it.').waitFor();
    await J.getByLabel('Your response').fill(REFLECTION);
    await J.getByText('Response saved').waitFor();
    // The group keeps reflections to its leaders: the one button says so, and so does the line
    // once shared (no button to show it to the members).
    expect(await J.getByRole('button', { name: `Share with everyone in ${GROUP}` }).count()).toBe(
      0,
    );
    await J.getByRole('button', { name: `Share with the leaders of ${GROUP}` }).click();
    await J.getByRole('button', { name: `Stop sharing with ${GROUP}` }).waitFor();
    await J.getByText(
      `Shared with the leader and co-leaders of ${GROUP}: edits show there too.`,
    ).waitFor();
    await expectAccessible(J, 'lesson with the share panel');
    await screenshot(J, 'group-share-reflection-en-desktop');

    // ── The leader's dashboard: both members with what each consented to, sortable ──
    await L.reload();
    const rows = L.getByTestId('member-row');
    await expect.poll(() => rows.count()).toBe(3);
    const row = (name: string) => rows.filter({ hasText: name });
    await row('María Example').getByText('Progress', { exact: true }).waitFor();
    await row('Juan Example').getByText('Progress and reflections').waitFor();
    await row('Juan Example').getByText('1 reflection shared').waitFor();
    await row('Juan Example').getByText('0 of 18 lessons').waitFor();
    // Sorted by name, then the other way round.
    const names = async () =>
      (await rows.locator('th').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());
    await expect.poll(names).toEqual(['Juan Example', 'María Example', 'Rut Moabita']);
    await L.getByRole('button', { name: 'Name' }).click();
    await expect.poll(names).toEqual(['Rut Moabita', 'María Example', 'Juan Example']);
    // The shared reflection, under its lesson.
    const reflections = L.getByRole('region', { name: lesson.title });
    await reflections.getByText(REFLECTION).waitFor();
    await expectAccessible(L, 'group page, leader');
    await expectNoRawKeys(L, 'group page, leader');
    await expectNoHorizontalOverflow(L, 'group page, leader at 390 px', { at: PHONE });
    await screenshot(L, 'group-leader-en-desktop');

    // A member's actions, in a menu built when first used: by pointer, "Encourage" makes the
    // member the message's recipient; by keyboard, Enter opens it and Escape gives the focus back.
    await L.getByRole('button', { name: 'Actions for María Example' }).click();
    await L.getByRole('menuitem', { name: 'Send encouragement' }).click();
    await L.getByRole('button', { name: 'Send to everyone instead' }).click();
    await L.getByRole('button', { name: 'Send to everyone instead' }).waitFor({
      state: 'detached',
    });
    await L.getByRole('button', { name: 'Actions for Juan Example' }).focus();
    await L.keyboard.press('Enter');
    await L.getByRole('menuitem', { name: 'Make co-leader' }).waitFor();
    await L.keyboard.press('Escape');
    await L.getByRole('menu').waitFor({ state: 'detached' });
    await expect
      .poll(() => L.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Actions for Juan Example');
    // Making a co-leader asks first, saying what changes for the group; cancelled, nothing does.
    await L.getByRole('button', { name: 'Actions for Juan Example' }).click();
    await L.getByRole('menuitem', { name: 'Make co-leader' }).click();
    const promote = L.getByRole('alertdialog', { name: 'Make Juan Example a co-leader?' });
    await promote
      .getByText(
        "Juan Example will see members' progress as you do, and their name will show to every member.",
        { exact: false },
      )
      .waitFor();
    await expectAccessible(L, 'make co-leader: confirmation');
    await L.keyboard.press('Escape');
    await promote.waitFor({ state: 'detached' });
    await row('Juan Example').getByText('Progress and reflections').waitFor();

    // Encourage: three messages a day, the fourth refused in words.
    const message = L.getByLabel('Message', { exact: true });
    for (let i = 1; i <= 3; i++) {
      await message.fill(`Keep going, friends (${i})`);
      await L.getByRole('button', { name: 'Send', exact: true }).click();
      await L.getByText(`${3 - i} message${3 - i === 1 ? '' : 's'} left today`).waitFor();
    }
    await message.fill('One more');
    await L.getByRole('button', { name: 'Send', exact: true }).click();
    await L.getByRole('alert').filter({ hasText: 'messages to this group today' }).waitFor();
    expect(await message.inputValue()).toBe('One more');

    // The leader edits the group's details (not its path): an empty name is refused in words
    // and loses nothing typed; saved, the page shows the new meeting note.
    const NEW_NOTE = 'Fridays 8 pm, the church hall';
    await L.getByRole('button', { name: 'Edit details' }).click();
    await L.getByRole('heading', { name: "Edit the group's details" }).waitFor();
    await L.getByText('Christianity 101: Foundations', { exact: true }).waitFor();
    expect(await L.getByLabel('Path').count()).toBe(0);
    await L.getByLabel('Meeting note (optional)').fill(NEW_NOTE);
    await L.getByLabel('Group name').fill('');
    await L.getByRole('button', { name: 'Save changes' }).click();
    await L.getByText('This field is required').waitFor();
    expect(await L.getByLabel('Meeting note (optional)').inputValue()).toBe(NEW_NOTE);
    await expectAccessible(L, 'edit the group, with an error');
    await screenshot(L, 'group-edit-en-desktop');
    await L.getByLabel('Group name').fill(GROUP);
    await L.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(L, 'Group details saved');
    await L.getByRole('button', { name: 'Edit details' }).waitFor();
    await L.getByText(NEW_NOTE, { exact: false }).first().waitFor();

    // The leader lets members read reflections: Juan's, shared with the leaders, stays with them.
    await L.getByRole('switch', { name: 'Members see shared reflections' }).click();
    await expect
      .poll(() => L.getByRole('switch', { name: 'Members see shared reflections' }).isChecked())
      .toBe(true);

    // ── María's view (es, phone): her own pace, not the others' data; then she leaves ──
    await M.reload();
    await M.getByRole('heading', { name: 'Tu ritmo' }).waitFor();
    await M.getByText('Keep going, friends (1)').waitFor();
    await M.getByText(NEW_NOTE, { exact: false }).first().waitFor();
    expect(await M.getByText(REFLECTION).count()).toBe(0);
    expect(await M.getByText('Juan Example').count()).toBe(0);
    // What the others see of her, from the same field lists the contract test checks: at
    // "Progress" the leaders see her progress; with her profile private, the members see nothing.
    const seen = M.locator('#what-others-see');
    await seen.getByRole('heading', { name: 'Lo que otros ven de mí' }).waitFor();
    await seen.getByText('El último día que usaste Camino (para lo que sea)').waitFor();
    await seen
      .getByText('No mientras «Visibilidad del perfil» esté desactivada.')
      .first()
      .waitFor();
    await expectAccessible(M, 'group page, member (es)');
    await expectNoRawKeys(M, 'group page, member (es)');
    await screenshot(M, 'group-member-es-phone');
    // Juan is asked (a notification) and chooses, on the lesson, to show it to the members too.
    await J.goto(`${e2e.base}/lesson/${lesson.id}`);
    await J.getByText(
      `${GROUP} now lets members read reflections. This one is read only by the leader and co-leaders.`,
    ).waitFor();
    await J.getByRole('button', { name: `Also show it to the members of ${GROUP}` }).click();
    await expectToast(J, "Your reflection is shown to the group's members too");
    await J.getByText(`Shared with everyone in ${GROUP}: edits show there too.`).waitFor();
    await M.reload();
    await M.getByText(REFLECTION).waitFor();
    await M.getByRole('button', { name: 'Salir del grupo' }).click();
    const confirm = M.getByRole('alertdialog', { name: `¿Salir de ${GROUP}?` });
    await confirm.getByRole('button', { name: 'Salir' }).click();
    await M.waitForURL(/\/groups$/);
    await M.getByRole('heading', { name: 'Aún no tienes grupos' }).waitFor();

    // Her data leaves the group at once.
    await L.reload();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await row('María Example').count()).toBe(0);

    // The groups list of the leader, on the dashboard too.
    await L.goto(`${e2e.base}/groups`);
    await L.getByRole('heading', { name: 'Groups you lead' }).waitFor();
    await expectAccessible(L, 'groups list');
    await L.goto(e2e.base);
    await L.getByRole('heading', { name: 'Your groups' }).waitFor();
    await L.getByRole('link', { name: GROUP }).waitFor();

    expect({ leader: leader.errors, maria: maria.errors, juan: juan.errors }).toEqual({
      leader: [],
      maria: [],
      juan: [],
    });
    await Promise.all([leaderContext.close(), mariaContext.close(), juanContext.close()]);
  }, 300_000);

  it('a leader in Spanish on a phone edits the group: errors in words, nothing lost, no sideways scroll', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' });
    const { page, errors } = await open(context);
    await signUpAs(page, 'Ester', 'es');
    const made = await page.request.post(`${e2e.base}/api/groups`, {
      headers: { origin: e2e.base, 'accept-language': 'es' },
      data: {
        name: 'Jóvenes de los jueves',
        language: 'es',
        path: { kind: 'plan', planId: 'gospels', duration: 90 },
        startsOn: new Date().toISOString().slice(0, 10),
        meetingNote: 'Jueves a las 19 h, en el salón de la iglesia',
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    await page.goto(`${e2e.base}/groups/${id}`);
    await page.getByRole('button', { name: 'Editar datos' }).click();
    await page.getByRole('heading', { name: 'Editar los datos del grupo' }).waitFor();
    const note = 'Viernes a las 20 h, en casa de los Pérez (traigan sus Biblias)';
    await page.getByLabel('Nota de reunión (opcional)').fill(note);
    await page.getByLabel('Nombre del grupo').fill('');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Este campo es obligatorio').waitFor();
    // The field with the error has the focus, in view below the sticky header, label and all.
    const name = page.getByLabel('Nombre del grupo');
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    const [header, label] = await Promise.all([
      page.locator('header').first().boundingBox(),
      page.getByText('Nombre del grupo', { exact: true }).boundingBox(),
    ]);
    expect(label!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(await page.getByLabel('Nota de reunión (opcional)').inputValue()).toBe(note);
    await expectNoRawKeys(page, 'edit the group, Spanish phone');
    await expectAccessible(page, 'edit the group, Spanish phone, with an error');
    await screenshot(page, 'group-edit-es-phone');
    await page.getByLabel('Nombre del grupo').fill('Jóvenes de los viernes');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expectToast(page, 'Datos del grupo guardados');
    await page.getByRole('heading', { name: 'Jóvenes de los viernes' }).waitFor();
    await page.getByText(note, { exact: false }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
  it('a study sheet: built on a phone in Spanish, read without JavaScript in under 60 KB, kept offline, printed', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-MX' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.base });
    const { page, errors } = await open(context);
    await signUpAs(page, 'Rebeca', 'es');
    const made = await page.request.post(`${e2e.base}/api/groups`, {
      headers: { origin: e2e.base, 'accept-language': 'es' },
      data: {
        name: 'Célula Betania',
        language: 'es',
        path: { kind: 'course', courseId: '101' },
        startsOn: new Date().toISOString().slice(0, 10),
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    await page.goto(`${e2e.base}/groups/${id}`);
    const sheets = page.locator('section, div').filter({
      has: page.getByRole('heading', { name: 'Hojas de estudio' }),
    });
    await page.getByText('Aún no hay hojas de estudio.').waitFor();
    await page.getByRole('button', { name: 'Nueva hoja' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('heading', { name: 'Nueva hoja de estudio' }).waitFor();
    await editor.getByLabel('Título').fill('El buen pastor');
    const passage = editor.getByLabel('Agregar un pasaje');
    // A reference that names nothing: said in words, and the text stays to be corrected.
    await passage.fill('Juan 99:1');
    await editor.getByRole('button', { name: 'Agregar', exact: true }).click();
    await editor.getByText('No encontramos «Juan 99:1».', { exact: false }).waitFor();
    expect(await passage.inputValue()).toBe('Juan 99:1');
    await passage.fill('Jn 10:11-14');
    await passage.press('Enter');
    await editor.getByText('Juan 10:11-14').waitFor();
    await passage.fill('Salmo 23');
    await editor.getByRole('button', { name: 'Agregar', exact: true }).click();
    await editor.getByText('Salmo 23', { exact: true }).waitFor();
    await editor.getByRole('button', { name: 'Agregar una pregunta' }).click();
    await editor
      .getByRole('textbox', { name: 'Pregunta 1' })
      .fill('¿Dónde necesitas su cuidado esta semana?');
    await editor.getByRole('button', { name: 'Agregar una pregunta' }).click();
    await editor
      .getByRole('textbox', { name: 'Pregunta 2' })
      .fill('¿Qué hace el buen pastor por sus ovejas?');
    // The question to read first goes first.
    await editor
      .getByRole('button', { name: 'Subir: ¿Qué hace el buen pastor por sus ovejas?' })
      .click();
    expect(await editor.getByRole('textbox', { name: 'Pregunta 1' }).inputValue()).toBe(
      '¿Qué hace el buen pastor por sus ovejas?',
    );
    await editor.getByLabel('Para orar').fill('Oremos por los que están lejos del redil.');
    // The choice is a card: the member taps its words.
    await editor.getByText('Cualquiera con el enlace', { exact: true }).click();
    expect(await editor.getByRole('radio', { name: 'Cualquiera con el enlace' }).isChecked()).toBe(
      true,
    );
    await expectAccessible(page, 'study sheet editor (es, phone)');
    await expectNoHorizontalOverflow(page, 'study sheet editor (es, phone)');
    await screenshot(page, 'group-sheet-editor-es-phone');
    await editor.getByRole('button', { name: 'Guardar hoja' }).click();
    await expectToast(page, 'Hoja de estudio guardada');
    await sheets.getByText('El buen pastor').first().waitFor();
    await sheets.getByText('Juan 10:11-14; Salmo 23').first().waitFor();
    await expectNoRawKeys(page, 'study sheets (es, phone)');
    await expectAccessible(page, 'study sheets (es, phone)');
    await screenshot(page, 'group-sheets-es-phone');
    await page.getByRole('button', { name: 'Copiar enlace' }).first().click();
    await expectToast(page, 'Enlace copiado');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${e2e.base}/sheet/[\\w-]{24}$`));

    // WhatsApp's in-app browser without JavaScript, a visitor reading English: all of it, small.
    const visitor = await e2e.browser.newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const reader = await visitor.newPage();
    const cdp = await visitor.newCDPSession(reader);
    await cdp.send('Network.enable');
    let transferred = 0;
    cdp.on('Network.loadingFinished', (event) => {
      transferred += event.encodedDataLength;
    });
    await reader.goto(link, { waitUntil: 'load' });
    await reader.getByRole('heading', { name: 'El buen pastor' }).waitFor();
    await reader.getByText('I am the good shepherd', { exact: false }).first().waitFor();
    await reader.getByText('The LORD is my shepherd', { exact: false }).waitFor();
    await reader.getByText('¿Qué hace el buen pastor por sus ovejas?').waitFor();
    await reader.getByText('Oremos por los que están lejos del redil.').waitFor();
    expect(await reader.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(transferred).toBeGreaterThan(0);
    expect(transferred, 'bytes on the wire for the sheet without JavaScript').toBeLessThan(
      60 * 1024,
    );
    // (Nothing can be evaluated in a page without JavaScript: its overflow is checked below.)
    await screenshot(reader, 'group-sheet-nojs-en-phone', { scripts: false });
    await visitor.close();

    // The leader opens it with JavaScript: Print shows, and the sheet is kept for offline.
    await page.goto(link);
    await page.getByRole('button', { name: 'Imprimir' }).waitFor();
    await page.getByText('JEHOVÁ es mi pastor', { exact: false }).waitFor();
    await expectAccessible(page, 'study sheet (es, phone)');
    await screenshot(page, 'group-sheet-es-phone');
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/sheet/');
          const kept = await caches.match(location.href, {
            cacheName: 'camino-sheets',
            ignoreVary: true,
          });
          return Boolean(registration?.active) && kept !== undefined;
        }),
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await page.getByText('JEHOVÁ es mi pastor', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'El buen pastor' }).waitFor();
    await context.setOffline(false);
    // Printed: no header, no buttons, only the sheet.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    expect(await page.locator('header').isVisible()).toBe(false);
    await screenshot(page, 'group-sheet-print-es');
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
  it('a meeting recorded in a minute on a phone, once online and once offline; each member sees only their attendance', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-MX' });
    const { page, errors } = await open(context);
    await signUpAs(page, 'Priscila', 'es');
    const headers = { origin: e2e.base, 'accept-language': 'es' };
    const made = await page.request.post(`${e2e.base}/api/groups`, {
      headers,
      data: {
        name: 'Célula Corinto',
        language: 'es',
        path: { kind: 'course', courseId: '101' },
        startsOn: today,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const link = await page.request.post(`${e2e.base}/api/groups/${id}/invitations`, {
      headers,
      data: { maxUses: 5 },
    });
    const { token } = (await link.json()) as { token: string };
    await page.request.post(`${e2e.base}/api/groups/${id}/sheets`, {
      headers,
      data: { title: 'La vid verdadera', passages: ['John.15.1-John.15.8'], questions: [] },
    });
    const members: { context: BrowserContext; page: Page }[] = [];
    for (const name of ['Aquila', 'Lidia']) {
      const c = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-MX' });
      const { page: p } = await open(c);
      await signUpAs(p, name, 'es');
      const joined = await p.request.post(`${e2e.base}/api/invitations/${token}/accept`, {
        headers,
        data: { level: 'membership' },
      });
      expect(joined.status(), await joined.text()).toBe(200);
      members.push({ context: c, page: p });
    }

    // A scripted leader: each tap and each character typed is counted, and the form's time is
    // estimated with the keystroke-level model for a phone (Card, Moran & Newell; a tap is
    // a decision, 1.2 s, plus reaching the target, 1.1 s; a character on a phone keyboard, 0.35 s).
    let taps = 0;
    let typed = 0;
    const tap = async (target: ReturnType<Page['locator']>) => {
      taps += 1;
      await target.click();
    };
    await page.goto(`${e2e.base}/groups/${id}`);
    await tap(page.getByRole('button', { name: 'Registrar una reunión' }));
    const form = page.getByRole('dialog');
    await form.getByRole('heading', { name: 'Registrar una reunión' }).waitFor();
    expect(await form.getByLabel('Fecha de la reunión').inputValue()).toBe(
      await page.evaluate(() => new Date().toLocaleDateString('en-CA')),
    );
    await tap(form.getByRole('button', { name: /Priscila Example/ }));
    await tap(form.getByRole('button', { name: /Aquila Example/ }));
    await form.getByText('2 de 3').waitFor();
    expect(
      await form.getByRole('button', { name: /Aquila Example/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    await tap(form.getByRole('button', { name: 'Una visita más' }));
    await tap(form.getByRole('button', { name: 'Una visita más' }));
    const names = 'Lucía, Tomás';
    typed += names.length;
    await tap(form.getByLabel('Nombres de las visitas (opcional)'));
    await form.getByLabel('Nombres de las visitas (opcional)').fill(names);
    taps += 2; // the list opens, then the sheet is chosen
    await form.getByLabel('Qué estudiaron (opcional)').selectOption({ label: 'La vid verdadera' });
    await expectAccessible(page, 'meeting form (es, phone)');
    await expectNoHorizontalOverflow(page, 'meeting form (es, phone)');
    await screenshot(page, 'group-meeting-form-es-phone');
    await tap(form.getByRole('button', { name: 'Guardar reporte' }));
    await expectToast(page, 'Reunión registrada');
    const estimate = taps * (1.2 + 1.1) + typed * 0.35;
    expect(taps).toBeLessThanOrEqual(10);
    expect(estimate, `${taps} taps and ${typed} characters`).toBeLessThanOrEqual(60);
    const panel = page.locator('section, div').filter({
      has: page.getByRole('heading', { name: 'Reuniones' }),
    });
    await panel.getByText('2 de 3 miembros').first().waitFor();
    await panel.getByText('2 visitas', { exact: false }).first().waitFor();
    await panel.getByText('Tema: La vid verdadera').first().waitFor();
    await page.getByRole('img', { name: 'Asistencia, reunión por reunión' }).waitFor();

    // No connection: the report waits on the phone, and is sent once when it comes back.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Registrar una reunión' }).click();
    await form.getByRole('button', { name: 'Todos' }).click();
    await form.getByText('3 de 3').waitFor();
    await form.getByRole('button', { name: 'Guardar reporte' }).click();
    await expectToast(page, 'Guardado en este dispositivo');
    await context.setOffline(false);
    await page.reload();
    await expect
      .poll(async () => {
        const res = await page.request.get(`${e2e.base}/api/groups/${id}/meetings`);
        return ((await res.json()) as { reports: unknown[] }).reports.length;
      })
      .toBe(2);
    await panel.getByText('3 de 3 miembros').first().waitFor();
    await expectNoRawKeys(page, 'meetings (es, phone)');
    await expectAccessible(page, 'meetings (es, phone)');
    await screenshot(page, 'group-meetings-es-phone');

    // Each member: only whether they came.
    const [aquila, lidia] = members;
    await aquila!.page.goto(`${e2e.base}/groups/${id}`);
    await aquila!.page
      .getByText('Viniste a 2 de 2 reuniones registradas desde que te uniste.')
      .waitFor();
    expect(await aquila!.page.getByRole('button', { name: 'Registrar una reunión' }).count()).toBe(
      0,
    );
    expect(await aquila!.page.getByText('Lucía, Tomás').count()).toBe(0);
    await screenshot(aquila!.page, 'group-meetings-member-es-phone');
    await lidia!.page.goto(`${e2e.base}/groups/${id}`);
    await lidia!.page
      .getByText('Viniste a 1 de 2 reuniones registradas desde que te uniste.')
      .waitFor();
    await expectAccessible(lidia!.page, 'meetings, member (es, phone)');

    // The leader at a desk.
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await panel.getByText('3 de 3 miembros').first().waitFor();
    await screenshot(page, 'group-meetings-es-desktop');
    expect(errors).toEqual([]);
    for (const m of members) await m.context.close();
    await context.close();
  }, 180_000);
  it('a church sees its cells: a pastor makes one, a leader asks with its code, the week in counts; each member keeps their rhythm', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const pastorContext = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-MX' });
    const { page: P, errors } = await open(pastorContext);
    await signUpAs(P, 'Bernabé', 'es');
    // The pastor, on a phone in Spanish: the empty page says what a church is, then makes one.
    await P.goto(`${e2e.base}/churches`);
    await P.getByRole('heading', { name: 'Aún no hay iglesia' }).waitFor();
    await expectAccessible(P, 'churches, empty (es, phone)');
    await expectNoHorizontalOverflow(P, 'churches, empty (es, phone)');
    await screenshot(P, 'churches-empty-es-phone');
    await P.getByRole('button', { name: 'Crear iglesia' }).click();
    await P.getByText('Este campo es obligatorio').first().waitFor();
    await P.getByLabel('Nombre de la iglesia').fill('Iglesia Antioquía');
    await P.getByRole('button', { name: 'Crear iglesia' }).click();
    await P.waitForURL(/\/churches\/[0-9a-f-]{36}$/);
    await P.getByRole('heading', { name: 'Iglesia Antioquía', level: 1 }).waitFor();
    await P.getByText('Ningún grupo pertenece aún a esta iglesia', { exact: false }).waitFor();
    const code = await P.locator('p.font-mono').textContent();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // The leader, at a desk in English, asks with the code on the group's page.
    const leaderContext = await newContext(e2e.browser, { viewport: DESKTOP });
    const { page: L } = await open(leaderContext);
    await signUpAs(L, 'Silas', 'en');
    const headers = { origin: e2e.base, 'accept-language': 'en' };
    const made = await L.request.post(`${e2e.base}/api/groups`, {
      headers,
      data: {
        name: 'Antioch Cell',
        language: 'en',
        path: { kind: 'course', courseId: '101' },
        startsOn: today,
      },
    });
    const { id } = (await made.json()) as { id: string };
    const link = await L.request.post(`${e2e.base}/api/groups/${id}/invitations`, {
      headers,
      data: { maxUses: 5 },
    });
    const { token } = (await link.json()) as { token: string };
    await L.goto(`${e2e.base}/groups/${id}`);
    const churchCard = L.locator('#group-church');
    await churchCard.getByLabel('Church code').fill(code!.toLowerCase());
    await churchCard.getByRole('button', { name: 'Ask to join' }).click();
    await expectToast(L, "Request sent to the church's pastors");
    await churchCard
      .getByText('Waiting for the pastors of Iglesia Antioquía to approve the group.')
      .waitFor();

    // A member joins, sharing progress; the leader reports a meeting she came to.
    const memberContext = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-MX' });
    const { page: M } = await open(memberContext);
    await signUpAs(M, 'Tabita', 'es');
    const joined = await M.request.post(`${e2e.base}/api/invitations/${token}/accept`, {
      headers: { origin: e2e.base },
      data: { level: 'progress' },
    });
    expect(joined.status()).toBe(200);
    const roster = (await (
      await L.request.get(`${e2e.base}/api/groups/${id}/members?sort=name&order=asc&page=1`)
    ).json()) as { leaderRows: { memberId: string }[] };
    const reported = await L.request.post(`${e2e.base}/api/groups/${id}/meetings`, {
      headers,
      data: {
        heldOn: await L.evaluate(() => new Date().toLocaleDateString('en-CA')),
        present: roster.leaderRows.map((r) => r.memberId),
        visitors: 1,
        covered: { kind: 'lesson', id: '101-1' },
        prayer: 'Never for a pastor',
      },
    });
    expect(reported.status(), await reported.text()).toBe(201);

    // The pastor approves, and reads the week: counts, no names but the leader's.
    await P.reload();
    await P.getByText('1 grupo pide unirse').first().waitFor();
    await P.getByRole('button', { name: 'Aprobar Antioch Cell' }).click();
    await expectToast(P, 'Grupo aprobado');
    const week = P.locator('section[aria-labelledby="church-week"]');
    await week.getByRole('heading', { name: 'Antioch Cell' }).waitFor();
    await week.getByText('Silas Example · 2 miembros').filter({ visible: true }).waitFor();
    expect(await P.getByText('Tabita').count()).toBe(0);
    expect(await P.getByText('Never for a pastor').count()).toBe(0);
    await expectAccessible(P, 'church (es, phone)');
    await expectNoHorizontalOverflow(P, 'church (es, phone)');
    await expectNoRawKeys(P, 'church (es, phone)');
    await screenshot(P, 'church-week-es-phone');
    // The CSV, downloaded as a file.
    const [download] = await Promise.all([
      P.waitForEvent('download'),
      P.getByRole('link', { name: 'Descargar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Iglesia-Antioqu.a-\d{4}-\d{2}-\d{2}\.csv$/);
    // The previous week is empty of meetings, and the next is not offered beyond this one.
    expect(await P.getByRole('button', { name: 'Semana siguiente' }).isDisabled()).toBe(true);
    await P.setViewportSize(DESKTOP);
    await P.getByRole('table').getByText('Antioch Cell').waitFor();
    await screenshot(P, 'church-week-es-desktop');

    // The leader sees the group attached; the member sees it too, and her rhythm card.
    await L.reload();
    await churchCard.getByText('This group is part of Iglesia Antioquía.').waitFor();
    await expectAccessible(L, 'group with its church (en, desktop)');
    await M.goto(`${e2e.base}/groups/${id}`);
    await M.locator('#group-church')
      .getByText('Este grupo forma parte de Iglesia Antioquía.')
      .waitFor();
    expect(await M.locator('#group-church').getByRole('button').count()).toBe(0);
    const rhythm = M.locator('#group-rhythm');
    await rhythm.getByText('miembros alcanzaron su meta esta semana', { exact: false }).waitFor();
    await rhythm.getByLabel('Mi meta').selectOption('2');
    await expectToast(M, 'Meta guardada');
    await rhythm.getByText('de tu meta de 2', { exact: false }).waitFor();
    await M.locator('#what-others-see')
      .getByText('Los pastores de Iglesia Antioquía', { exact: false })
      .waitFor();
    // A prayer request shared with the leaders, by her choice, one by one.
    const asked = await M.request.post(`${e2e.base}/api/prayers`, {
      headers: { origin: e2e.base },
      data: { title: 'Trabajo para mi esposo', category: 'family' },
    });
    expect(asked.status(), await asked.text()).toBeLessThan(300);
    await M.reload();
    const prayers = M.locator('#group-prayers');
    const shareIt = prayers.getByRole('button', {
      name: 'Compartir «Trabajo para mi esposo» con los líderes',
    });
    expect(await shareIt.getAttribute('aria-pressed')).toBe('false');
    await shareIt.click();
    await expectToast(M, 'Compartida con los líderes');
    await prayers
      .getByRole('button', { name: 'Dejar de compartir «Trabajo para mi esposo»' })
      .waitFor();
    await L.reload();
    await L.locator('#group-prayers').getByText('1 request shared with the leaders').waitFor();
    await L.locator('#group-prayers').getByText('Trabajo para mi esposo').waitFor();
    await expectAccessible(M, 'group rhythm (es, phone)');
    await expectNoHorizontalOverflow(M, 'group rhythm (es, phone)');
    await M.locator('#group-rhythm').scrollIntoViewIfNeeded();
    await screenshot(M, 'group-rhythm-es-phone');
    await P.setViewportSize(PHONE);
    expect(errors).toEqual([]);
    for (const c of [pastorContext, leaderContext, memberContext]) await c.close();
  }, 180_000);
});
