// Shared helpers for the benchmarks: start the built server on a fresh database, stop it.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('../', import.meta.url));
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts apps/server/dist/server.js on `port`; `postgres` uses a new database on TEST_DATABASE_URL (or the local one). */
export const startServer = async ({ port, postgres = false, demo = true }) => {
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ms-bench-')),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  let drop = async () => {};
  if (postgres) {
    const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `ms_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    // BENCH_KEEP_DB=1 leaves the database behind (to look at its plans afterwards); drop it by hand.
    drop = async () => {
      if (process.env.BENCH_KEEP_DB) return console.log(`kept database ${name}`);
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  // BENCH_SERVER_NODE_ARGS: flags for the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...nodeArgs, join(root, 'apps/server/dist/server.js'), ...(demo ? [] : ['--no-demo'])];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(`http://localhost:${port}/docs/json`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > 120_000) {
      // Do not leave the server (and its database) behind when it never answered.
      child.kill('SIGKILL');
      await drop().catch(() => {});
      throw new Error('server did not start in 120 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    pid: child.pid,
    url: `http://localhost:${port}`,
    databaseUrl: env.DATABASE_URL,
    startMs: Date.now() - started,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await drop();
    },
  };
};

/** Resident memory of a process in MB, from /proc. */
export const rssMb = async (pid) => {
  const { readFileSync } = await import('node:fs');
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS'));
  return Number(line.split(/\s+/)[1]) / 1024;
};

export const login = async (url, email, password, deviceId = 'bench-device') => {
  const res = await fetch(`${url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', deviceID: deviceId },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json();
  if (!body.status) throw new Error(`login failed: ${body.message}`);
  return body.data;
};

/** Load, then 500 ms without a request (the app's live change stream stays open, so 'networkidle' never comes). */
export const quietPage = async (page, quietMs = 500, timeoutMs = 60_000) => {
  await page.waitForLoadState('load');
  let pending = 0;
  let last = Date.now();
  const counts = (r) => !/\/changes\/stream/.test(r.url());
  const begin = (r) => counts(r) && (pending++, (last = Date.now()));
  const done = (r) => counts(r) && (pending--, (last = Date.now()));
  page.on('request', begin);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const until = Date.now() + timeoutMs;
  while ((pending > 0 || Date.now() - last < quietMs) && Date.now() < until) await page.waitForTimeout(100);
  page.off('request', begin);
  page.off('requestfinished', done);
  page.off('requestfailed', done);
};
