import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const url = (b: string) => `/v2/business/${b}/product/options`;
const create = (body: unknown, token = owner.token, b = owner.businessId) =>
  t.request({ method: 'POST', url: url(b), token, body });
const list = (token = owner.token, b = owner.businessId) => t.request({ method: 'GET', url: url(b), token });
const edit = (body: unknown, token = owner.token, b = owner.businessId) =>
  t.request({ method: 'PUT', url: url(b), token, body });
const remove = (id: string, token = owner.token, b = owner.businessId) =>
  t.request({ method: 'DELETE', url: `${url(b)}/${id}`, token });

describe('POST /product/options', () => {
  it('saves an option with its values', async () => {
    const res = await create({ name: 'Size', values: ['S', 'M', 'L'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Size', values: ['S', 'M', 'L'] });
    expect(res.json().data._id).toBe(res.json().data.id);
  });

  it('409 on a duplicate name, 400 naming the field', async () => {
    await create({ name: 'Colour', values: ['Red'] });
    const dup = await create({ name: 'colour', values: ['Blue'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain('already exists');
    expect(
      (await create({ name: 'Colour', values: ['Red'] }, other.token, other.businessId)).statusCode,
    ).toBe(201);
    const noName = await create({ values: ['x'] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('The name field is required.');
    const noValues = await create({ name: 'Fit', values: [] });
    expect(noValues.json().message).toContain('values');
    const repeated = await create({ name: 'Fit', values: ['Slim', 'slim'] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toContain('values must not repeat');
    const blank = await create({ name: 'Fit', values: ['Slim', ' '] });
    expect(blank.json().message).toContain('option value');
  });

  it('401 without token, 403 for a cashier, 404 for another business', async () => {
    const body = { name: 'Nope', values: ['x'] };
    expect((await create(body, '')).statusCode).toBe(401);
    expect((await create(body, cashier.token)).statusCode).toBe(403);
    expect((await create(body, owner.token, other.businessId)).statusCode).toBe(404);
  });
});

describe('GET /product/options', () => {
  it("lists the business's options by name; a cashier may read", async () => {
    const names = ((await list(cashier.token)).json().data as { name: string }[]).map((o) => o.name);
    expect(names).toEqual(['Colour', 'Size']);
    expect((await list(owner.token, other.businessId)).statusCode).toBe(404);
    expect((await list('')).statusCode).toBe(401);
  });
});

describe('PUT /product/options', () => {
  it('renames an option and replaces its values', async () => {
    const o = (await create({ name: 'Material', values: ['Cotton'] })).json().data;
    const res = await edit({ id: o.id, name: 'Fabric', values: ['Cotton', 'Silk'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: o.id, name: 'Fabric', values: ['Cotton', 'Silk'] });
    const onlyValues = await edit({ _id: o.id, values: ['Linen'] });
    expect(onlyValues.json().data).toMatchObject({ name: 'Fabric', values: ['Linen'] });
  });

  it('409 on a taken name, 404 for foreign ids, 400 without id, 403 for a cashier, 401 without token', async () => {
    const o = (await create({ name: 'Length', values: ['Short'] })).json().data;
    expect((await edit({ id: o.id, name: 'SIZE' })).statusCode).toBe(409);
    const theirs = (await create({ name: 'Theirs', values: ['x'] }, other.token, other.businessId)).json()
      .data;
    expect((await edit({ id: theirs.id, name: 'Mine' })).statusCode).toBe(404);
    const noId = await edit({ name: 'x' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toContain('option id');
    expect((await edit({ id: o.id, name: 'x' }, cashier.token)).statusCode).toBe(403);
    expect((await edit({ id: o.id, name: 'x' }, '')).statusCode).toBe(401);
  });
});

describe('DELETE /product/options/{id}', () => {
  it('deletes an option; it leaves the list and its name is free again', async () => {
    const o = (await create({ name: 'Flavour', values: ['Vanilla'] })).json().data;
    expect((await remove(o.id, cashier.token)).statusCode).toBe(403);
    expect((await remove(o.id, '')).statusCode).toBe(401);
    expect((await remove(o.id, owner.token, other.businessId)).statusCode).toBe(404);
    const res = await remove(o.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: o.id });
    expect(((await list()).json().data as { id: string }[]).some((x) => x.id === o.id)).toBe(false);
    expect((await remove(o.id)).statusCode).toBe(404);
    expect((await remove('123')).statusCode).toBe(404);
    expect((await create({ name: 'Flavour', values: ['Mint'] })).statusCode).toBe(201);
  });
});
