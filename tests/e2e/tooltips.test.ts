import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  e2eAvailable,
  newContext,
  screenshot,
  signUpMember,
  useE2EServer,
  waitForBibles,
} from './browser.ts';

const enabled = e2eAvailable();
const e2e = useE2EServer('tooltips');

interface Control {
  index: number;
  tag: string;
  name: string;
  disabled: boolean;
  html: string;
}

/**
 * Every icon-only control shown: a button or link with an icon and no visible text (text only
 * screen readers read, or hidden from them, does not count). Marked with data-icon-only so the
 * test can point at each; answers its accessible name as the browser's accessibility tree has it
 * (aria-labelledby, aria-label, text, title).
 */
async function iconOnlyControls(page: Page, scope?: string): Promise<Control[]> {
  return page.evaluate((scope) => {
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden';
    };
    const textOf = (e: Element) => {
      const copy = e.cloneNode(true) as Element;
      for (const hidden of copy.querySelectorAll('.sr-only, svg, [aria-hidden="true"]')) {
        hidden.remove();
      }
      return (copy.textContent ?? '').trim();
    };
    const nameOf = (e: Element) => {
      const by = e.getAttribute('aria-labelledby');
      if (by) {
        return by
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim();
      }
      const label = e.getAttribute('aria-label');
      if (label) return label.trim();
      const copy = e.cloneNode(true) as Element;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return (copy.textContent ?? '').trim() || (e.getAttribute('title') ?? '').trim();
    };
    document
      .querySelectorAll('[data-icon-only]')
      .forEach((e) => e.removeAttribute('data-icon-only'));
    const root = scope ? document.querySelector(scope)! : document;
    return [...root.querySelectorAll('button, a[href], [role="button"]')]
      .filter((e) => visible(e) && e.querySelector('svg') && textOf(e) === '')
      .map((e, index) => {
        e.setAttribute('data-icon-only', String(index));
        return {
          index,
          tag: e.tagName.toLowerCase(),
          name: nameOf(e),
          disabled: (e as HTMLButtonElement).disabled === true,
          html: e.outerHTML.slice(0, 160),
        };
      });
  }, scope);
}

/**
 * The controls whose tooltip was seen already, by width, kind and name: the header's bell or
 * account menu, on every page, is hovered once; every page's controls are checked for a name.
 */
const hovered = new Set<string>();

/** Hovers each control: its tooltip (role="tooltip") shows its accessible name. */
async function expectTooltips(page: Page, label: string, scope?: string): Promise<string[]> {
  const controls = await iconOnlyControls(page, scope);
  for (const control of controls) {
    expect({ label, control: control.html, named: control.name.length > 0 }).toEqual({
      label,
      control: control.html,
      named: true,
    });
    // A disabled control gets no pointer events: it cannot show a tooltip (nor act).
    if (control.disabled) continue;
    const seen = `${page.viewportSize()?.width}:${control.tag}:${control.name}`;
    if (hovered.has(seen)) continue;
    hovered.add(seen);
    const element = page.locator(`[data-icon-only="${control.index}"]`);
    // In the middle of the screen: not under the sticky header.
    await element.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    const box = (await element.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    // From out of the way, as a hand moves (not jumping from the last control: a pointer that
    // leaves a control towards its open tooltip keeps that one open a moment, by design).
    await page.mouse.move(0, 0);
    // The tooltips load after the first screen (or on a first hover): move until one shows.
    await expect
      .poll(
        async () => {
          await page.mouse.move(x, y + 1, { steps: 4 });
          await page.mouse.move(x, y);
          const shown = await page.getByRole('tooltip').allInnerTexts();
          return shown.map((text) => text.trim());
        },
        { timeout: 10_000, interval: 900 },
      )
      .toContain(control.name);
    // Escape closes it (it is the top layer: a dialog under it stays open).
    await page.keyboard.press('Escape');
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
  }
  return controls.map((c) => c.name);
}

const MEMBER_PAGES = [
  '/',
  '/bible?t=WEB&b=John&c=3',
  '/journal',
  '/prayer',
  '/goals',
  '/memory-verses',
  '/courses',
  '/courses/101',
  '/lesson/101-1',
  '/reading-plans',
  '/daily-reading',
  '/account-settings',
  '/notifications',
  '/notification-settings',
  '/subscription',
  '/support',
  '/bible-study',
  '/saved-studies',
  '/favorite-verses',
  '/sermons',
  '/books',
  '/heroes-of-faith',
  '/resources',
  '/gospel',
];
const VISITOR_PAGES = ['/', '/about-us', '/course-overview', '/sign-in', '/sign-up', '/support'];

/** Waits for the page's content, past its loading states. */
async function open(page: Page, url: string) {
  await page.goto(`${e2e.base}${url}`);
  await page.locator('#main, main').first().waitFor();
  await page.waitForFunction(
    () =>
      // A tab not chosen yet keeps its placeholder, hidden (components/ui/Tabs.tsx).
      ![...document.querySelectorAll('[role="status"][aria-label]')].some((e) =>
        e.checkVisibility(),
      ) && !/Loading|Cargando/.test(document.body.innerText.slice(0, 2000)),
    undefined,
    { timeout: 15_000 },
  );
}

describe.runIf(enabled)('tooltips on icon-only controls (SPEC §9)', () => {
  it('every icon-only control of the main pages has a name and shows it as a tooltip (desktop, phone)', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const names = new Set<string>();
    for (const url of VISITOR_PAGES) {
      await open(page, url);
      for (const name of await expectTooltips(page, `visitor ${url}`)) names.add(name);
    }
    await signUpMember(page, e2e.base, 'en');
    await waitForBibles(page, e2e.base);
    // Something in each list, so its controls are there.
    const post = async (url: string, data: object) => {
      const res = await page.request.post(`${e2e.base}${url}`, {
        headers: { origin: e2e.base },
        data,
      });
      expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    };
    await post('/api/goals', {
      title: 'Read a chapter',
      target: 1,
      unit: 'chapters',
      period: 'daily',
    });
    await post('/api/prayers', { title: 'For my family', category: 'family' });
    await post('/api/memory-verses', { reference: 'Philippians 4:13', category: 'strength' });
    await post('/api/journal', { content: 'Thankful today.', status: 'published' });
    for (const url of MEMBER_PAGES) {
      await open(page, url);
      for (const name of await expectTooltips(page, `member ${url}`)) names.add(name);
    }
    // Among them: the password field's eye, the bell, a goal's edit and delete, the chapters.
    expect([...names]).toEqual(
      expect.arrayContaining([
        'Show password',
        'Notifications',
        'Edit “Read a chapter”',
        'Delete “Read a chapter”',
        'Previous chapter',
        'Next chapter',
      ]),
    );
    await open(page, '/goals');
    const edit = page.getByRole('button', { name: 'Edit “Read a chapter”' });
    await page.locator('html[data-tooltips="ready"]').waitFor({ state: 'attached' });
    await edit.hover();
    await page.getByRole('tooltip').waitFor();
    await screenshot(page, 'tooltip-goal-edit-en-desktop');

    // On a phone: the menu button, and the drawer's close button.
    await page.setViewportSize(PHONE);
    await open(page, '/');
    await expectTooltips(page, 'member / (phone)');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').waitFor();
    await expectTooltips(page, 'member drawer (phone)', 'dialog[open]');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a touch screen, pressing and holding shows the name without acting; a tap acts (390 px, Spanish)', async () => {
    const context = await e2e.browser.newContext({
      locale: 'es-ES',
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await signUpMember(page, e2e.base, 'es');
    await open(page, '/goals');
    await page.getByRole('heading', { name: 'Define tu primer objetivo' }).waitFor();
    const bell = page.getByTestId('notification-bell');
    const box = (await bell.boundingBox())!;
    const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    const cdp = await context.newCDPSession(page);
    const touch = async (holdMs: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
      await page.waitForTimeout(holdMs);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    // The tooltips arrive once the first screen has settled.
    await page.locator('html[data-tooltips="ready"]').waitFor({ state: 'attached' });
    await touch(800);
    await page.getByRole('tooltip').waitFor();
    expect((await page.getByRole('tooltip').innerText()).trim()).toBe('Notificaciones');
    expect(new URL(page.url()).pathname).toBe('/goals');
    await screenshot(page, 'tooltip-long-press-es-phone');
    // A tap is a tap, the name still shown or not.
    await touch(50);
    await page.waitForURL(/\/notifications$/);
    await context.close();
  });
});
