// Starts the built server for the browser tests on a fresh database: a new PostgreSQL database when
// TEST_DATABASE_URL is set (dropped on exit), else PGlite in a temporary folder.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '3210',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'ms-e2e-')),
  LOG_LEVEL: 'warn',
  // The test runner stands in for a proxy in front of the server: it gives each business it signs up
  // an address of its own (X-Forwarded-For), believed from the loopback only.
  TRUST_PROXY: 'loopback',
};
delete env.DATABASE_URL;

let drop = async () => {};
// Once, whichever comes first: the runner's SIGTERM or the server's exit (both come at the end of a run).
let dropping;
const dropOnce = () => (dropping ??= drop());
if (process.env.TEST_DATABASE_URL) {
  const name = `ms_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  drop = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

// E2E_SERVER_SOURCE=1 runs the server from source (tsx, contracts from source too) so a developer can
// test without rebuilding apps/server/dist; WEB_DIST then names the web build to serve.
const args = process.env.E2E_SERVER_SOURCE
  ? [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      '--tsconfig',
      join(root, 'apps/server/tsconfig.json'),
      join(root, 'apps/server/src/server.ts'),
    ]
  : [join(root, 'apps/server/dist/server.js')];
const server = spawn(process.execPath, args, { env, stdio: 'inherit' });
const stop = async () => {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await dropOnce();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', async (code) => {
  await dropOnce();
  process.exit(code ?? 0);
});
