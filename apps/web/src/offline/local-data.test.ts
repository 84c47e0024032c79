import { describe, expect, it } from 'vitest';
import { businessDb } from './db';
import {
  bulkDelete,
  bulkInsert,
  clearTable,
  findWhere,
  readAll,
  readSingleton,
  saveSingleton,
  setSyncTimestamp,
} from './local-data';
import { LocalDataError } from './local-data-error';
import { freshBusiness } from './testing/fake-server';

const db = () => businessDb(freshBusiness());

const customers = [
  { _id: 'c1', name: 'Adaeze Okafor', phone: '08031234567', city: 'Lagos' },
  { _id: 'c2', name: 'Bola Adeyemi', phone: '08059876543', city: 'lagos' },
  { _id: 'c3', name: 'Chidi Eze', phone: '07011112222', city: 'Abuja' },
];

const failure = async (run: Promise<unknown>) => {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LocalDataError);
  return (error as LocalDataError).message;
};

describe('local data layer (spec 000 §5, §8)', () => {
  it('clears a valid table and refuses anything else', async () => {
    const d = db();
    await bulkInsert(d, 'customers', customers);
    await clearTable(d, 'customers');
    expect(await readAll(d, 'customers')).toEqual([]);
    expect(await failure(clearTable(d, ''))).toBe('clearTable: tablename not provided');
    expect(await failure(clearTable(d, 'not_a_table'))).toBe('clearTable: invalid table name');
  });

  it('finds with LIKE (case-insensitive substring) and EQ (case-insensitive equality), all must match', async () => {
    const d = db();
    await bulkInsert(d, 'customers', customers);
    const ids = async (p: Parameters<typeof findWhere>[2]) =>
      (await findWhere(d, 'customers', p)).map((c) => c._id);
    expect(await ids([{ field: 'name', operator: 'LIKE', value: 'ZE' }])).toEqual(['c1', 'c3']);
    expect(await ids([{ field: 'city', operator: 'EQ', value: 'LAGOS' }])).toEqual(['c1', 'c2']);
    expect(await ids([{ field: 'city', operator: 'EQ', value: 'lag' }])).toEqual([]);
    expect(
      await ids([
        { field: 'city', operator: 'EQ', value: 'lagos' },
        { field: 'phone', operator: 'LIKE', value: '0805' },
      ]),
    ).toEqual(['c2']);
    expect(await ids([{ field: 'name', operator: 'GT', value: 'a' }])).toEqual([]);
  });

  it('leaves wrongly stored records out of reads', async () => {
    const d = db();
    await bulkInsert(d, 'customers', [
      ...customers,
      { _id: 'bad1', name: 'Meta row', syncStatus: 'synced' },
      { _id: 'bad2', name: 'Request row', Request: {}, lastUpdate: 1 },
      { _id: 'ok', name: 'Has only lastUpdate', lastUpdate: 1 },
    ]);
    const ids = (await readAll(d, 'customers')).map((c) => c._id).sort();
    expect(ids).toEqual(['c1', 'c2', 'c3', 'ok']);
    expect((await findWhere(d, 'customers', [])).map((c) => c._id)).not.toContain('bad1');
  });

  it('reads a singleton only when it holds one row, and refuses to save into one holding more', async () => {
    const d = db();
    expect(await readSingleton(d, 'meta_data_customers')).toEqual({});
    await saveSingleton(d, 'meta_data_customers', { modulename: 'customers', lastUpdate: 5 });
    expect(await readSingleton(d, 'meta_data_customers')).toMatchObject({ lastUpdate: 5 });
    await bulkInsert(d, 'meta_data_customers', [{ modulename: 'x' }, { modulename: 'y' }]);
    expect(await readSingleton(d, 'meta_data_customers')).toEqual({});
    expect(await failure(saveSingleton(d, 'meta_data_customers', { modulename: 'customers' }))).toBe(
      'saveSingleton: singleton table holds more than one row',
    );
  });

  it('batch insert needs a table name and a non-empty array, and says when the batch fails', async () => {
    const d = db();
    expect(await failure(bulkInsert(d, undefined, customers))).toBe('bulkInsert: tablename not provided');
    expect(await failure(bulkInsert(d, 'customers', []))).toBe('bulkInsert: missing parameter');
    expect(await failure(bulkInsert(d, 'customers', 'c1'))).toBe('bulkInsert: missing parameter');
    expect(await failure(bulkInsert(d, 'customers', [{ name: 'no key' }]))).toBe(
      'bulkInsert: BatchProcess Failed',
    );
  });

  it('batch delete needs an array of keys and a string table name', async () => {
    const d = db();
    await bulkInsert(d, 'customers', customers);
    const mismatch = 'bulkDelete: parameter mismatch: arrayOfKeys must be array and tableName must be string';
    expect(await failure(bulkDelete(d, 'customers', 'c1'))).toBe(mismatch);
    expect(await failure(bulkDelete(d, 42, ['c1']))).toBe(mismatch);
    expect(await failure(bulkDelete(d, '', ['c1']))).toBe('bulkDelete: tablename not provided');
    expect(await failure(bulkDelete(d, 'customers', []))).toBe('bulkDelete: missing parameter');
    await bulkDelete(d, 'customers', ['c1', 'c3']);
    expect((await readAll(d, 'customers')).map((c) => c._id)).toEqual(['c2']);
  });

  it('takes a sync timestamp only as a non-zero number', async () => {
    const d = db();
    await setSyncTimestamp(d, 'products', 1_700_000_000_000);
    expect(await d.meta('products').get('products')).toMatchObject({ lastUpdate: 1_700_000_000_000 });
    const bad = 'setSyncTimestamp: timestamp must be a non-zero number';
    expect(await failure(setSyncTimestamp(d, 'products', 0))).toBe(bad);
    expect(await failure(setSyncTimestamp(d, 'products', '17'))).toBe(bad);
    expect(await failure(setSyncTimestamp(d, 'nope', 5))).toBe('setSyncTimestamp: tablename not provided');
  });
});
