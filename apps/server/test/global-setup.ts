import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | null;
    testRunId: string;
  }
}

/**
 * With TEST_DATABASE_URL: migrate one template database for this run; each test file clones it and
 * everything this run made is dropped at the end (the server is shared and keeps old runs' data).
 */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${process.pid}`;
  project.provide('testRunId', runId);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('templateDatabase', null);
    return;
  }
  const template = `ms_tmpl_${runId}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const target = new URL(url);
  target.pathname = `/${template}`;
  const handle = await openDatabase({ databaseUrl: target.toString() });
  await migrateToLatest(handle.db);
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
