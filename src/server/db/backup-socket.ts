/**
 * A backup of the embedded database while the server runs. Only one process may open a PGlite
 * data folder (db/lock.ts), so `npm run backup` cannot open it while the server has it: it asks
 * the server, through a Unix socket in the data folder, and the server dumps its own database
 * (db/backup.ts dumpPglite: between two queries, so consistent) and sends the archive back.
 * Whoever may use the socket may read the data folder anyway: it is made for the owner only.
 *
 * The exchange: one line of JSON asking (`{"command":"backup"}`), then one line of JSON
 * answering (`{"ok":true,"bytes":N}` followed by the N bytes of the archive, or
 * `{"ok":false,"message":"…"}`).
 */
import type { PGlite } from '@electric-sql/pglite';
import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { dumpPglite } from './backup.ts';

export const BACKUP_SOCKET = 'backup.sock';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * Listens on `<dataDir>/backup.sock` for backup requests (the caller holds the folder's lock,
 * so a socket file found there was left by a process that no longer runs). Answers null where
 * the socket cannot be made (Windows, a path too long for a socket): `npm run backup` then asks
 * for the server to be stopped.
 */
export async function serveBackups(
  client: PGlite,
  dataDir: string,
  log: Logger,
): Promise<Server | null> {
  const path = join(dataDir, BACKUP_SOCKET);
  if (process.platform === 'win32') return null;
  rmSync(path, { force: true });
  const server = createServer((socket) => answer(socket, client, log));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    chmodSync(path, 0o600);
    return server;
  } catch (error) {
    log.warn({ err: error, path }, 'backups while running are unavailable (no socket)');
    server.close();
    return null;
  }
}

function answer(socket: Socket, client: PGlite, log: Logger) {
  let request = '';
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  // A connection that never asks is not kept open.
  socket.setTimeout(10_000, () => {
    if (!request.includes('\n')) socket.destroy();
  });
  socket.on('data', (chunk: string) => {
    request += chunk;
    if (!request.includes('\n')) {
      if (request.length > 1024) socket.destroy();
      return;
    }
    socket.removeAllListeners('data');
    void respond(socket, request.slice(0, request.indexOf('\n')), client, log);
  });
}

async function respond(socket: Socket, line: string, client: PGlite, log: Logger) {
  let command: unknown;
  try {
    command = (JSON.parse(line) as { command?: unknown }).command;
  } catch {
    command = undefined;
  }
  if (command !== 'backup') {
    socket.end(`${JSON.stringify({ ok: false, message: 'unknown request' })}\n`);
    return;
  }
  const started = performance.now();
  try {
    const archive = await dumpPglite(client);
    socket.write(`${JSON.stringify({ ok: true, bytes: archive.byteLength })}\n`);
    socket.end(archive);
    log.info(
      { event: 'backup', bytes: archive.byteLength, ms: Math.round(performance.now() - started) },
      'backup of the embedded database sent to npm run backup',
    );
  } catch (error) {
    log.warn({ err: error }, 'backup of the embedded database failed');
    socket.end(`${JSON.stringify({ ok: false, message: String(error) })}\n`);
  }
}

/** Asks the server running on `dataDir` for a backup: the archive, or an error saying why not. */
export function requestBackup(dataDir: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const socket = connect(join(dataDir, BACKUP_SOCKET));
    const chunks: Buffer[] = [];
    let received = 0;
    let header: { ok: boolean; bytes?: number; message?: string } | null = null;
    socket.once('error', reject);
    socket.on('connect', () => socket.write(`${JSON.stringify({ command: 'backup' })}\n`));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.byteLength;
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks, received);
      const newline = all.indexOf(0x0a);
      try {
        header = JSON.parse(all.subarray(0, newline).toString('utf8')) as typeof header;
      } catch {
        header = null;
      }
      const body = all.subarray(newline + 1);
      if (!header?.ok) reject(new Error(header?.message ?? 'no answer'));
      else if (body.byteLength !== header.bytes) {
        reject(
          new Error(`the archive was cut short (${body.byteLength} of ${header.bytes} bytes)`),
        );
      } else resolve(new Uint8Array(body));
    });
  });
}
