import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The strings' chunks as the app loads them (docs/decisions/0029), on a fresh i18n instance:
 * the tests' setup adds every string at once, the app does not.
 */
async function freshI18n() {
  vi.resetModules();
  return import('#client/lib/i18n.ts');
}

describe('strings in chunks', () => {
  afterEach(() => vi.resetModules());

  it('loads core, then a page’s chunks with its module, in the reader’s language only', async () => {
    const { i18n, loadLanguage, withStrings } = await freshI18n();
    await loadLanguage('en');
    await i18n.changeLanguage('en');
    expect(i18n.exists('nav.dashboard')).toBe(true);
    expect(i18n.exists('notify.bell.label')).toBe(true);
    expect(i18n.exists('goals.title')).toBe(false);
    expect(i18n.exists('notify.list.title')).toBe(false);

    const load = withStrings(['goals'], async () => ({ default: 'the page' }));
    await expect(load()).resolves.toEqual({ default: 'the page' });
    expect(i18n.t('goals.title')).toBe('Goals');
    expect(i18n.exists('admin.title')).toBe(false);
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(false);
    // Strings only the server shows are in no chunk.
    expect(i18n.exists('notify.email.why')).toBe(false);
  });

  it('fetches what was loaded in the other language when the reader switches', async () => {
    const { i18n, loadLanguage, loadStrings, switchLanguage } = await freshI18n();
    await loadLanguage('en');
    await i18n.changeLanguage('en');
    await loadStrings(['prayer']);
    await switchLanguage('es');
    expect(i18n.language).toBe('es');
    expect(i18n.t('nav.dashboard')).toBe('Panel');
    expect(i18n.t('prayer.title')).toBe('Oración');
    expect(i18n.exists('goals.title', { lng: 'es' })).toBe(false);
    // A page opened after the switch brings its strings in the new language.
    await loadStrings(['goals']);
    expect(i18n.t('goals.title')).toBe('Objetivos');
    expect(i18n.exists('goals.title', { lng: 'en' })).toBe(false);
  });
});
