import { describe, expect, it } from 'vitest';
import { KNOWN_EMAIL_ANSWERS } from '#server/routes/auth-proxy.ts';
import { signUp, useTestApp } from '../helpers/app.ts';

const app = useTestApp();

const attempt = (email: string, remoteAddress = '203.0.113.7') =>
  app.t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress,
    headers: { 'accept-language': 'es' },
    payload: { email, password: 'a password long enough', firstName: 'A', lastName: 'B' },
  });

describe('sign-up and addresses that already have an account (ADR 0026)', () => {
  it('tells a person a few times an hour, then answers 429 whatever the address', async () => {
    const owner = await signUp(app.t.app);
    for (let i = 0; i < KNOWN_EMAIL_ANSWERS.max; i++) {
      const res = await attempt(owner.email);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'Ya existe una cuenta con este correo electrónico. Intenta iniciar sesión.',
      );
    }
    // The budget is spent: a known and an unknown address get the same answer.
    for (const email of [owner.email, `new-${Date.now()}@example.com`]) {
      const res = await attempt(email);
      expect(res.statusCode, email).toBe(429);
      expect(res.json().message).toBe(
        'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
      );
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(
        KNOWN_EMAIL_ANSWERS.windowSeconds - 60,
      );
    }
    // Another client is not affected, and new addresses never spend the budget.
    for (let i = 0; i < KNOWN_EMAIL_ANSWERS.max + 1; i++) {
      const res = await attempt(`fresh-${i}-${Date.now()}@example.com`, '198.51.100.4');
      expect(res.statusCode).toBe(200);
    }
  });
});
