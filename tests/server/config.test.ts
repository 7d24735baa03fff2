import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';

describe('configuration', () => {
  it('has working defaults with no environment at all', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.appUrl).toBe('http://localhost:5000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe('./data');
    expect(c.sessionMaxAgeSeconds).toBe(30 * 86_400);
    expect(c.offlinePackWarmMs).toBe(60_000);
    expect(loadConfig({ OFFLINE_PACK_WARM_SECONDS: '0' }).offlinePackWarmMs).toBe(0);
  });

  it('derives APP_URL from PORT and reads admin e-mails', () => {
    const c = loadConfig({ PORT: '8080', ADMIN_EMAILS: ' Boss@Example.com, ,b@c.d ' });
    expect(c.appUrl).toBe('http://localhost:8080');
    expect(c.adminEmails).toEqual(['boss@example.com', 'b@c.d']);
  });

  it('sends as Camino from no-reply at APP_URL’s host unless MAIL_FROM says otherwise', () => {
    expect(loadConfig({}).mailFrom).toBe('Camino <no-reply@localhost>');
    const hosted = loadConfig({ APP_URL: 'https://camino.example.org/' });
    expect(hosted.mailFrom).toBe('Camino <no-reply@camino.example.org>');
    expect(hosted.notifications.vapidSubject).toBe('mailto:no-reply@camino.example.org');
    expect(loadConfig({ MAIL_FROM: 'Iglesia <hola@iglesia.mx>' }).mailFrom).toBe(
      'Iglesia <hola@iglesia.mx>',
    );
    // An empty MAIL_FROM= line (as copied from .env.example) means "unset".
    expect(loadConfig({ MAIL_FROM: '', APP_URL: 'https://a.b' }).mailFrom).toBe(
      'Camino <no-reply@a.b>',
    );
  });

  it('.env.example documents the same sender as the code', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    expect(example).toContain('Camino <no-reply@HOST>');
    expect(example).not.toMatch(/^MAIL_FROM=/m);
    expect(example).not.toMatch(/Discipleship/);
  });

  it('explains what is wrong with a bad environment', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ BETTER_AUTH_SECRET: 'short' })).toThrow(/BETTER_AUTH_SECRET/);
  });
});
