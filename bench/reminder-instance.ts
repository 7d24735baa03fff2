/**
 * One app instance of the morning peak in a Node process of its own (forked by
 * bench/reminders.ts): it builds the app on the database it is given, says `ready`, starts its
 * scheduler at `go` (08:00:00 on its clock), and at `stop` answers how many reminders it sent and the CPU time it used.
 */
import { openPostgres } from '#server/db/client.ts';
import { peakApp, type InstanceSettings } from './reminders.ts';

const { url, ...settings } = JSON.parse(process.env.REMINDER_INSTANCE ?? '{}') as {
  url: string;
} & InstanceSettings;
const database = await openPostgres(url, 5);
const app = await peakApp(database, settings);
process.on('message', (message: { type: string; started?: number }) => {
  if (message.type === 'go') app.go(message.started!);
  if (message.type === 'stop') {
    void (async () => {
      const report = await app.stop();
      await database.close();
      process.send!({ type: 'stopped', report }, () => process.exit(0));
    })();
  }
});
process.send!({ type: 'ready' });
