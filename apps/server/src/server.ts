import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { serverBackups } from './backup/commands.js';
import { readEnv } from './config/env.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { startJobs } from './jobs/index.js';
import { createDemo, DEMO, demoExists } from './seed/demo.js';

/**
 * One of several server processes on PostgreSQL (env.serverProcesses > 1): it only serves requests.
 * The first process has migrated, seeded the demo and runs the backups; it forked this one.
 */
const worker = async () => {
  const env = readEnv();
  const handle = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const jobs = await startJobs(handle);
  const app = await buildApp({ env, db: handle.db, notifier: handle.notifier, jobs });
  await app.listen({ port: env.port, host: env.host });
  app.log.info({ pid: process.pid }, 'server process started');
  process.send?.('listening');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await jobs.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
};

/** Forks the serving processes (they share the port) and forks again any that dies; resolves once all listen. */
const forkServers = async (count: number, log: { error: (o: object, m: string) => void }) => {
  let stopping = false;
  const fork = () =>
    new Promise<void>((listening) => {
      const child = cluster.fork();
      child.on('message', (message) => {
        if (message === 'listening') listening();
      });
      child.on('exit', (code, signal) => {
        if (stopping) return;
        log.error({ pid: child.process.pid, code, signal }, 'server process died; starting another');
        setTimeout(() => void fork(), 1000).unref();
      });
    });
  await Promise.all(Array.from({ length: count }, fork));
  return async () => {
    stopping = true;
    await Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (child) =>
          new Promise<void>((exited) => {
            if (!child || child.isDead()) return exited();
            child.once('exit', () => exited());
            child.process.kill('SIGTERM');
          }),
      ),
    );
  };
};

/**
 * Starts the product: migrate, seed the demo (unless --no-demo), serve the API and the built app.
 * On PostgreSQL with several server processes this process does the once-only work (migrations,
 * demo, backups) and forks the processes that serve; otherwise it serves itself.
 */
const main = async () => {
  const env = readEnv();
  // Before opening the embedded database: refuses to start when another process has the data folder.
  const backups = await serverBackups({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
  const handle = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  await migrateToLatest(handle.db);
  const jobs = await startJobs(handle);
  const app = await buildApp({ env, db: handle.db, notifier: handle.notifier, jobs });
  if (env.seedDemo && !(await demoExists(handle.db))) {
    // The demo's history is made through the API in process, on a second, quiet instance of the
    // app (no line per request), before the server listens.
    const started = performance.now();
    const quiet = await buildApp({ env, db: handle.db, notifier: handle.notifier, jobs, logger: false });
    try {
      const made = await createDemo(handle.db, { history: { app: quiet } });
      if (made)
        app.log.info(
          {
            demo: DEMO.business,
            ...made.history,
            ...made.money,
            ms: Math.round(performance.now() - started),
          },
          'seeded the demo business',
        );
    } finally {
      await quiet.close();
    }
  }
  const forked = env.serverProcesses > 1 && handle.kind === 'postgres';
  let stopServers = async () => {};
  if (forked) {
    // This process serves nothing: its app was only for the demo's seeding above.
    stopServers = await forkServers(env.serverProcesses, app.log);
  } else {
    await app.listen({ port: env.port, host: env.host });
  }
  await backups.start(handle, app.log);
  const port = forked ? env.port : (app.server.address() as { port: number }).port;
  const url = `http://localhost:${port}`;
  app.log.info(
    { url, database: handle.kind, processes: forked ? env.serverProcesses : 1, docs: `${url}/docs` },
    'server started',
  );
  if (env.seedDemo) {
    console.log(
      `\n  Open ${url}\n  Demo admin:   ${DEMO.admin} / ${DEMO.password}\n  Demo cashier: ${DEMO.cashier} / ${DEMO.password}\n`,
    );
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    backups.stopSchedule();
    await stopServers();
    await app.close();
    await jobs.stop();
    await handle.close();
    await backups.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

(cluster.isPrimary ? main() : worker()).catch((error) => {
  console.error(error);
  process.exit(1);
});
