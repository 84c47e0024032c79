// Resident memory of the server after start and after 1,000 authenticated requests, on PGlite and on
// PostgreSQL, each printed as a ratio to a bare Node process holding the same database driver,
// measured in the same run.
import { spawn } from 'node:child_process';
import { login, root, rssMb, startServer } from './lib.mjs';

const REQUESTS = 1000;

/** The floor: a Node process that only opens the same kind of database (no server). */
const baseline = async (kind) => {
  const code =
    kind === 'pglite'
      ? "const { PGlite } = await import('@electric-sql/pglite'); const db = new PGlite(); await db.query('select 1'); setInterval(()=>{}, 1000);"
      : "const pg = (await import('pg')).default; const p = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' }); await p.query('select 1'); setInterval(()=>{}, 1000);";
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root, stdio: 'inherit' });
  await new Promise((r) => setTimeout(r, kind === 'pglite' ? 8000 : 2000));
  const mb = await rssMb(child.pid);
  child.kill();
  return mb;
};

for (const kind of ['pglite', 'postgres']) {
  const floor = await baseline(kind);
  const server = await startServer({ port: 3291, postgres: kind === 'postgres' });
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const afterStart = await rssMb(server.pid);
    const { token } = await login(server.url, 'admin@demo.ng', 'Demo@1234');
    const headers = { authorization: `Bearer ${token}`, deviceID: 'bench-device' };
    const started = Date.now();
    for (let i = 0; i < REQUESTS; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${server.url}/v1/auth/merchant/devices`, { headers }).then((r) => r.arrayBuffer()),
        ),
      );
    }
    const seconds = (Date.now() - started) / 1000;
    const afterLoad = await rssMb(server.pid);
    console.log(
      `${kind}: start ${server.startMs} ms; RSS after start ${afterStart.toFixed(0)} MB, after ${REQUESTS} requests ${afterLoad.toFixed(0)} MB ` +
        `(${(REQUESTS / seconds).toFixed(0)} req/s); bare ${kind} process ${floor.toFixed(0)} MB — ratio after start ${(afterStart / floor).toFixed(2)}, after load ${(afterLoad / floor).toFixed(2)}`,
    );
  } finally {
    await server.stop();
  }
}
