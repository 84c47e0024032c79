import { buildApp } from './app.js';
import { serverBackups } from './backup/commands.js';
import { readEnv } from './config/env.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createDemo, DEMO, demoExists } from './seed/demo.js';

/** Starts the product: migrate, seed the demo (unless --no-demo), serve the API and the built app. */
const main = async () => {
  const env = readEnv();
  // Before opening the embedded database: refuses to start when another process has the data folder.
  const backups = await serverBackups({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
  const handle = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  await migrateToLatest(handle.db);
  const app = await buildApp({ env, db: handle.db, notifier: handle.notifier });
  if (env.seedDemo && !(await demoExists(handle.db))) {
    // The demo's history is made through the API in process, on a second, quiet instance of the
    // app (no line per request), before the server listens.
    const started = performance.now();
    const quiet = await buildApp({ env, db: handle.db, notifier: handle.notifier, logger: false });
    try {
      const made = await createDemo(handle.db, { history: { app: quiet } });
      if (made)
        app.log.info(
          { demo: DEMO.business, ...made.history, ms: Math.round(performance.now() - started) },
          'seeded the demo business',
        );
    } finally {
      await quiet.close();
    }
  }
  await app.listen({ port: env.port, host: env.host });
  await backups.start(handle, app.log);
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  app.log.info({ url, database: handle.kind, docs: `${url}/docs` }, 'server started');
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
    await app.close();
    await handle.close();
    await backups.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
