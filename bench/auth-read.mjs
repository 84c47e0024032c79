// An authenticated read under load next to a bare route of the same server (issue 13): C keep-alive
// connections (default 50) send GET /v1/stores/businesses/:id with a bearer token (auth hook, zod
// params, the stores query, the envelope) for S seconds, then GET /v1/health (public, no database)
// for S seconds, twice each, alternating. Prints requests/s of each and their ratio (target >= 0.3).
// The built server runs on a fresh PostgreSQL database (TEST_DATABASE_URL, else the local one);
// SERVER_PROCESSES and DB_POOL_MAX pass through to it. Needs a build (npm run build).
// Usage: node bench/auth-read.mjs [connections] [seconds]
import http from 'node:http';
import { login, startServer } from './lib.mjs';

const CONNECTIONS = Number(process.argv[2] ?? process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.argv[3] ?? process.env.BENCH_SECONDS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3294);
const TARGET = 0.3;

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** C loops on their own keep-alive sockets, each sending the next request when the last is answered. */
const load = async (port, path, headers) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  const until = Date.now() + SECONDS * 1000;
  const once = () =>
    new Promise((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      const req = http.get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET ${path}: ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - t0) / 1e6);
        });
      });
      req.on('error', reject);
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) latencies.push(await once());
    }),
  );
  agent.destroy();
  return { rps: latencies.length / ((Date.now() - started) / 1000), p99: percentile(latencies, 99) };
};

// BENCH_URL: a server already running (e.g. under --cpu-prof) with the demo, instead of starting one.
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => {} }
  : await startServer({ port: PORT, postgres: true, demo: true });
const port = Number(new URL(server.url).port);
try {
  const session = await login(server.url, 'admin@demo.ng', 'Demo@1234');
  // The token's claims name the business (bid).
  const businessId = JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString()).bid;
  if (!businessId) throw new Error('the token names no business');
  const authed = {
    path: `/v1/stores/businesses/${businessId}`,
    headers: {
      authorization: `Bearer ${session.token}`,
      deviceid: 'bench-device',
      'accept-encoding': 'identity',
    },
  };
  const bare = { path: '/v1/health', headers: { 'accept-encoding': 'identity' } };
  // Warm both up (JIT, the pool's connections) before measuring.
  await load(port, authed.path, authed.headers);
  const runs = { authed: [], bare: [] };
  for (let i = 0; i < 2; i++) {
    runs.authed.push(await load(port, authed.path, authed.headers));
    runs.bare.push(await load(port, bare.path, bare.headers));
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const a = mean(runs.authed.map((r) => r.rps));
  const b = mean(runs.bare.map((r) => r.rps));
  const p99 = (xs) => Math.max(...xs.map((r) => r.p99)).toFixed(1);
  console.log(
    `authenticated GET ${authed.path.replace(businessId, ':id')}: ${a.toFixed(0)} req/s (runs ${runs.authed.map((r) => r.rps.toFixed(0)).join(', ')}), p99 ${p99(runs.authed)} ms`,
  );
  console.log(
    `bare GET /v1/health: ${b.toFixed(0)} req/s (runs ${runs.bare.map((r) => r.rps.toFixed(0)).join(', ')}), p99 ${p99(runs.bare)} ms`,
  );
  const ratio = a / b;
  console.log(
    `authenticated read ${a.toFixed(0)} req/s vs bare route ${b.toFixed(0)} req/s: ratio ${ratio.toFixed(2)} (target >= ${TARGET}) ${ratio >= TARGET ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await server.stop();
}
