/**
 * The password check of a sign-in, before and after ADR 0043, side by side in one process:
 * better-auth's scrypt (N=2^14, r=16, p=1: the hashes stored before) against today's
 * (N=2^17, r=8, p=1), interleaved so that the machine's other work weighs on both alike.
 */
import { hashPassword as betterAuthHash } from '@better-auth/utils/password';
import { STANDARD_SCRYPT, hashPassword, verifyPassword } from '../src/server/auth/password-hash.ts';

const ROUNDS = 9;
const PASSWORD = 'bench password 1';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export const PASSWORD_INTRO = `The password check of a sign-in (\`verifyPassword\`, src/server/auth/password-hash.ts), in-process, before and
after ADR 0043: ${ROUNDS} checks of each, interleaved; the median of each and their ratio. Every sign-in, sign-up and
password change pays one such hash (a sign-in with an unknown address too: better-auth hashes the password to take
as long). \`npm run bench -- --password\` measures this section alone and writes it here.`;

export async function passwordLines(): Promise<string[]> {
  const before = await betterAuthHash(PASSWORD);
  const after = await hashPassword(PASSWORD, STANDARD_SCRYPT);
  const times = { before: [] as number[], after: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    times.before.push(await timed(() => verifyPassword(before, PASSWORD)));
    times.after.push(await timed(() => verifyPassword(after, PASSWORD)));
  }
  const b = median(times.before);
  const a = median(times.after);
  return [
    `- Before (better-auth's scrypt, N=2^14, r=16, p=1: 32 MiB): median **${b.toFixed(0)} ms** a check.`,
    `- After (scrypt at OWASP's minimum, N=2^17, r=8, p=1: 128 MiB): median **${a.toFixed(0)} ms** a check = **${(a / b).toFixed(2)}×** the time before.`,
  ];
}
