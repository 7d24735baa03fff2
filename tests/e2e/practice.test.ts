import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  e2eAvailable,
  expectAccessible,
  newContext,
  screenshot,
  signUpMember,
  useE2EServer,
  waitForBibles,
  expectToast,
} from './browser.ts';

const enabled = e2eAvailable();
const e2e = useE2EServer('practice');

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

describe.runIf(enabled)('personal practice in Chromium', () => {
  it('reading plan → daily reading → prayer timer and requests → goals → dashboard (desktop, English)', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.clock.install();
    await signUpMember(page, e2e.base, 'en');
    // From here on the member is signed in: no request may fail and nothing may throw.
    const errors = collectErrors(page);
    await waitForBibles(page, e2e.base);

    // A new member's dashboard: every section, with inviting empty states.
    await page.goto(e2e.base);
    await page.getByRole('heading', { name: 'Current streak' }).waitFor();
    await page.getByTestId('streak-count').getByText('0 days').waitFor();
    await page
      .getByText("Choose a reading plan and today's passages will wait for you here.")
      .waitFor();
    await page.getByText('What you read, pray, write and learn will show here.').waitFor();
    await expectAccessible(page, 'dashboard, new member');
    await screenshot(page, 'dashboard-new-en-desktop');

    // Reading plans: start the Gospels over 90 days, then read day 1.
    await page.goto(`${e2e.base}/reading-plans`);
    const gospels = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'The Gospels' }),
    });
    await gospels.waitFor();
    await expectAccessible(page, 'reading plans');
    await screenshot(page, 'reading-plans-en-desktop');
    await gospels.getByLabel('Duration').selectOption({ label: '90 days' });
    await gospels.getByRole('button', { name: 'Start plan' }).click();
    await page.getByText('Day 1 of 90').first().waitFor();
    await page.getByRole('link', { name: "Read today's passages" }).click();
    await page.waitForURL(/\/daily-reading$/);
    await page.getByRole('heading', { name: /^Matthew 1/ }).waitFor();
    await page.getByText('The book of the generation of Jesus Christ').waitFor();
    await expectAccessible(page, 'daily reading');
    await screenshot(page, 'daily-reading-en-desktop');
    await page.getByRole('button', { name: 'Mark today as read' }).click();
    await page
      .getByText(/Day 1 done: \d+ chapters? read/)
      .first()
      .waitFor();
    await page.getByText("You've done today's reading").waitFor();

    // Prayer: add a request, pray with the timer for one minute, mark the request answered.
    await page.goto(`${e2e.base}/prayer`);
    await page.getByRole('heading', { name: 'Prayer timer' }).waitFor();
    await page.getByRole('button', { name: 'Add request' }).click();
    await page.getByText('This field is required').first().waitFor();
    await page.getByLabel('Title').fill('Healing for my aunt Rose');
    await page.getByLabel('Category').selectOption('health');
    await page.getByRole('button', { name: 'Add request' }).click();
    await expectToast(page, 'Prayer request added');
    await page.getByRole('tab', { name: /Active \(1\)/ }).waitFor();
    await page.getByLabel(/Custom length/).fill('1');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.getByText('Pray through your requests').waitFor();
    await screenshot(page, 'prayer-running-en-desktop');
    await page.clock.fastForward('01:05');
    await page.getByText('Amen! You prayed for 1 minute.').first().waitFor();
    await page.getByText('1 minute of prayer today.').waitFor();
    await page.getByRole('button', { name: 'Mark answered' }).first().click();
    const answer = page.getByRole('dialog', { name: 'Mark as answered' });
    await answer.getByLabel(/How did God answer/).fill('The surgery went well.');
    await answer.getByRole('button', { name: 'Mark answered' }).click();
    await expectToast(page, 'Praise God! Marked as answered.');
    await page.getByRole('tab', { name: /Answered \(1\)/ }).click();
    await page.getByText('The surgery went well.').waitFor();
    await expectAccessible(page, 'prayer');
    await screenshot(page, 'prayer-en-desktop');

    // Goals: a title is required; the prayer minutes already count toward a prayer goal.
    await page.goto(`${e2e.base}/goals`);
    await page.getByRole('button', { name: 'New goal' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Set a new goal' });
    await dialog.getByText('Pray 10 minutes daily', { exact: true }).click();
    await dialog.getByLabel('Title').fill('');
    await dialog.getByRole('button', { name: 'Create goal' }).click();
    await page.getByText('Please enter a goal title.').first().waitFor();
    await dialog.getByLabel('Title').fill('Pray 10 minutes daily');
    await dialog.getByRole('button', { name: 'Create goal' }).click();
    await expectToast(page, 'Goal created');
    await page.getByText('0 / 10 minutes').waitFor();
    await page.getByRole('button', { name: /^Mark progress/ }).click();
    await page.getByText('1 / 10 minutes').waitFor();
    await expectAccessible(page, 'goals');
    await screenshot(page, 'goals-en-desktop');

    // The dashboard sums it all up: a one-day streak, today's reading done, recent activity.
    await page.goto(e2e.base);
    await page.getByTestId('streak-count').getByText('1 day').waitFor();
    await page.getByText('Today counts already. Well done!').waitFor();
    await page.getByText('Prayed for 1 minute').waitFor();
    await page.getByText(/^Read Matthew 1/).waitFor();
    await page.getByText('Read today', { exact: true }).waitFor();
    await expectAccessible(page, 'dashboard, active member');
    await screenshot(page, 'dashboard-active-en-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goals, prayer and reading in Spanish on a phone', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    await signUpMember(page, e2e.base, 'es');
    const errors = collectErrors(page);
    await waitForBibles(page, e2e.base);

    await page.goto(`${e2e.base}/goals`);
    await page.getByRole('heading', { name: 'Objetivos', level: 1 }).waitFor();
    await screenshot(page, 'goals-empty-es-phone');
    await page.getByRole('button', { name: 'Nuevo objetivo' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Define un nuevo objetivo' });
    // The recommended goal is premium: a non-subscriber sees the offer instead.
    await dialog.getByText('Es parte de Premium.', { exact: false }).waitFor();
    await dialog.getByText('Objetivo personalizado', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Crear objetivo' }).click();
    await expectToast(page, 'Error de Validación');
    await page.getByText('Por favor ingresa un título para el objetivo.').first().waitFor();
    await dialog.getByLabel('Título', { exact: true }).fill('Leer Proverbios');
    await dialog.getByLabel('Meta', { exact: true }).fill('31');
    await dialog.getByLabel('Unidad', { exact: true }).selectOption('chapters');
    await dialog.getByLabel('Periodo', { exact: true }).selectOption('monthly');
    await dialog.getByRole('button', { name: 'Crear objetivo' }).click();
    await expectToast(page, 'Objetivo creado');
    await page.getByText('0 de 31 capítulos').waitFor();
    await expectAccessible(page, 'goals (es)');
    await screenshot(page, 'goals-es-phone');

    await page.goto(`${e2e.base}/prayer`);
    await page.getByLabel('Título', { exact: true }).fill('Por mi iglesia');
    await page.getByLabel('Categoría').selectOption('church');
    await page.getByRole('button', { name: 'Agregar petición' }).click();
    await expectToast(page, 'Petición de oración agregada');
    await expectAccessible(page, 'prayer (es)');
    await screenshot(page, 'prayer-es-phone');

    await page.goto(`${e2e.base}/reading-plans`);
    await page.getByRole('heading', { name: 'Salmos y Proverbios' }).waitFor();
    await expectAccessible(page, 'reading plans (es)');
    await screenshot(page, 'reading-plans-es-phone');
    await page.goto(`${e2e.base}/daily-reading`);
    await page.getByText('Comienza un plan de lectura').waitFor();
    await screenshot(page, 'daily-reading-empty-es-phone');

    // Start the Gospels (180 days suggested for a one-year preference) and read day 1 in RV1909.
    await page.goto(`${e2e.base}/reading-plans`);
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Los Evangelios' }) })
      .getByRole('button', { name: 'Comenzar plan' })
      .click();
    await page.getByText('Día 1 de 180').first().waitFor();
    await screenshot(page, 'reading-plan-active-es-phone');
    await page.goto(`${e2e.base}/daily-reading`);
    await page.getByRole('heading', { name: /^Mateo 1/ }).waitFor();
    await page
      .getByText(/generación de Jesucristo/i)
      .first()
      .waitFor();
    await expectAccessible(page, 'daily reading (es)');
    await screenshot(page, 'daily-reading-es-phone');
    await page.getByRole('button', { name: 'Marcar hoy como leído' }).click();
    await page
      .getByText(/Día 1 listo/)
      .first()
      .waitFor();

    await page.goto(e2e.base);
    await page.getByRole('heading', { name: 'Racha actual' }).waitFor();
    await page.getByTestId('streak-count').getByText('1 día').waitFor();
    await page.getByText(/^Leíste Mateo 1/).waitFor();
    await expectAccessible(page, 'dashboard (es)');
    await screenshot(page, 'dashboard-es-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
