import { describe, expect, it } from 'vitest';
import en from '#shared/i18n/en.json' with { type: 'json' };
import es from '#shared/i18n/es.json' with { type: 'json' };
import { languageFromHeader, translate, translateValidation } from '#server/i18n/translate.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) =>
  [...s.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

describe('locale files', () => {
  const E = flatten(en as Tree);
  const S = flatten(es as Tree);

  it('have exactly the same keys in English and Spanish', () => {
    expect([...S.keys()].filter((k) => !E.has(k))).toEqual([]);
    expect([...E.keys()].filter((k) => !S.has(k))).toEqual([]);
  });

  it('use the same placeholders and tags in both languages', () => {
    for (const [key, text] of E)
      expect({ key, p: placeholders(S.get(key)!) }).toEqual({ key, p: placeholders(text) });
  });

  it('have no empty text and translate most of it', () => {
    for (const [key, text] of S)
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
    const same = [...E].filter(([k, v]) => S.get(k) === v).length;
    expect(same / E.size).toBeLessThan(0.1);
  });

  it('keep the SPEC messages verbatim', () => {
    expect(E.get('app.loadingApplication')).toBe('Loading Application...');
    expect(E.get('app.loadingPage')).toBe('Loading Page...');
    expect(E.get('app.loadingPageHint')).toBe('Please wait while we prepare your content');
    expect(E.get('age.requiredTitle')).toBe('Age Confirmation Required');
    expect(E.get('age.requiredMessage')).toBe(
      'Please confirm that you are 13 years of age or older to continue.',
    );
    expect(E.get('age.failedMessage')).toBe('Failed to verify age. Please try again.');
    expect(E.get('age.verifying')).toBe('Verifying...');
    expect(E.get('age.restrictedTitle')).toBe('Access Restricted');
    expect(E.get('validation.required')).toBe('This field is required');
    expect(E.get('validation.email')).toBe('Please enter a valid email address');
    expect(E.get('validation.min')).toBe('Minimum {{count}} characters required');
    expect(E.get('validation.max')).toBe('Maximum {{count}} characters allowed');
    expect(E.get('errors.generic')).toBe('An error occurred. Please try again.');
    expect(E.get('errors.network')).toBe('Network error. Please check your connection.');
    expect(E.get('errors.forbidden')).toBe('You are not authorized to perform this action.');
    expect(E.get('errors.notFound')).toBe('The requested resource was not found.');
    expect(E.get('errors.unauthorized')).toBe('You are logged out. Logging in again...');
    // Spanish the SPEC gives verbatim keeps its capitals (content/FORMAT.md).
    expect(S.get('settings.profile.failedTitle')).toBe('Actualización Fallida');
    expect(S.get('goals.errors.validationTitle')).toBe('Error de Validación');
    expect(S.get('bible.errors.verseNotFound')).toBe('Versículo No Encontrado');
  });
});

describe('server translation', () => {
  it('interpolates and falls back to English', () => {
    expect(translate('es', 'validation.min', { count: 8 })).toBe(
      'Se requieren mínimo 8 caracteres',
    );
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
    expect(translateValidation('en', 'validation.max:80')).toBe('Maximum 80 characters allowed');
    expect(translateValidation('en', 'Invalid input: expected string')).toBe(
      'This value is not valid',
    );
  });

  it('picks the language from Accept-Language', () => {
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromHeader('fr-FR,fr;q=0.9,es;q=0.5,en;q=0.4')).toBe('es');
    expect(languageFromHeader('en-US,es;q=0.9')).toBe('en');
    expect(languageFromHeader('de')).toBe('en');
  });
});
