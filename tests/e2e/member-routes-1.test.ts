import { describe, it } from 'vitest';
import { e2eAvailable, useE2EServer } from './browser.ts';
import { MEMBER_ROUTES, walkMemberRoutes } from './member-routes.ts';

const e2e = useE2EServer('member-routes-1');

describe.runIf(e2eAvailable())('every member route, 1 of 2', () => {
  it('the first half (courses, lessons, the Bible, prayer, journal, the library), in English and in Spanish', async () => {
    await walkMemberRoutes(e2e, MEMBER_ROUTES.slice(0, 14));
  });
});
