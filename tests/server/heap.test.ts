/**
 * The server bounds how far V8's old generation grows between full collections (ADR 0058):
 * without it, a 50,000-entry export on PostgreSQL added 77–142 MB of uncollected garbage
 * (docs/performance.md, "Exports"; the bench is the measure, this keeps the setting in place).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the heap growing factor', () => {
  it('is set by the server before it builds the app', () => {
    const main = readFileSync(new URL('../../src/server/main.ts', import.meta.url), 'utf8');
    const heap = main.indexOf("import './heap.ts';");
    expect(heap).toBeGreaterThan(-1);
    expect(heap).toBeLessThan(main.indexOf("from './app.ts'"));
  });
});
