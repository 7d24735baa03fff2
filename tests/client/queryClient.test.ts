import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  createQueryClient,
  errorMessage,
  getQueryFn,
  retryOnceIfSafe,
  SESSION_KEY,
} from '#client/lib/queryClient.ts';
import { SESSION_ENDED_FLAG } from '#client/lib/session-ended.ts';
import { i18n } from '#client/lib/i18n.ts';
import { sessionQuery } from '#client/lib/auth-api.ts';
import { json, stubFetch } from './render.tsx';

const t = i18n.getFixedT('en');

describe('apiRequest (SPEC §7)', () => {
  it('sends credentials, and JSON headers and body only when there is a body', async () => {
    const calls = stubFetch(() => json(200, { ok: true }));
    await apiRequest('GET', '/api/thing');
    await apiRequest('POST', '/api/thing', { a: 1 });
    expect(calls[0]!.init.credentials).toBe('include');
    expect(calls[0]!.init.body).toBeUndefined();
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(calls[1]!.init.credentials).toBe('include');
    expect(calls[1]!.init.body).toBe('{"a":1}');
    expect((calls[1]!.init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/json',
    );
  });

  it('turns a failure into "status: body" (or the status text when the body is empty)', async () => {
    stubFetch(() => new Response('Nope', { status: 418 }));
    await expect(apiRequest('GET', '/x')).rejects.toThrow('418: Nope');
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('the default loader', () => {
  it('GETs the query key joined with "/" and parses JSON', async () => {
    const calls = stubFetch(() => json(200, { id: 7 }));
    const fn = getQueryFn<{ id: number }>({ on401: 'throw' });
    const data = await fn({ queryKey: ['/api/courses', '101'] } as never);
    expect(calls[0]!.url).toBe('/api/courses/101');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(data).toEqual({ id: 7 });
  });

  it('yields null on 401 when asked to, and fails otherwise', async () => {
    stubFetch(() => json(401, { message: 'no' }));
    await expect(
      getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/auth/user'] } as never),
    ).resolves.toBeNull();
    await expect(
      getQueryFn({ on401: 'throw' })({ queryKey: ['/api/auth/user'] } as never),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('is configured as SPEC §9 says', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      retry: false,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      networkMode: 'always',
    });
    // Mutations retry once after a second, only what is safe to send again (ADR 0039).
    expect(defaults.mutations).toMatchObject({
      retry: retryOnceIfSafe,
      retryDelay: 1000,
      networkMode: 'always',
    });
  });
});

describe('retrying a failed write (docs/decisions/0039)', () => {
  /** Runs a write through a client's defaults; answers how many requests went out. */
  async function attempts(
    answer: () => Response | Promise<Response>,
    send: () => Promise<unknown>,
  ): Promise<number> {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = stubFetch(answer);
      const client = createQueryClient();
      const write = client.getMutationCache().build(client, { mutationFn: send });
      const done = write.execute(undefined).catch(() => undefined);
      await vi.advanceTimersByTimeAsync(1_100);
      await done;
      return calls.length;
    } finally {
      vi.useRealTimers();
    }
  }
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  const serverError = () => json(500, { message: 'boom' });

  it('never sends again a POST that names nothing: a lost answer would make it twice', async () => {
    const post = () => apiRequest('POST', '/api/prayers', { title: 'x', category: 'family' });
    expect(await attempts(offline, post)).toBe(1);
    expect(await attempts(serverError, post)).toBe(1);
    const patch = () => apiRequest('PATCH', '/api/admin/users/u1', { role: 'admin' });
    expect(await attempts(serverError, patch)).toBe(1);
    expect(await attempts(serverError, () => apiRequest('DELETE', '/api/goals/g1'))).toBe(1);
  });

  it('sends a safe write again once, a second later, when there was no answer or a 5xx', async () => {
    const keyed = () =>
      apiRequest('POST', '/api/prayers', { id: 'a-uuid', title: 'x' }, { idempotent: true });
    expect(await attempts(offline, keyed)).toBe(2);
    expect(await attempts(serverError, keyed)).toBe(2);
    const put = () => apiRequest('PUT', '/api/lessons/101-1/response', { response: 'x' });
    expect(await attempts(() => json(503, {}), put)).toBe(2);
  });

  it('never sends again a refused write (400, 401, 403, 404, 409, 429), even a safe one', async () => {
    const keyed = () => apiRequest('POST', '/api/prayers', { id: 'a-uuid' }, { idempotent: true });
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect({ status, sent: await attempts(() => json(status, {}), keyed) }).toEqual({
        status,
        sent: 1,
      });
    }
  });
});

describe('the session query', () => {
  it('fetches the URL its key names, the one the boot asks early and the service worker keeps', async () => {
    const { sessionQuery, CURRENT_USER_KEY } = await import('#client/lib/auth-api.ts');
    const { OFFLINE_API, USER_PATH } = await import('#client/sw/names.ts');
    expect(sessionQuery.queryKey).toBe(CURRENT_USER_KEY);
    expect(CURRENT_USER_KEY).toEqual([USER_PATH]);
    expect(USER_PATH in OFFLINE_API).toBe(true);
    const calls = stubFetch(() => json(200, null));
    await expect(createQueryClient().fetchQuery(sessionQuery)).resolves.toBeNull();
    expect(calls.map((c) => c.url)).toEqual([sessionQuery.queryKey.join('/')]);
  });
});

describe('errorMessage', () => {
  it('prefers the translated server message, then the status, then the network', () => {
    expect(errorMessage(new ApiError(400, '400: x', { message: 'Server says' }), t)).toBe(
      'Server says',
    );
    expect(errorMessage(new ApiError(403, '403: x', 'x'), t)).toBe(
      'You are not authorized to perform this action.',
    );
    expect(errorMessage(new ApiError(404, '404: x', 'x'), t)).toBe(
      'The requested resource was not found.',
    );
    expect(errorMessage(new ApiError(401, '401: x', 'x'), t)).toBe(
      'You are logged out. Logging in again...',
    );
    expect(errorMessage(new TypeError('Failed to fetch'), t)).toBe(
      'Network error. Please check your connection.',
    );
    expect(errorMessage(new Error('?'), t)).toBe('An error occurred. Please try again.');
  });
});

describe('a session that ends under a signed-in member', () => {
  it('forgets the user on a 401 and leaves a note for the sign-in page', async () => {
    sessionStorage.clear();
    const client = createQueryClient();
    client.setQueryData(SESSION_KEY, { id: 'u1', ageVerified: true });
    stubFetch(() => json(401, { message: 'You are logged out. Logging in again...' }));
    const write = client.getMutationCache().build(client, {
      mutationFn: () => apiRequest('POST', '/api/journal', { title: 'x' }),
      retry: false,
    });
    await expect(write.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(client.getQueryData(SESSION_KEY)).toBeNull();
    expect(sessionStorage.getItem(SESSION_ENDED_FLAG)).toBe('1');
  });

  it('tells the sign-in page when the session check itself comes back empty under a member', async () => {
    // A service worker taking the page over asks for the session again (lib/service-worker.ts):
    // if it ended meanwhile, the member lands on sign-in with the same notice as after a 401.
    sessionStorage.clear();
    const member = createQueryClient();
    member.setQueryData(SESSION_KEY, { id: 'u1', ageVerified: true });
    stubFetch(() => json(200, null));
    await member.fetchQuery({ ...sessionQuery, staleTime: 0 });
    expect(member.getQueryData(SESSION_KEY)).toBeNull();
    expect(sessionStorage.getItem(SESSION_ENDED_FLAG)).toBe('1');

    // A visitor's check, or an account at the age gate, ends nothing.
    sessionStorage.clear();
    for (const before of [null, { id: 'u2', ageVerified: false }]) {
      const client = createQueryClient();
      client.setQueryData(SESSION_KEY, before);
      await client.fetchQuery({ ...sessionQuery, staleTime: 0 });
      expect(sessionStorage.getItem(SESSION_ENDED_FLAG)).toBeNull();
    }
  });

  it('changes nothing for a visitor (no session to end) or for another error', async () => {
    sessionStorage.clear();
    const visitor = createQueryClient();
    visitor.setQueryData(SESSION_KEY, null);
    stubFetch(() => json(401, { message: 'no' }));
    await expect(visitor.fetchQuery({ queryKey: ['/api/journal'] })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(sessionStorage.getItem(SESSION_ENDED_FLAG)).toBeNull();

    // An account at the age gate (under 13: being closed) is left to the gate.
    const gated = createQueryClient();
    gated.setQueryData(SESSION_KEY, { id: 'u2', ageVerified: false });
    await expect(gated.fetchQuery({ queryKey: ['/api/journal'] })).rejects.toBeInstanceOf(ApiError);
    expect(gated.getQueryData(SESSION_KEY)).toEqual({ id: 'u2', ageVerified: false });

    const member = createQueryClient();
    member.setQueryData(SESSION_KEY, { id: 'u1', ageVerified: true });
    stubFetch(() => json(403, { message: 'no' }));
    await expect(member.fetchQuery({ queryKey: ['/api/journal'] })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(member.getQueryData(SESSION_KEY)).toEqual({ id: 'u1', ageVerified: true });
    expect(sessionStorage.getItem(SESSION_ENDED_FLAG)).toBeNull();
  });

  it('keeps the member signed in after a wrong password or a wrong authenticator code (401)', async () => {
    sessionStorage.clear();
    for (const code of ['INVALID_PASSWORD', 'INVALID_CODE', 'INVALID_BACKUP_CODE']) {
      const client = createQueryClient();
      client.setQueryData(SESSION_KEY, { id: 'u1', ageVerified: true });
      stubFetch(() => json(401, { code, message: 'wrong' }));
      const write = client.getMutationCache().build(client, {
        mutationFn: () => apiRequest('POST', '/api/auth/two-factor/verify-totp', { code: '1' }),
        retry: false,
      });
      await expect(write.execute(undefined)).rejects.toBeInstanceOf(ApiError);
      expect(client.getQueryData(SESSION_KEY), code).toEqual({ id: 'u1', ageVerified: true });
    }
    expect(sessionStorage.getItem(SESSION_ENDED_FLAG)).toBeNull();
  });
});
