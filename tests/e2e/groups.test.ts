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
      email: `${first.toLowerCase()}-${Date.now()}@example.com`,
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
        await M.getByRole('group', { name: 'Lo que los líderes pueden ver' }).waitFor();
        expect(await M.getByRole('radio', { name: 'Progreso', exact: true }).isChecked()).toBe(
          true,
        );
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
    await J.getByRole('button', { name: `Share with ${GROUP}` }).click();
    await J.getByRole('button', { name: `Stop sharing with ${GROUP}` }).waitFor();
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
    await L.getByText('Group details saved').first().waitFor();
    await L.getByRole('button', { name: 'Edit details' }).waitFor();
    await L.getByText(NEW_NOTE, { exact: false }).first().waitFor();

    // ── María's view (es, phone): her own pace, not the others' data; then she leaves ──
    await M.reload();
    await M.getByRole('heading', { name: 'Tu ritmo' }).waitFor();
    await M.getByText('Keep going, friends (1)').waitFor();
    await M.getByText(NEW_NOTE, { exact: false }).first().waitFor();
    expect(await M.getByText(REFLECTION).count()).toBe(0);
    expect(await M.getByText('Juan Example').count()).toBe(0);
    await expectAccessible(M, 'group page, member (es)');
    await expectNoRawKeys(M, 'group page, member (es)');
    await screenshot(M, 'group-member-es-phone');
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
    await page.getByText('Datos del grupo guardados').first().waitFor();
    await page.getByRole('heading', { name: 'Jóvenes de los viernes' }).waitFor();
    await page.getByText(note, { exact: false }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
