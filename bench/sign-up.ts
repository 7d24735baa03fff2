/** A new member signed up through the API and past the age gate, for the benches' requests. */
export async function signedIn(base: string): Promise<{ cookie: string; id: string }> {
  const origin = base.replace('127.0.0.1', 'localhost');
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'bench password 1',
      firstName: 'Bench',
      lastName: 'Mark',
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = (await res.json()) as { user: { id: string } };
  const verify = await fetch(`${base}/api/user/verify-age`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: JSON.stringify({ ageVerified: true }),
  });
  if (!verify.ok) throw new Error(`verify-age failed: ${verify.status}`);
  return { cookie, id: user.id };
}
