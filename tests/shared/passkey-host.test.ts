import { describe, expect, it } from 'vitest';
import { isIpAddress } from '#shared/values/passkeys.ts';

describe('a site opened by an IP address cannot have passkeys', () => {
  it('tells an IP address from a host name', () => {
    for (const host of ['192.168.1.20', '127.0.0.1', '10.0.0.5', '[::1]', '::1', 'fe80::1']) {
      expect(isIpAddress(host), host).toBe(true);
    }
    for (const host of ['localhost', 'camino.lan', 'camino.example.org', 'iglesia-1.local']) {
      expect(isIpAddress(host), host).toBe(false);
    }
  });
});
