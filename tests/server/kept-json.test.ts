/**
 * Kept answers (src/server/routes/kept-json.ts): a group's pages are sent from JSON built once,
 * compressed once per encoding, and @fastify/compress passes them through; what a client
 * accepts decides the encoding, and the bytes decompress to the same JSON.
 */
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptJson, acceptedEncoding, sendKept } from '../../src/server/routes/kept-json.ts';

const large = JSON.stringify({
  members: Array.from({ length: 80 }, (_, i) => ({ i, name: `Miembro ${i}`, note: 'ñandú' })),
});
const kept = new KeptJson(large);
const small = new KeptJson('{"ok":true}');
const app = Fastify();

beforeAll(async () => {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  app.get('/large', (request, reply) => sendKept(request, reply, kept));
  app.get('/small', (request, reply) => sendKept(request, reply, small));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('kept JSON', () => {
  it('chooses brotli, else gzip, as the request accepts them', () => {
    const req = (headers: Record<string, string>) => ({ headers }) as never;
    expect(acceptedEncoding(req({ 'accept-encoding': 'gzip, deflate, br' }))).toBe('br');
    expect(acceptedEncoding(req({ 'accept-encoding': 'gzip, br;q=0' }))).toBe('gzip');
    expect(acceptedEncoding(req({ 'accept-encoding': 'br;q=0, gzip;q=0' }))).toBeNull();
    expect(acceptedEncoding(req({ 'accept-encoding': '*' }))).toBe('br');
    expect(acceptedEncoding(req({ 'accept-encoding': 'identity' }))).toBeNull();
    expect(acceptedEncoding(req({}))).toBeNull();
    expect(acceptedEncoding(req({ 'accept-encoding': 'br', 'x-no-compression': '1' }))).toBeNull();
  });

  it('sends brotli or gzip that decompress to the kept JSON, once compressed per encoding', async () => {
    const br = await get('/large', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(large);
    const gz = await get('/large', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(large);
    const bytes = kept.bytes;
    expect(bytes).toBeGreaterThan(kept.json.length);
    await get('/large', { 'accept-encoding': 'br' });
    expect(kept.bytes).toBe(bytes);
    expect(kept.encoded('br')).toBe(kept.encoded('br'));
  });

  it('sends the JSON as it is without an accepted encoding, and a small answer always', async () => {
    const plain = await get('/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(large);
    const tiny = await get('/small', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ ok: true });
  });
});
