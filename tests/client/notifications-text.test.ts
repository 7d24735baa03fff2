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
    expect(notificationText(en, item('memoryDue', { count: 1 }), 'en').body).toBe(
      '1 memory verse is due for review.',
    );
    expect(notificationText(es, item('memoryDue', { count: 3 }), 'es').body).toBe(
      'Tienes 3 versículos pendientes de repaso.',
    );
    expect(notificationText(en, item('streakAtRisk', { count: 5, grace: 1 }), 'en').body).toContain(
      'A grace day would cover today',
    );
    expect(notificationText(es, item('streakAtRisk', { count: 1, grace: 0 }), 'es').body).toBe(
      'Tu racha de 1 día termina esta noche si hoy no lees, oras ni estudias. No te quedan días de gracia este mes.',
    );
    expect(
      notificationText(es, item('badgeEarned', { badge: 'first-lesson' }), 'es').title,
    ).toMatch(/^Nueva insignia: /);
    expect(notificationText(en, item('prayer', { count: 0 }), 'en').body).toBe(
      'Take a few minutes with God today.',
    );
  });

  it('an invitation says its last day in the member language', () => {
    const invitation = item('groupInvitation', {
      group: 'Martes',
      sender: 'Rut',
      url: '/groups?invitations=1',
      expiresAt: '2026-12-10T15:00:00Z',
    });
    expect(notificationText(i18n.getFixedT('es'), invitation, 'es').body).toBe(
      'Rut te invita a unirte al grupo «Martes». Abre Camino para aceptar o rechazar; la invitación vale hasta el 10 de diciembre de 2026.',
    );
    expect(notificationText(i18n.getFixedT('en'), invitation, 'en').body).toContain(
      'the invitation is open until December 10, 2026.',
    );
    // One sent before invitations carried their last day still reads whole.
    const older = item('groupInvitation', { group: 'Martes', sender: 'Rut' });
    expect(notificationText(i18n.getFixedT('en'), older, 'en').body).toBe(
      'Rut invites you to join the group “Martes”. Open Camino to accept or decline.',
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
