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

type Sub = { id: string; _id: string; category_id: string; name: string; product_count: number };
type Cat = { id: string; _id: string; name: string; product_count: number; subcategories: Sub[] };

const v2 = (b = owner.businessId) => `/v2/business/${b}/product`;
const v1 = (b = owner.businessId) => `/v1/businesses/${b}`;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, body?: unknown, token: string = owner.token) =>
  t.request({ method, url, token, body });

const newCategory = async (name: string, b = owner.businessId, token = owner.token) => {
  const res = await call('POST', `${v2(b)}/categories`, { name }, token);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Cat;
};
const newSub = async (categoryId: string, name: string, b = owner.businessId, token = owner.token) => {
  const res = await call('POST', `${v2(b)}/subcategories`, { category_id: categoryId, name }, token);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Sub;
};
const fileUnder = (productId: string, categoryId: string | null, subId: string | null) =>
  t.db
    .updateTable('products')
    .set({ category_id: categoryId, subcategory_id: subId })
    .where('id', '=', productId)
    .execute();
const categoriesList = async (token = owner.token) =>
  (await call('GET', `${v2()}/categories`, undefined, token)).json().data as Cat[];

describe('v2 categories: create, list, rename', () => {
  it('creates a category (201) and lists it with subcategories and product counts', async () => {
    const res = await call('POST', `${v2()}/categories`, { name: 'Drinks' });
    expect(res.statusCode).toBe(201);
    const drinks = res.json().data as Cat;
    expect(drinks).toMatchObject({
      name: 'Drinks',
      product_count: 0,
      subcategories: [],
      business_id: owner.businessId,
    });
    const soft = await newSub(drinks.id, 'Soft drinks');
    expect(soft).toMatchObject({ category_id: drinks.id, name: 'Soft drinks', product_count: 0 });
    const p1 = await seedProduct(t, owner.businessId, { categoryId: drinks.id });
    const p2 = await seedProduct(t, owner.businessId);
    await fileUnder(p2.productId, drinks.id, soft.id);
    const p3 = await seedProduct(t, owner.businessId, { categoryId: drinks.id });
    await t.db
      .updateTable('products')
      .set({ deleted_at: new Date() })
      .where('id', '=', p3.productId)
      .execute();
    void p1;
    const listed = (await categoriesList(cashier.token)).find((c) => c.id === drinks.id)!;
    expect(listed.product_count).toBe(2);
    expect(listed.subcategories).toEqual([expect.objectContaining({ id: soft.id, product_count: 1 })]);
  });

  it('searches categories by name or subcategory name', async () => {
    await newCategory('Bakery');
    const found = (await call('GET', `${v2()}/categories?search=soft`)).json().data as Cat[];
    expect(found.map((c) => c.name)).toEqual(['Drinks']);
  });

  it('409 on a duplicate name (any case); subcategory names unique per parent only', async () => {
    const dup = await call('POST', `${v2()}/categories`, { name: 'DRINKS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(
      'A category named "DRINKS" already exists. Choose another name or use that category.',
    );
    const drinks = (await categoriesList()).find((c) => c.name === 'Drinks')!;
    const bakery = (await categoriesList()).find((c) => c.name === 'Bakery')!;
    const subDup = await call('POST', `${v2()}/subcategories`, {
      category_id: drinks.id,
      name: 'soft drinks',
    });
    expect(subDup.statusCode).toBe(409);
    expect(subDup.json().message).toContain('"Drinks" already has a subcategory named "soft drinks"');
    expect(
      (await call('POST', `${v2()}/subcategories`, { category_id: bakery.id, name: 'Soft drinks' }))
        .statusCode,
    ).toBe(201);
    // A subcategory may share a top-level category's name.
    expect(
      (await call('POST', `${v2()}/subcategories`, { category_id: bakery.id, name: 'Drinks' })).statusCode,
    ).toBe(201);
    expect((await newCategory('Drinks', other.businessId, other.token)).name).toBe('Drinks');
  });

  it('renames a category; 409 when taken; 404 for a subcategory or foreign id', async () => {
    const c = await newCategory('Snaks');
    const res = await call('PUT', `${v2()}/categories/${c.id}`, { name: 'Snacks' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: c.id, name: 'Snacks' });
    expect((await call('PUT', `${v2()}/categories/${c.id}`, { name: 'bakery' })).statusCode).toBe(409);
    const sub = await newSub(c.id, 'Chips');
    expect((await call('PUT', `${v2()}/categories/${sub.id}`, { name: 'X' })).statusCode).toBe(404);
    const theirs = await newCategory('Theirs', other.businessId, other.token);
    expect((await call('PUT', `${v2()}/categories/${theirs.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('PUT', `${v2()}/categories/garbage`, { name: 'Mine' })).statusCode).toBe(404);
  });

  it('400 naming the field', async () => {
    const noName = await call('POST', `${v2()}/categories`, {});
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('The name field is required.');
    const badParent = await call('POST', `${v2()}/subcategories`, { category_id: 'x', name: 'A' });
    expect(badParent.statusCode).toBe(400);
    expect(badParent.json().message).toBe('The category_id must be a valid id.');
    const c = (await categoriesList()).find((x) => x.name === 'Snacks')!;
    const nested = await call('POST', `${v2()}/subcategories`, {
      category_id: c.subcategories[0]!.id,
      name: 'Deep',
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toContain('category_id');
    expect((await call('PUT', `${v2()}/categories/${c.id}`, { name: '' })).json().message).toBe(
      'The name field is required.',
    );
  });

  it('401 without token, 403 without the category permissions, 404 for another business', async () => {
    const c = (await categoriesList()).find((x) => x.name === 'Bakery')!;
    expect((await call('GET', `${v2()}/categories`, undefined, '')).statusCode).toBe(401);
    expect((await call('POST', `${v2()}/categories`, { name: 'X' }, '')).statusCode).toBe(401);
    expect((await call('POST', `${v2()}/categories`, { name: 'X' }, cashier.token)).statusCode).toBe(403);
    expect((await call('PUT', `${v2()}/categories/${c.id}`, { name: 'X' }, cashier.token)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `${v2()}/categories/${c.id}`, undefined, cashier.token)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', `${v2()}/subcategories`, { category_id: c.id, name: 'X' }, cashier.token))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `${v2(other.businessId)}/categories`)).statusCode).toBe(404);
    expect((await call('POST', `${v2(other.businessId)}/categories`, { name: 'X' })).statusCode).toBe(404);
    const theirs = (await call('GET', `${v2(other.businessId)}/categories`, undefined, other.token)).json()
      .data as Cat[];
    expect(
      (await call('POST', `${v2()}/subcategories`, { category_id: theirs[0]!.id, name: 'X' })).statusCode,
    ).toBe(404);
  });
});

describe('v2 delete category / subcategory', () => {
  it('refuses while products remain (409 saying how many), then deletes with its subcategories', async () => {
    const c = await newCategory('Frozen');
    const sub = await newSub(c.id, 'Ice cream');
    const a = await seedProduct(t, owner.businessId, { categoryId: c.id });
    const b = await seedProduct(t, owner.businessId);
    await fileUnder(b.productId, c.id, sub.id);
    const d = await seedProduct(t, owner.businessId);
    await fileUnder(d.productId, null, sub.id);
    const refused = await call('DELETE', `${v2()}/categories/${c.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The category "Frozen" still has 3 products. Move or remove its 3 products first.',
    );
    const subRefused = await call('DELETE', `${v2()}/subcategories/${sub.id}`);
    expect(subRefused.statusCode).toBe(409);
    expect(subRefused.json().message).toBe(
      'The subcategory "Ice cream" still has 2 products. Move or remove its 2 products first.',
    );
    await fileUnder(b.productId, null, null);
    await fileUnder(d.productId, null, null);
    await fileUnder(a.productId, null, null);
    expect((await call('DELETE', `${v2()}/categories/${c.id}`)).statusCode).toBe(200);
    const gone = await t.db
      .selectFrom('categories')
      .select(['id', 'deleted_at'])
      .where('id', 'in', [c.id, sub.id])
      .execute();
    expect(gone.every((r) => r.deleted_at !== null)).toBe(true);
    expect((await call('DELETE', `${v2()}/categories/${c.id}`)).statusCode).toBe(404);
    // The name is free again.
    expect((await call('POST', `${v2()}/categories`, { name: 'Frozen' })).statusCode).toBe(201);
  });

  it('deletes an empty subcategory; 404 for a top-level id, a foreign id or garbage', async () => {
    const c = await newCategory('Dairy');
    const sub = await newSub(c.id, 'Cheese');
    expect((await call('DELETE', `${v2()}/subcategories/${c.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${v2()}/subcategories/nope`)).statusCode).toBe(404);
    expect((await call('DELETE', `${v2(other.businessId)}/subcategories/${sub.id}`)).statusCode).toBe(404);
    expect(
      (await call('DELETE', `${v2()}/subcategories/${sub.id}`, undefined, cashier.token)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `${v2()}/subcategories/${sub.id}`, undefined, '')).statusCode).toBe(401);
    const res = await call('DELETE', `${v2()}/subcategories/${sub.id}`);
    expect(res.statusCode).toBe(200);
    expect((await categoriesList()).find((x) => x.id === c.id)!.subcategories).toEqual([]);
  });

  it('says "1 product" in the singular', async () => {
    const c = await newCategory('Single');
    await seedProduct(t, owner.businessId, { categoryId: c.id });
    expect((await call('DELETE', `${v2()}/categories/${c.id}`)).json().message).toBe(
      'The category "Single" still has 1 product. Move or remove its 1 product first.',
    );
  });
});

describe('PUT /categories/{category_id}/subcategory', () => {
  it('renames in place and moves a subcategory (with its products) to another category', async () => {
    const from = await newCategory('Kitchen');
    const to = await newCategory('Home');
    const sub = await newSub(from.id, 'Pots');
    const p = await seedProduct(t, owner.businessId);
    await fileUnder(p.productId, from.id, sub.id);
    const renamed = await call('PUT', `${v2()}/categories/${from.id}/subcategory`, {
      subcategory_id: sub.id,
      name: 'Pots & pans',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      id: sub.id,
      category_id: from.id,
      name: 'Pots & pans',
      product_count: 1,
    });
    const moved = await call('PUT', `${v2()}/categories/${to.id}/subcategory`, { _id: sub.id });
    expect(moved.json().data).toMatchObject({ category_id: to.id, name: 'Pots & pans' });
    const row = await t.db
      .selectFrom('products')
      .select(['category_id', 'subcategory_id'])
      .where('id', '=', p.productId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ category_id: to.id, subcategory_id: sub.id });
    const all = await categoriesList();
    expect(all.find((c) => c.id === from.id)!.product_count).toBe(0);
    expect(all.find((c) => c.id === to.id)!.product_count).toBe(1);
  });

  it('409 on a name taken under the target; 404, 400, 403, 401', async () => {
    const home = (await categoriesList()).find((c) => c.name === 'Home')!;
    const other1 = await newSub(home.id, 'Cups');
    const taken = await call('PUT', `${v2()}/categories/${home.id}/subcategory`, {
      subcategory_id: other1.id,
      name: 'pots & pans',
    });
    expect(taken.statusCode).toBe(409);
    expect(
      (await call('PUT', `${v2()}/categories/${other1.id}/subcategory`, { subcategory_id: other1.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `${v2()}/categories/${home.id}/subcategory`, { subcategory_id: home.id }))
        .statusCode,
    ).toBe(404);
    const noId = await call('PUT', `${v2()}/categories/${home.id}/subcategory`, { name: 'x' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toContain('subcategory_id');
    expect(
      (
        await call(
          'PUT',
          `${v2()}/categories/${home.id}/subcategory`,
          { subcategory_id: other1.id, name: 'y' },
          cashier.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `${v2()}/categories/${home.id}/subcategory`, { subcategory_id: other1.id }, ''))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await call('PUT', `${v2(other.businessId)}/categories/${home.id}/subcategory`, {
          subcategory_id: other1.id,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('GET /categories/{id}/products and /categories-with-products', () => {
  it('pages the products of a category (and of one subcategory) with their stock', async () => {
    const c = await newCategory('Grocery');
    const sub = await newSub(c.id, 'Rice');
    const names = ['Beans', 'Garri', 'Ofada rice', 'Yam flour'];
    for (const name of names)
      await seedProduct(t, owner.businessId, {
        name,
        categoryId: c.id,
        stock: { [owner.storeId]: 5 },
        sellingPrice: 125_050,
      });
    const rice = (
      await t.db
        .selectFrom('products')
        .select('id')
        .where('name', '=', 'Ofada rice')
        .where('business_id', '=', owner.businessId)
        .executeTakeFirstOrThrow()
    ).id;
    await fileUnder(rice, c.id, sub.id);
    const page1 = await call('GET', `${v2()}/categories/${c.id}/products?limit=3`, undefined, cashier.token);
    expect(page1.statusCode).toBe(200);
    const data = page1.json().data;
    expect(data.total).toBe(4);
    expect(data.category).toMatchObject({ id: c.id, product_count: 4 });
    expect(data.items.map((p: { name: string }) => p.name)).toEqual(['Beans', 'Garri', 'Ofada rice']);
    expect(data.items[0]).toMatchObject({ stock: 5, selling_price: 1250.5 });
    const page2 = (await call('GET', `${v2()}/categories/${c.id}/products?limit=3&page=2`)).json().data;
    expect(page2.items.map((p: { name: string }) => p.name)).toEqual(['Yam flour']);
    const onlySub = (await call('GET', `${v2()}/categories/${c.id}/products?subcategory=${sub.id}`)).json()
      .data;
    expect(onlySub.items.map((p: { name: string }) => p.name)).toEqual(['Ofada rice']);
    const bySubId = (await call('GET', `${v2()}/categories/${sub.id}/products`)).json().data;
    expect(bySubId.category.id).toBe(c.id);
    expect(bySubId.total).toBe(1);
    const searched = (await call('GET', `${v2()}/categories/${c.id}/products?search=garri`)).json().data;
    expect(searched.items.map((p: { name: string }) => p.name)).toEqual(['Garri']);
  });

  it('404 for unknown, foreign or garbage ids; 400 for a bad page; 401', async () => {
    const theirs = await newCategory('Their grocery', other.businessId, other.token);
    expect((await call('GET', `${v2()}/categories/${theirs.id}/products`)).statusCode).toBe(404);
    expect((await call('GET', `${v2()}/categories/abc/products`)).statusCode).toBe(404);
    expect((await call('GET', `${v2(other.businessId)}/categories/${theirs.id}/products`)).statusCode).toBe(
      404,
    );
    const c = (await categoriesList()).find((x) => x.name === 'Grocery')!;
    const bad = await call('GET', `${v2()}/categories/${c.id}/products?page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('page');
    const foreignSub = await call('GET', `${v2()}/categories/${c.id}/products?subcategory=${theirs.id}`);
    expect(foreignSub.statusCode).toBe(404);
    expect((await call('GET', `${v2()}/categories/${c.id}/products`, undefined, '')).statusCode).toBe(401);
  });

  it('lists only categories holding products, each with its first products', async () => {
    const res = await call(
      'GET',
      `${v2()}/categories-with-products?per_category=2`,
      undefined,
      cashier.token,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data as (Cat & { products: { name: string }[] })[];
    const grocery = data.find((c) => c.name === 'Grocery')!;
    expect(grocery.products.map((p) => p.name)).toEqual(['Beans', 'Garri']);
    expect(data.some((c) => c.name === 'Bakery')).toBe(false);
    expect(data.every((c) => c.product_count > 0 && c.products.length > 0)).toBe(true);
    expect((await call('GET', `${v2()}/categories-with-products?per_category=500`)).statusCode).toBe(400);
    expect((await call('GET', `${v2(other.businessId)}/categories-with-products`)).statusCode).toBe(404);
    expect((await call('GET', `${v2()}/categories-with-products`, undefined, '')).statusCode).toBe(401);
  });
});

describe('v1 collections', () => {
  let biz: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    biz = await signUp(t);
  });
  const u = () => v1(biz.businessId);

  it('POST creates a category (the new id in data) and, with parent, a subcategory', async () => {
    const res = await call('POST', `${u()}/collections`, { name: 'Shoes' }, biz.token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: true,
      data: { _id: expect.any(String), name: 'Shoes', parent: null, count: 0 },
    });
    const shoes = res.json().data._id as string;
    const sub = await call('POST', `${u()}/collections`, { name: 'Sneakers', parent: shoes }, biz.token);
    expect(sub.json().data).toMatchObject({ name: 'Sneakers', parent: shoes });
    expect((await call('POST', `${u()}/collections`, { name: 'shoes' }, biz.token)).statusCode).toBe(409);
    expect((await call('POST', `${u()}/collections`, { name: '' }, biz.token)).json().message).toBe(
      'The name field is required.',
    );
    expect((await call('POST', `${u()}/collections`, { name: 'X' }, '')).statusCode).toBe(401);
    expect((await call('POST', `${v1()}/collections`, { name: 'X' }, biz.token)).statusCode).toBe(404);
  });

  it('GET /collections (flat, v1 shape) and /collections_with_sub (Subs)', async () => {
    const flat = await call('GET', `${u()}/collections`, undefined, biz.token);
    expect(flat.statusCode).toBe(200);
    const rows = flat.json().data as { name: string; parent: string | null }[];
    expect(rows.map((r) => r.name)).toEqual(['Shoes', 'Sneakers']);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        '_id',
        'business_id',
        'count',
        'created_at',
        'name',
        'parent',
        'qb_id',
        'updated_at',
        'wc_category_id',
        'wc_category_sync_status',
      ].sort(),
    );
    const tree = (await call('GET', `${u()}/collections_with_sub`, undefined, biz.token)).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ name: 'Shoes', Subs: [expect.objectContaining({ name: 'Sneakers' })] });
    expect((await call('GET', `${u()}/collections`, undefined, '')).statusCode).toBe(401);
    expect((await call('GET', `${v1()}/collections_with_sub`, undefined, biz.token)).statusCode).toBe(404);
  });

  it('PATCH /products/collections/ files products under a category by name, all or nothing', async () => {
    const a = await seedProduct(t, biz.businessId);
    const b = await seedProduct(t, biz.businessId);
    const res = await call(
      'PATCH',
      `${u()}/products/collections/`,
      { category: 'sneakers', products: [a.productId, b.productId] },
      biz.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ updated: 2, category: { name: 'Sneakers', count: 2 } });
    const rows = await t.db
      .selectFrom('products')
      .select(['category_id', 'subcategory_id'])
      .where('id', 'in', [a.productId, b.productId])
      .execute();
    const shoes = (
      await t.db
        .selectFrom('categories')
        .select('id')
        .where('business_id', '=', biz.businessId)
        .where('name', '=', 'Shoes')
        .executeTakeFirstOrThrow()
    ).id;
    expect(rows.every((r) => r.category_id === shoes && r.subcategory_id !== null)).toBe(true);
    // Unknown or foreign product: nothing changes.
    const foreign = await seedProduct(t, other.businessId);
    const c = await call('POST', `${u()}/collections`, { name: 'Bags' }, biz.token);
    expect(c.statusCode).toBe(201);
    const refused = await call(
      'PATCH',
      `${u()}/products/collections/`,
      { category: 'Bags', products: [a.productId, foreign.productId] },
      biz.token,
    );
    expect(refused.statusCode).toBe(404);
    expect(
      (
        await t.db
          .selectFrom('products')
          .select('category_id')
          .where('id', '=', a.productId)
          .executeTakeFirstOrThrow()
      ).category_id,
    ).toBe(shoes);
    expect(
      (
        await call(
          'PATCH',
          `${u()}/products/collections/`,
          { category: 'Nope', products: [a.productId] },
          biz.token,
        )
      ).statusCode,
    ).toBe(404);
    const bad = await call(
      'PATCH',
      `${u()}/products/collections/`,
      { category: 'Bags', products: [] },
      biz.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('products');
    const cashier2 = await addCashier(t, biz);
    expect(
      (
        await call(
          'PATCH',
          `${u()}/products/collections/`,
          { category: 'Bags', products: [a.productId] },
          cashier2.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `${u()}/products/collections/`, { category: 'Bags', products: [a.productId] }, ''))
        .statusCode,
    ).toBe(401);
  });

  it('GET /collections/names/?name searches by name', async () => {
    const res = await call('GET', `${u()}/collections/names/?name=sne`, undefined, biz.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ name: 'Sneakers', count: 2 })]);
    expect((await call('GET', `${v1()}/collections/names/?name=sne`, undefined, biz.token)).statusCode).toBe(
      404,
    );
  });

  it('DELETE /collections/{name}: 409 while it has products, then deletes', async () => {
    const refused = await call('DELETE', `${u()}/collections/Shoes`, undefined, biz.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Move or remove its 2 products first.');
    expect((await call('DELETE', `${u()}/collections/Nothing`, undefined, biz.token)).statusCode).toBe(404);
    const cashier2 = await addCashier(t, biz);
    expect((await call('DELETE', `${u()}/collections/Bags`, undefined, cashier2.token)).statusCode).toBe(403);
    expect((await call('DELETE', `${u()}/collections/Bags`, undefined, '')).statusCode).toBe(401);
    const res = await call(
      'DELETE',
      `${u()}/collections/${encodeURIComponent('bags')}`,
      undefined,
      biz.token,
    );
    expect(res.statusCode).toBe(200);
    expect(
      ((await call('GET', `${u()}/collections`, undefined, biz.token)).json().data as { name: string }[]).map(
        (r) => r.name,
      ),
    ).not.toContain('Bags');
  });
});

describe('GET /v2/businesses/{b}/collections (incremental)', () => {
  it('returns everything, then only what changed since lastUpdate, with removed ids', async () => {
    const biz = await signUp(t);
    const url = `/v2/businesses/${biz.businessId}/collections`;
    const mk = async (name: string) =>
      (await call('POST', `${v2(biz.businessId)}/categories`, { name }, biz.token)).json().data as Cat;
    const a = await mk('A');
    const b = await mk('B');
    const first = (await call('GET', url, undefined, biz.token)).json().data;
    expect(first.items.map((c: { name: string }) => c.name)).toEqual(['A', 'B']);
    const since = first.metaData.lastUpdate as number;
    expect((await call('GET', `${url}?updated_at=${since}`, undefined, biz.token)).json().data).toMatchObject(
      { items: [], metaData: { recordsRemoved: [] } },
    );
    await call('PUT', `${v2(biz.businessId)}/categories/${a.id}`, { name: 'A2' }, biz.token);
    await call('DELETE', `${v2(biz.businessId)}/categories/${b.id}`, undefined, biz.token);
    const next = (await call('GET', `${url}?updated_at=${since}`, undefined, biz.token)).json().data;
    expect(next.items.map((c: { name: string }) => c.name)).toEqual(['A2']);
    expect(next.metaData.recordsRemoved).toEqual([b.id]);
    expect(next.metaData.lastUpdate).toBeGreaterThan(since);
    expect((await call('GET', `${url}?updated_at=abc`, undefined, biz.token)).json().message).toContain(
      'updated_at',
    );
    expect((await call('GET', url, undefined, '')).statusCode).toBe(401);
    expect((await call('GET', url, undefined, owner.token)).statusCode).toBe(404);
  });
});
