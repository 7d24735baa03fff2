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
  });

  it('derives APP_URL from PORT and reads admin e-mails', () => {
    const c = loadConfig({ PORT: '8080', ADMIN_EMAILS: ' Boss@Example.com, ,b@c.d ' });
    expect(c.appUrl).toBe('http://localhost:8080');
    expect(c.adminEmails).toEqual(['boss@example.com', 'b@c.d']);
  });

  it('explains what is wrong with a bad environment', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ BETTER_AUTH_SECRET: 'short' })).toThrow(/BETTER_AUTH_SECRET/);
  });
});
