import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from './config';
import { databaseTargetFor, openDatabase } from './db/database';
import { FolderInUseError } from './db/folder-lock';
import { PREPARE_ONLY_ENV, isNewPgliteFolder, prepareDatabase, prepareInChildProcess } from './first-start';
import { watchEventLoop } from './event-loop-watch';

/** Gives in-flight requests this long to finish on shutdown (after the drain) before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const target = databaseTargetFor(config);
  if (process.env[PREPARE_ONLY_ENV] === '1') {
    await prepareDatabase(target);
    process.exit(0);
  }
  if (isNewPgliteFolder(target)) {
    console.log('Creating the embedded database (first start only)…');
    await prepareInChildProcess();
  }
  // The database opens on a thread of its own (PGlite) or over the network (PostgreSQL): this thread
  // loads the app's code meanwhile (a third of a start's CPU), instead of one after the other.
  const [{ composeApp }, database] = await Promise.all([import('./app'), openDatabase(target)]);
  await database.migrate();
  const { app, deps } = await composeApp({ config, database });
  const stopWatch = watchEventLoop(app.log, config.eventLoopStallMs);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    stopWatch();
    // Draining (docs/deploy.md "Graceful shutdown"): readiness answers 503 at once, and for
    // SHUTDOWN_DRAIN_SECONDS requests are still served, so a proxy's health check takes this
    // process out before it stops accepting. Then Fastify's close: new requests get 503, runs and
    // documents in progress here let go, event streams end, the listener stops and idle
    // connections close, in-flight requests finish, the job queue stops.
    deps.readiness.markDraining();
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    const close = () => {
      const forceExit = setTimeout(() => {
        app.log.error('shutdown took too long: exiting');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS);
      forceExit.unref();
      // A connection whose request finishes during the close stays open, idle, until its keep-alive
      // time-out, and the listener's close waits for it (a long poll answered by the close did
      // that for 10 s): each is closed as soon as it is idle.
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
      closeIdle.unref();
      return app.close().finally(() => clearInterval(closeIdle));
    };
    new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
      .then(close)
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { startMs: Math.round(performance.now() - startedAt), database: database.kind },
    'server started',
  );
}

main().catch((error: unknown) => {
  // Configuration mistakes and a data folder in use are the operator's to fix: say what is wrong
  // and what to do, without a stack trace.
  if (error instanceof ConfigError || error instanceof FolderInUseError) console.error(error.message);
  else console.error('Server failed to start:', error);
  process.exit(1);
});
