import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { modeFor, type PageRequest } from '#delivery/modes.ts';

/** The table of src/delivery/README.md ("The modes"), as modes.ts decides it. */
describe('which page a request gets', () => {
  const base: PageRequest = {
    method: 'GET',
    session: false,
    prerendered: false,
    drawnRoute: false,
    canDraw: true,
  };

  it('a visitor: the page drawn at build time where there is one, else the shell', () => {
    expect(modeFor({ ...base, prerendered: true })).toBe('prerendered');
    expect(modeFor({ ...base, prerendered: true, method: 'HEAD' })).toBe('prerendered');
    expect(modeFor(base)).toBe('shell');
    // A visitor on a member path: the shell, which sends them to sign in.
    expect(modeFor({ ...base, drawnRoute: true })).toBe('shell');
  });

  it('a member: their page drawn on a GET of a route the server draws, else the shell', () => {
    const member = { ...base, session: true };
    expect(modeFor({ ...member, drawnRoute: true })).toBe('drawn');
    // Also where a visitor would get a prerendered page (the dashboard at /).
    expect(modeFor({ ...member, drawnRoute: true, prerendered: true })).toBe('drawn');
    expect(modeFor({ ...member, drawnRoute: true, method: 'HEAD' })).toBe('shell');
    // A route that acts as it opens (a link's token, a payment's return): never drawn.
    expect(modeFor(member)).toBe('shell');
    expect(modeFor({ ...member, prerendered: true })).toBe('shell');
    // No drawing bundle (a client built without it): the shell.
    expect(modeFor({ ...member, drawnRoute: true, canDraw: false })).toBe('shell');
  });

  it('is the table README.md shows', () => {
    const readme = readFileSync('src/delivery/README.md', 'utf8');
    for (const mode of ['prerendered', 'drawn', 'shell']) expect(readme).toContain(`**${mode}**`);
  });
});
