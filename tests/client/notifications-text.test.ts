import { describe, expect, it } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import { notificationText, relativeTime } from '#client/features/notifications/text.ts';
import type { NotificationItem } from '#shared/schemas/notifications.ts';

const item = (
  kind: NotificationItem['kind'],
  data: NotificationItem['data'],
): NotificationItem => ({
  id: '1',
  kind,
  data,
  url: '/',
  readAt: null,
  createdAt: '2026-05-01T00:00:00Z',
});

describe('notification texts', () => {
  it('words each kind in both languages, with plural forms and the grace day', () => {
    const en = i18n.getFixedT('en');
    const es = i18n.getFixedT('es');
    expect(notificationText(en, item('memoryDue', { count: 1 })).body).toBe(
      '1 memory verse is due for review.',
    );
    expect(notificationText(es, item('memoryDue', { count: 3 })).body).toBe(
      'Tienes 3 versículos pendientes de repaso.',
    );
    expect(notificationText(en, item('streakAtRisk', { count: 5, grace: 1 })).body).toContain(
      'A grace day would cover today',
    );
    expect(notificationText(es, item('streakAtRisk', { count: 1, grace: 0 })).body).toBe(
      'Tu racha de 1 día termina esta noche si hoy no lees, oras ni estudias. No te quedan días de gracia este mes.',
    );
    expect(notificationText(es, item('badgeEarned', { badge: 'first-lesson' })).title).toMatch(
      /^Nueva insignia: /,
    );
    expect(notificationText(en, item('prayer', { count: 0 })).body).toBe(
      'Take a few minutes with God today.',
    );
  });

  it('shows minutes, hours or days ago in the member language', () => {
    const now = Date.parse('2026-05-10T12:00:00Z');
    const ago = (ms: number, lang: string) =>
      relativeTime(new Date(now - ms).toISOString(), lang, now);
    expect(ago(10_000, 'en')).toBe('now');
    expect(ago(5 * 60_000, 'en')).toBe('5 minutes ago');
    expect(ago(3 * 3600_000, 'es')).toBe('hace 3 horas');
    expect(ago(86_400_000, 'en')).toBe('yesterday');
    expect(ago(4 * 86_400_000, 'es')).toBe('hace 4 días');
  });
});
