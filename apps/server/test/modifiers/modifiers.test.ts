import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProduct } from '../catalogue/fixtures.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let cashier: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  cashier = await addCashier(t, owner);
});
afterAll(async () => t.close());

type SetJson = {
  id: string;
  _id: string;
  name: string;
  business_id: string;
  modifiers: { _id: string; name: string; selling_price: number }[];
};

const create = (body: unknown, token = owner.token, b = owner.businessId) =>
  t.request({ method: 'POST', url: `/v2/business/${b}/modifiers/set`, token, body });
const list = (token = owner.token, b = owner.businessId) =>
  t.request({ method: 'GET', url: `/v2/business/${b}/modifiers/sets`, token });
const edit = (id: string, body: unknown, token = owner.token, b = owner.businessId) =>
  t.request({ method: 'PUT', url: `/v2/business/${b}/modifiers/set/${id}`, token, body });
const remove = (id: string, token = owner.token, b = owner.businessId) =>
  t.request({ method: 'DELETE', url: `/v2/business/${b}/modifiers/set/${id}`, token });

describe('POST /modifiers/set', () => {
  it('creates a set; prices are naira, kept in kobo; a missing price is 0', async () => {
    const res = await create({
      name: 'Extras',
      business_id: owner.businessId,
      modifiers: [
        { name: 'Cheese', selling_price: 150.5 },
        { name: 'Napkin' },
        { name: 'Sauce', selling_price: '200' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Modifier set created successfully');
    const set = res.json().data as SetJson;
    expect(set).toMatchObject({ name: 'Extras', business_id: owner.businessId, id: set._id });
    expect(set.modifiers.map((m) => [m.name, m.selling_price])).toEqual([
      ['Cheese', 150.5],
      ['Napkin', 0],
      ['Sauce', 200],
    ]);
    const kobo = await t.db
      .selectFrom('modifiers')
      .select('selling_price')
      .where('set_id', '=', set.id)
      .orderBy('position')
      .execute();
    expect(kobo.map((r) => r.selling_price)).toEqual([15050, 0, 20000]);
  });

  it('ignores a business_id in the body that is not the path one', async () => {
    const res = await create({
      name: 'Sides',
      business_id: other.businessId,
      modifiers: [{ name: 'Fries', selling_price: 500 }],
    });
    expect(res.json().data.business_id).toBe(owner.businessId);
  });

  it('400: set name required, every modifier a name and a numeric price (spec 001 §5)', async () => {
    const noName = await create({ name: ' ', modifiers: [{ name: 'A', selling_price: 1 }] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('The name field is required.');
    const noModName = await create({ name: 'S', modifiers: [{ name: 'A' }, { name: '', selling_price: 1 }] });
    expect(noModName.statusCode).toBe(400);
    expect(noModName.json().message).toContain('modifier name');
    const badPrice = await create({ name: 'S', modifiers: [{ name: 'A', selling_price: 'ten' }] });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().message).toContain('modifier selling_price should be an numeric');
    const negative = await create({ name: 'S', modifiers: [{ name: 'A', selling_price: -1 }] });
    expect(negative.json().message).toContain('modifier selling_price cannot be negative');
    const empty = await create({ name: 'S', modifiers: [] });
    expect(empty.json().message).toContain('modifiers must hold at least one modifier');
  });

  it('409 on a duplicate set name; 401, 403, 404', async () => {
    const body = { name: 'extras', modifiers: [{ name: 'x' }] };
    expect((await create(body)).statusCode).toBe(409);
    expect((await create(body, '')).statusCode).toBe(401);
    expect((await create({ ...body, name: 'Other' }, cashier.token)).statusCode).toBe(403);
    expect((await create({ ...body, name: 'Other' }, owner.token, other.businessId)).statusCode).toBe(404);
  });
});

describe('GET /modifiers/sets', () => {
  it('lists sets with their modifiers in order; a cashier may read; not another business', async () => {
    const sets = (await list(cashier.token)).json().data as SetJson[];
    expect(sets.map((s) => [s.name, s.modifiers.length])).toEqual([
      ['Extras', 3],
      ['Sides', 1],
    ]);
    expect((await list(owner.token, other.businessId)).statusCode).toBe(404);
    expect((await list('')).statusCode).toBe(401);
    expect(((await list(other.token, other.businessId)).json().data as unknown[]).length).toBe(0);
  });
});

describe('PUT /modifiers/set/{id}', () => {
  it('renames, keeps modifiers by _id, adds new ones and drops the ones left out', async () => {
    const set = (
      await create({
        name: 'Toppings',
        modifiers: [
          { name: 'Egg', selling_price: 100 },
          { name: 'Ham', selling_price: 300 },
        ],
      })
    ).json().data as SetJson;
    const [egg] = set.modifiers;
    const res = await edit(set.id, {
      name: 'Breakfast toppings',
      modifiers: [
        { name: 'Bacon', selling_price: 400 },
        { _id: egg!._id, name: 'Fried egg', selling_price: 120 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data as SetJson;
    expect(after.name).toBe('Breakfast toppings');
    expect(after.modifiers.map((m) => [m.name, m.selling_price])).toEqual([
      ['Bacon', 400],
      ['Fried egg', 120],
    ]);
    expect(after.modifiers[1]!._id).toBe(egg!._id);
    const renameOnly = await edit(set.id, { name: 'Morning' });
    expect((renameOnly.json().data as SetJson).modifiers).toHaveLength(2);
  });

  it('400 for a modifier _id of another set or nothing to update; 409; 404; 403; 401', async () => {
    const a = (await create({ name: 'Set A', modifiers: [{ name: 'a1' }] })).json().data as SetJson;
    const b = (await create({ name: 'Set B', modifiers: [{ name: 'b1' }] })).json().data as SetJson;
    const stolen = await edit(a.id, { modifiers: [{ _id: b.modifiers[0]!._id, name: 'b1' }] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toContain('modifiers.0._id');
    expect((await edit(a.id, {})).statusCode).toBe(400);
    expect((await edit(a.id, { modifiers: [{ name: 'x', selling_price: 'abc' }] })).json().message).toContain(
      'numeric',
    );
    expect((await edit(a.id, { name: 'set b' })).statusCode).toBe(409);
    const theirs = (
      await create({ name: 'Theirs', modifiers: [{ name: 't' }] }, other.token, other.businessId)
    ).json().data as SetJson;
    expect((await edit(theirs.id, { name: 'Mine' })).statusCode).toBe(404);
    expect((await edit('not-an-id', { name: 'Mine' })).statusCode).toBe(404);
    expect((await edit(a.id, { name: 'x' }, cashier.token)).statusCode).toBe(403);
    expect((await edit(a.id, { name: 'x' }, '')).statusCode).toBe(401);
  });
});

describe('DELETE /modifiers/set/{id}', () => {
  it('deletes a set and takes it off products', async () => {
    const set = (await create({ name: 'Drinks', modifiers: [{ name: 'Ice' }] })).json().data as SetJson;
    const keep = (await create({ name: 'Keepers', modifiers: [{ name: 'k' }] })).json().data as SetJson;
    const p = await seedProduct(t, owner.businessId);
    await t.db
      .updateTable('products')
      .set({ modifier_set_ids: [set.id, keep.id] })
      .where('id', '=', p.productId)
      .execute();
    expect((await remove(set.id, cashier.token)).statusCode).toBe(403);
    expect((await remove(set.id, '')).statusCode).toBe(401);
    expect((await remove(set.id, owner.token, other.businessId)).statusCode).toBe(404);
    const res = await remove(set.id);
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('products')
      .select('modifier_set_ids')
      .where('id', '=', p.productId)
      .executeTakeFirstOrThrow();
    expect(row.modifier_set_ids).toEqual([keep.id]);
    expect(((await list()).json().data as SetJson[]).some((s) => s.id === set.id)).toBe(false);
    expect((await remove(set.id)).statusCode).toBe(404);
  });
});
