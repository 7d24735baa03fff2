import './polyfill.ts';
import './heap.ts';
import { resolve } from 'node:path';
import { buildApp } from './app.ts';
import { hashStoredRecoveryCodes } from './auth/recovery-codes.ts';
import { consoleProgress, loadBundledBibles, missingBibles } from './bible/loader.ts';
import { offlinePack } from './bible/offline-pack.ts';
import { consoleCrossReferenceProgress, crossReferencesMissing } from './bible/cross-references.ts';
import { consoleWordStudyProgress, wordStudyMissing } from './bible/words.ts';
import { loadConfig } from './config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from './db/client.ts';
import { serveBackups } from './db/backup-socket.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { grantListedAdmins } from './auth/email-verification.ts';
import { createRedis } from './redis.ts';
import { retryWithBackoff } from './retry.ts';
import { resolveSecret } from './secret.ts';
import { fromRoot } from './paths.ts';

async function main() {
  const config = loadConfig();
  let release: (() => void) | undefined;
  let database: DatabaseHandle;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl, config.databasePoolMax);
  } else {
    const dir = resolve(config.dataDir, 'pglite');
    release = lockDataDir(resolve(config.dataDir));
    database = await openPglite(dir);
  }
  await database.migrate();
  // ADMIN_EMAILS: the listed addresses that are confirmed (ADR 0040).
  await grantListedAdmins(database.db, config.adminEmails);

  const redis = config.redisUrl ? createRedis(config.redisUrl) : null;
  const secret = resolveSecret(config);
  const app = await buildApp({
    config,
    database,
    secret,
    redis,
    clientDir: fromRoot('dist/client'),
  });
  // Recovery codes an earlier version kept encrypted are hashed now (ASVS 6.5.2).
  const hashedCodes = await hashStoredRecoveryCodes(database.db, secret);
  if (hashedCodes > 0) {
    app.log.info({ accounts: hashedCodes }, 'stored recovery codes hashed');
  }

  // `npm run backup` asks this process for the embedded database it holds (db/backup-socket.ts).
  const backups = database.pglite
    ? await serveBackups(database.pglite, resolve(config.dataDir), app.log)
    : null;

  const stopping = new AbortController();
  const shutdown = async (signal: string) => {
    if (stopping.signal.aborted) return;
    stopping.abort();
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // app.close() stops the reminder scheduler (its tick in progress finishes first).
      backups?.close();
      await app.close();
      redis?.disconnect();
      await database.close();
    } finally {
      release?.();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.notifications.scheduler) {
    app.notificationScheduler.start();
    app.log.info(
      { tickSeconds: config.notifications.tickMs / 1000 },
      'notification scheduler started',
    );
  }
  const where = `${config.appUrl} (${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`;
  const ready = () => {
    app.log.info({ database: database.kind, url: config.appUrl }, `ready on ${where}`);
    // A plain line as well, whatever the log format: the one a person starting it waits for.
    process.stderr.write(`Camino is ready on ${where}\n`);
    warmOfflinePack();
  };
  // The offline pack (the bundled Bibles cut into parts for phones, ADR 0070) is built the first
  // time it is asked for: ~2 s of a core, longer than a member's page may take to draw, so the
  // first member to open the download card after a start got the app's shell. Built here instead,
  // a while after the server is ready: not during a first start's install, and not at all in a
  // process that lives less long (a test's).
  const warmOfflinePack = () => {
    if (config.offlinePackWarmMs <= 0) return;
    setTimeout(() => {
      const started = performance.now();
      offlinePack().then(
        (pack) =>
          app.log.info(
            { parts: pack.parts.size, ms: Math.round(performance.now() - started) },
            'offline pack ready',
          ),
        (error: unknown) =>
          app.log.warn(
            { err: error },
            'the offline pack was not built; it is built when asked for',
          ),
      );
    }, config.offlinePackWarmMs).unref();
  };
  // The bundled Bibles load after the server is up, without holding up the event loop (ADR
  // 0025): /healthz answers throughout, Bible routes answer 503 "being installed" and /readyz
  // 503 until they are in. The database may restart or go away meanwhile: a translation is never
  // served half-loaded, and the next attempt carries on with the translations still missing.
  // The cross references follow the Bibles the same way (served once whole, their route 503
  // until then), and a server that has the Bibles already installs only them.
  const missing = await missingBibles(database.db).catch(() => null);
  const linksMissing = await crossReferencesMissing(database.db).catch(() => null);
  const wordsMissing = await wordStudyMissing(database.db).catch(() => null);
  if (missing?.length === 0 && linksMissing === false && wordsMissing === false) {
    ready();
  } else {
    app.bibleCatalog.installing = true;
    process.stderr.write(
      missing?.length === 0
        ? `Listening on ${config.appUrl}. Installing the bundled cross references and word study (a few seconds).\n`
        : `Listening on ${config.appUrl}. First start: installing the bundled Bibles (about 20 s; Bible pages say "being installed" until then).\n`,
    );
    void retryWithBackoff(
      async () => {
        const loaded = await loadBundledBibles(database.db, {
          kind: database.kind,
          progress: consoleProgress(),
          crossReferenceProgress: consoleCrossReferenceProgress(),
          wordStudyProgress: consoleWordStudyProgress(),
          onInstalled: () => app.bibleCatalog.refresh(database.db),
        });
        await app.bibleCatalog.refresh(database.db);
        return loaded;
      },
      {
        signal: stopping.signal,
        onRetry: (error, attempt, delayMs) =>
          app.log.warn(
            { err: error, attempt, retryInMs: delayMs },
            'installing the Bibles failed; trying again',
          ),
      },
    )
      .then((loaded) => {
        app.bibleCatalog.installing = false;
        if (loaded.length > 0) app.log.info({ loaded }, 'Bibles loaded');
        ready();
      })
      .catch(() => undefined /* aborted: the server is shutting down */);
  }
  // Another process may import a licensed translation (npm run bible:import on PostgreSQL).
  setInterval(
    () => void app.bibleCatalog.refresh(database.db).catch(() => undefined),
    5 * 60_000,
  ).unref();
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
