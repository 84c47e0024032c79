import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { startJobs } from '../src/jobs/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | null;
    /** Without TEST_DATABASE_URL: a migrated embedded database's dump each test file starts from. */
    pgliteTemplate: string | null;
    testRunId: string;
  }
}

/**
 * With TEST_DATABASE_URL: migrate one template database for this run; each test file clones it and
 * everything this run made is dropped at the end (the server is shared and keeps old runs' data).
 * Without it: migrate one embedded database and dump it to a file; each test file loads the dump
 * (a fresh PGlite spends seconds in initdb and migrations, a loaded dump a fraction of that).
 */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${process.pid}`;
  project.provide('testRunId', runId);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('templateDatabase', null);
    const dir = mkdtempSync(join(tmpdir(), 'ms-pglite-template-'));
    const handle = await openDatabase({ dataDir: null });
    await migrateToLatest(handle.db);
    // The job queue's schema too, so each test file's queue starts on an installed one.
    await (await startJobs(handle)).stop();
    const dump = await handle.pglite!.dumpDataDir('none');
    await handle.close();
    const file = join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  project.provide('pgliteTemplate', null);
  const template = `ms_tmpl_${runId}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const target = new URL(url);
  target.pathname = `/${template}`;
  const handle = await openDatabase({ databaseUrl: target.toString() });
  await migrateToLatest(handle.db);
  await (await startJobs(handle)).stop();
  await handle.close();
  project.provide('templateDatabase', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`ms_%_${runId}%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  };
}
