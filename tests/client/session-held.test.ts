import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY, fetchSession, holdSessionUntilSignOut } from '#client/lib/auth-api.ts';
import { json, stubFetch } from './render.tsx';

/**
 * Once an account answered "under 13", the session stays as the page has it until the page signs
 * out (SPEC §4): a check of it meanwhile must not swap the gate's message for the visitor pages.
 * Seen in CI: a service worker taking the page over asked for the session just before the answer
 * came; the server answered "nobody" after it, and the landing page replaced the message.
 */
describe('the session held until sign-out', () => {
  const member = { id: 'u1', firstName: 'Ana' };

  it('a check asked before the hold and answered after it keeps the session as it was', async () => {
    const client = new QueryClient();
    client.setQueryData(CURRENT_USER_KEY, member);
    let answer!: (response: Response) => void;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const asked = fetchSession({ client });
    // The account closed meanwhile: the page holds the session, then the server says "nobody".
    holdSessionUntilSignOut(client);
    answer(json(200, null));
    expect(await asked).toEqual(member);
  });

  it('a check asked once it is held does not ask the server', async () => {
    const client = new QueryClient();
    client.setQueryData(CURRENT_USER_KEY, member);
    holdSessionUntilSignOut(client);
    const calls = stubFetch(() => json(200, null));
    expect(await fetchSession({ client })).toEqual(member);
    expect(calls).toHaveLength(0);
  });

  it('without a hold, the server’s answer is the session', async () => {
    const client = new QueryClient();
    client.setQueryData(CURRENT_USER_KEY, member);
    stubFetch(() => json(200, { ...member, firstName: 'Ana María' }));
    expect(await fetchSession({ client })).toMatchObject({ firstName: 'Ana María' });
  });
});
