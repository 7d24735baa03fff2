import { describe, it } from 'vitest';
import { e2eAvailable, useE2EServer } from './browser.ts';
import { MEMBER_ROUTES, walkMemberRoutes } from './member-routes.ts';

const e2e = useE2EServer('member-routes-2');

describe.runIf(e2eAvailable())('every member route, 2 of 2', () => {
  it('the second half (goals, reading, notifications, admin, resources, subscription, support, settings, legal), in English and in Spanish', async () => {
    await walkMemberRoutes(e2e, MEMBER_ROUTES.slice(14));
  });
});
