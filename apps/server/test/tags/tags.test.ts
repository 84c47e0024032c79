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

const url = (b: string) => `/v2/business/${b}/product/tags`;
const create = (label: unknown, token = owner.token, b = owner.businessId) =>
  t.request({ method: 'POST', url: url(b), token, body: { label } });
const list = (token = owner.token, b = owner.businessId, search?: string) =>
  t.request({
    method: 'GET',
    url: `${url(b)}${search ? `?search=${encodeURIComponent(search)}` : ''}`,
    token,
  });
const edit = (body: unknown, token = owner.token, b = owner.businessId) =>
  t.request({ method: 'PUT', url: url(b), token, body });
const remove = (id: string, token = owner.token, b = owner.businessId) =>
  t.request({ method: 'DELETE', url: `${url(b)}/${id}`, token });

const tagIdsOf = async (productId: string) =>
  t.db
    .selectFrom('products')
    .select(['tag_ids', 'updated_at'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();

describe('POST /product/tags', () => {
  it("creates a tag with the spec's message and shape", async () => {
    const res = await create('  Fragile ');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Tag has been created successfully.');
    const tag = res.json().data;
    expect(tag).toEqual({ _id: expect.any(String), label: 'Fragile', tagName: 'Fragile' });
  });

  it('accepts tagName as the label', async () => {
    const res = await t.request({
      method: 'POST',
      url: url(owner.businessId),
      token: owner.token,
      body: { tagName: 'Promo' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.label).toBe('Promo');
  });

  it('refuses a duplicate label in any case (409), but another business may use it', async () => {
    expect((await create('Imported')).statusCode).toBe(201);
    const dup = await create('IMPORTED');
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      status: false,
      message: expect.stringContaining('"IMPORTED" already exists'),
    });
    expect((await create('Imported', other.token, other.businessId)).statusCode).toBe(201);
  });

  it('names the field on bad input (400)', async () => {
    const res = await create('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The label field is required.');
    expect((await create('x'.repeat(61))).json().message).toContain('label');
  });

  it('needs a token (401), create_product (403) and the own business (404)', async () => {
    expect((await create('Nope', '')).statusCode).toBe(401);
    expect((await create('Nope', cashier.token)).statusCode).toBe(403);
    expect((await create('Nope', owner.token, other.businessId)).statusCode).toBe(404);
  });
});

describe('GET /product/tags', () => {
  it('lists the business tags by name and searches by tag name', async () => {
    await create('Organic');
    await create('Oil');
    const all = (await list()).json().data as { label: string }[];
    const labels = all.map((x) => x.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(labels).toContain('Organic');
    expect(labels).not.toContain('Nope');
    const found = (await list(owner.token, owner.businessId, 'org')).json().data as { label: string }[];
    expect(found.map((x) => x.label)).toEqual(['Organic']);
    // The other business's "Imported" does not leak; search with LIKE characters is literal.
    expect(((await list(owner.token, owner.businessId, '%')).json().data as unknown[]).length).toBe(0);
  });

  it('lets a cashier read (view_product) but not another business (404), and needs a token', async () => {
    expect((await list(cashier.token)).statusCode).toBe(200);
    expect((await list(owner.token, other.businessId)).statusCode).toBe(404);
    expect((await list('')).statusCode).toBe(401);
  });
});

describe('PUT /product/tags', () => {
  it('renames a tag (id in the body) and touches the products that carry it', async () => {
    const tag = (await create('Chilled')).json().data;
    const p = await seedProduct(t, owner.businessId);
    await t.db
      .updateTable('products')
      .set({ tag_ids: [tag._id] })
      .where('id', '=', p.productId)
      .execute();
    const before = await tagIdsOf(p.productId);
    const res = await edit({ id: tag._id, label: 'Frozen' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Tag has been edited successfully.',
      data: { _id: tag._id, label: 'Frozen', tagName: 'Frozen' },
    });
    const after = await tagIdsOf(p.productId);
    expect(after.tag_ids).toEqual([tag._id]);
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    // _id works as well as id.
    expect((await edit({ _id: tag._id, tagName: 'Frozen food' })).json().data.label).toBe('Frozen food');
  });

  it('409 on a label taken by another tag, 404 for unknown or foreign ids, 400 naming the field', async () => {
    const a = (await create('Alpha')).json().data;
    await create('Beta');
    expect((await edit({ id: a._id, label: 'beta' })).statusCode).toBe(409);
    const foreign = (await create('Theirs', other.token, other.businessId)).json().data;
    expect((await edit({ id: foreign._id, label: 'Mine' })).statusCode).toBe(404);
    const noId = await edit({ label: 'x' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toContain('tag id');
    expect((await edit({ id: 'not-a-uuid', label: 'x' })).statusCode).toBe(400);
    expect((await edit({ id: a._id, label: '' })).json().message).toBe('The label field is required.');
  });

  it('needs edit_product (403) and a token (401)', async () => {
    const a = (await create('Gamma')).json().data;
    expect((await edit({ id: a._id, label: 'G' }, cashier.token)).statusCode).toBe(403);
    expect((await edit({ id: a._id, label: 'G' }, '')).statusCode).toBe(401);
  });
});

describe('DELETE /product/tags/{id}', () => {
  it('deletes a tag and takes it off products', async () => {
    const keep = (await create('Keep')).json().data;
    const gone = (await create('Gone')).json().data;
    const p = await seedProduct(t, owner.businessId);
    await t.db
      .updateTable('products')
      .set({ tag_ids: [gone._id, keep._id] })
      .where('id', '=', p.productId)
      .execute();
    const res = await remove(gone._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Tag has been deleted successfully.',
      data: { _id: gone._id },
    });
    expect((await tagIdsOf(p.productId)).tag_ids).toEqual([keep._id]);
    expect(((await list()).json().data as { _id: string }[]).some((x) => x._id === gone._id)).toBe(false);
    // Deleted: a second delete is 404 and the label is free again.
    expect((await remove(gone._id)).statusCode).toBe(404);
    expect((await create('Gone')).statusCode).toBe(201);
  });

  it('404 for a malformed or foreign id, 403 for a cashier, 401 without token', async () => {
    const foreign = (await create('Foreign', other.token, other.businessId)).json().data;
    expect((await remove(foreign._id)).statusCode).toBe(404);
    expect((await remove('nope')).statusCode).toBe(404);
    const mine = (await create('Mine2')).json().data;
    expect((await remove(mine._id, cashier.token)).statusCode).toBe(403);
    expect((await remove(mine._id, '')).statusCode).toBe(401);
    expect((await remove(mine._id, owner.token, other.businessId)).statusCode).toBe(404);
  });
});
