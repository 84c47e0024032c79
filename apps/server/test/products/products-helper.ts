import { expect } from 'vitest';
import { product, type Product } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import type { signUp, TestApp } from '../helper.js';

/** Product tests' shared steps: calls through the routes, catalogue rows straight in the database. */
export type Owner = Awaited<ReturnType<typeof signUp>>;
export type Caller = { token: string; device?: string };

export const v2 = (businessId: string) => `/v2/business/${businessId}/products`;
export const v1 = (businessId: string) => `/v1/businesses/${businessId}/products`;

export const call = (
  t: TestApp,
  who: Caller | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => t.request({ method, url, token: who?.token, device: who?.device ?? 'test-device-1', body });

/** Creates a product through POST /v2/.../products/ and checks the answer has the product's shape. */
export const createOk = async (t: TestApp, owner: Owner, body: Record<string, unknown>): Promise<Product> => {
  const res = await call(t, owner, 'POST', `${v2(owner.businessId)}/`, body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return product.parse(res.json().data);
};

export const getOk = async (t: TestApp, owner: Owner, id: string): Promise<Product> => {
  const res = await call(t, owner, 'GET', `${v2(owner.businessId)}/${id}`);
  expect(res.statusCode).toBe(200);
  return product.parse(res.json().data);
};

export const seedCategory = async (
  t: TestApp,
  businessId: string,
  name: string,
  parentId: string | null = null,
) => {
  const id = newId();
  await t.db
    .insertInto('categories')
    .values({ business_id: businessId, id, name, parent_id: parentId })
    .execute();
  return id;
};

export const seedTag = async (t: TestApp, businessId: string, label: string) => {
  const id = newId();
  await t.db.insertInto('tags').values({ business_id: businessId, id, label }).execute();
  return id;
};

export const seedModifierSet = async (t: TestApp, businessId: string, name: string) => {
  const id = newId();
  await t.db.insertInto('modifier_sets').values({ business_id: businessId, id, name }).execute();
  return id;
};

/** Movements of an item in a store, oldest first. */
export const movementsOf = (t: TestApp, businessId: string, storeId: string, itemId: string) =>
  t.db
    .selectFrom('stock_movements')
    .select(['quantity', 'reason', 'balance_after', 'note'])
    .where('business_id', '=', businessId)
    .where('store_id', '=', storeId)
    .where('item_id', '=', itemId)
    .orderBy('created_at')
    .execute();

let counter = 0;
export const uniqueName = (prefix = 'Product') => `${prefix} ${Date.now().toString(36)}${++counter}`;
