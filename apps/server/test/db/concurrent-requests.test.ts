import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';

/**
 * Two requests at once on the embedded database (one PGlite connection): a query of one request
 * never runs inside another's transaction, so a rollback there cannot take this one's write with it,
 * and two transactions at once both commit their own work.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ dataDir: null }); // the embedded database, in memory
  await sql`CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)`.execute(handle.db);
});
afterAll(async () => handle.close());

const ids = async () =>
  (await sql<{ id: number }>`SELECT id FROM notes ORDER BY id`.execute(handle.db)).rows.map((r) => r.id);

describe('the embedded database under concurrent requests', () => {
  it("keeps a plain write made while another request's transaction is open and then rolls back", async () => {
    const db = handle.db;
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const failing = db
      .transaction()
      .execute(async (tx) => {
        await sql`INSERT INTO notes VALUES (1, 'rolled back')`.execute(tx);
        inside();
        await held;
        throw new Error('the sale failed half-way');
      })
      .catch((e: Error) => e.message);
    await opened;
    const plain = sql`INSERT INTO notes VALUES (2, 'kept')`.execute(db);
    await new Promise((r) => setTimeout(r, 50)); // the other request's write is sent meanwhile
    finish();
    expect(await failing).toBe('the sale failed half-way');
    await plain;
    expect(await ids()).toEqual([2]);
  });

  it('commits two transactions started at once, each with its own rows', async () => {
    const db = handle.db;
    await sql`DELETE FROM notes`.execute(db);
    const write = (id: number) =>
      db.transaction().execute(async (tx) => {
        await sql`INSERT INTO notes VALUES (${id}, 'a')`.execute(tx);
        await new Promise((r) => setTimeout(r, 20));
        await sql`UPDATE notes SET body = 'b' WHERE id = ${id}`.execute(tx);
      });
    await Promise.all([write(10), write(11), write(12)]);
    expect(await ids()).toEqual([10, 11, 12]);
  });
});
