import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config.ts';

/**
 * The auth secret signs session cookies. With PostgreSQL it must come from
 * BETTER_AUTH_SECRET (shared by every instance). On the embedded database (one process),
 * a random secret is made once and kept in the data directory so sessions survive restarts.
 */
export function resolveSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  if (config.databaseUrl) {
    throw new Error(
      'BETTER_AUTH_SECRET must be set (32+ characters) with DATABASE_URL, where every instance ' +
        'must share it. Generate one with: openssl rand -base64 32',
    );
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
