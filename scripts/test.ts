/**
 * `npm test`: every test but the fault tests, in two runs of Vitest side by side, then the first
 * start alone (docs/decisions/0072).
 *
 * - **The browser tests** (`--project e2e`), two files at a time: they wait a good part of their
 *   time (a slowed link, a throttled CPU, a timer the page is tested on), a quarter of both cores
 *   idle when they ran alone.
 * - **The server and client tests** (`--project server --project client`) on one worker beside
 *   them (half the cores on a larger machine): they fill what the browser tests leave idle. In one
 *   run of Vitest they only began once every browser file had started, on cores already full.
 * - **The first start** (`--project first-start`) last, with nothing else on the cores: it checks
 *   that health answers stay quick while the server installs the Bibles.
 *
 * The fixtures both runs need (the test databases' data folders, the built client) are made first,
 * once. Each line a run prints comes tagged with its run; the times and results close the output.
 * With arguments (`npm test -- tests/server/groups.test.ts -t leader`), one run of Vitest with
 * them, as before: a filter meant for one project would find no file in the other run.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { prepareFixtures } from '../tests/helpers/global-setup-server.ts';

const PROJECTS = ['server', 'client', 'e2e', 'first-start'];
const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];

interface Run {
  name: string;
  args: string[];
}

/**
 * The runs under way, each in a process group of its own with its workers, servers and browsers:
 * stopping this script (Ctrl-C, or a CI job's time limit, which may signal this process alone)
 * stops all of them, and nothing more starts.
 */
const running = new Set<ReturnType<typeof spawn>>();
let stopped = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopped = true;
    for (const child of running) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // Gone already.
      }
    }
    if (!running.size) process.exit(1);
  });
}

/** Runs Vitest with `args`, each line of its output tagged; answers its exit code and seconds. */
function vitest({ name, args }: Run, tagged: boolean): Promise<{ code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...VITEST, ...args], {
      detached: true,
      stdio: ['ignore', tagged ? 'pipe' : 'inherit', tagged ? 'pipe' : 'inherit'],
    });
    if (tagged) {
      const tag = `[${name}] `;
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const) {
        createInterface({ input: stream!, crlfDelay: Infinity }).on('line', (line) =>
          out.write(`${tag}${line}\n`),
        );
      }
    }
    running.add(child);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      running.delete(child);
      if (stopped && !running.size) process.exit(1);
      resolve({
        code: code ?? (signal ? 1 : 0),
        seconds: Math.round((performance.now() - started) / 1000),
      });
    });
  });
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2);
  if (filters.length) {
    const all = PROJECTS.flatMap((project) => ['--project', project]);
    return (await vitest({ name: 'tests', args: [...all, ...filters] }, false)).code;
  }
  const started = performance.now();
  await prepareFixtures({ client: true });
  const cores = availableParallelism();
  const beside: Run[] = [
    { name: 'browser', args: ['--project', 'e2e'] },
    {
      name: 'server+client',
      args: [
        '--project',
        'server',
        '--project',
        'client',
        `--maxWorkers=${Math.max(1, Math.floor(cores / 2))}`,
      ],
    },
  ];
  const results = await Promise.all(beside.map((run) => vitest(run, true)));
  if (stopped) return 1;
  const alone: Run = { name: 'first start', args: ['--project', 'first-start'] };
  results.push(await vitest(alone, false));
  const lines = [...beside, alone].map(
    ({ name }, i) =>
      `${String(results[i]!.seconds).padStart(5)} s  ${name}: ${results[i]!.code === 0 ? 'passed' : 'FAILED'}`,
  );
  const total = Math.round((performance.now() - started) / 1000);
  console.log(`\n== npm test, ${total} s (the first two side by side)\n${lines.join('\n')}`);
  return results.some(({ code }) => code !== 0) ? 1 : 0;
}

process.exitCode = await main();
