// Loaded only into the servers `npm run bench -- --zones` starts (with --expose-gc), never by
// the app: on SIGUSR2 the process runs a full garbage collection, then says so on stdout with
// the heap in use, so the bench reads memory after what can be freed has been.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  process.stdout.write(`bench:gc-done heap=${process.memoryUsage().heapUsed}\n`);
});
