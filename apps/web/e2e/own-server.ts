import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * A server of the test's own, on its own port and database, that the test can kill (SIGKILL, as a
 * crash or a pulled plug) and start again on the same data — for "the server dies mid-upload".
 * Same build and options as e2e/start-server.mjs (dist, or source with E2E_SERVER_SOURCE=1).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));

export type OwnServer = {
  url: string;
  kill: () => Promise<void>;
  start: () => Promise<void>;
  dispose: () => Promise<void>;
};

const waitUp = async (url: string) => {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/docs/json`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > 120_000) throw new Error(`server at ${url} did not start in 120 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

export const ownServer = async (port: number): Promise<OwnServer> => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ms-e2e-own-')),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback', // as start-server.mjs: the test runner stands in for a proxy
    NO_DEMO: '1', // these servers are killed and restarted; the demo is tried on the shared one
  };
  delete env.DATABASE_URL;
  let drop = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const name = `ms_e2e_own_${Date.now().toString(36)}`;
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
  const args = process.env.E2E_SERVER_SOURCE
    ? [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        '--tsconfig',
        join(root, 'apps/server/tsconfig.json'),
        join(root, 'apps/server/src/server.ts'),
      ]
    : [join(root, 'apps/server/dist/server.js')];
  const url = `http://localhost:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
    await waitUp(url);
  };
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    // The whole process group: from source, tsx runs the server as a child of its own.
    process.kill(-c.pid!, 'SIGKILL');
    await exited;
    child = null;
  };
  await start();
  return {
    url,
    kill,
    start,
    dispose: async () => {
      await kill();
      await drop();
    },
  };
};
