import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { BusinessDb, dbName } from './db';
import { freshBusiness } from './testing/fake-server';

/**
 * A device that installed the app before a table was added (sales agents, feature toggles) keeps its
 * local database: opening it with today's tables adds the new ones and keeps every record and every
 * sale still waiting to upload (Dexie 4 upgrades a changed schema without a version bump).
 */
describe('a local database made by an older app', () => {
  it('gains the new tables and keeps what it held', async () => {
    const b = freshBusiness();
    const old = new Dexie(dbName(b));
    old.version(1).stores({ customers: '_id, updated_at', pos_unsynced: '_id', pos: '_id, created_at' });
    await old.open();
    await old.table('customers').put({ _id: 'c1', name: 'Adaeze', updated_at: 1 });
    await old.table('pos_unsynced').put({ _id: 's1', store_id: 'st1' });
    old.close();

    const db = new BusinessDb(b);
    await db.data('sales_agents').put({ _id: 'a1', code: 'AG1234' });
    expect(await db.data('sales_agents').get('a1')).toMatchObject({ code: 'AG1234' });
    expect(await db.data('feature_toggles').count()).toBe(0);
    expect(await db.data('customers').get('c1')).toMatchObject({ name: 'Adaeze' });
    expect(await db.unsynced('pos').get('s1')).toMatchObject({ store_id: 'st1' });
    db.close();
  });
});
