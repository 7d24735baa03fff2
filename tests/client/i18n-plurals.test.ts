import { describe, expect, it } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';

describe('plural forms', () => {
  it('says "1 member", not "1 members", in both languages', () => {
    const t = (lng: string, count: number) => i18n.getFixedT(lng)('admin.total', { count });
    expect([t('en', 1), t('en', 2), t('es', 1), t('es', 3)]).toEqual([
      '1 member',
      '2 members',
      '1 miembro',
      '3 miembros',
    ]);
  });

  it('names what an admin changed, and for whom', () => {
    const t = i18n.getFixedT('es');
    expect(t('admin.premiumGranted', { name: 'Rut Moabita' })).toBe(
      'Premium concedido a Rut Moabita',
    );
  });
});
