import { expect } from 'vitest';
import type { Sale } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { refundToStoreCredit } from '../../src/modules/loyalty/index.js';
import { addCashier, signUp, type TestApp } from '../helper.js';
import { seedProduct, seedStore } from '../catalogue/fixtures.js';
import { addEmployee } from '../staff/staff-helper.js';
import { as, dataOf } from '../inventory/inventory-helper.js';

/** Sales tests' shared world: two businesses, a cashier, a role without POS, products, an open till. */
export const salesWorld = async (t: TestApp) => {
  const owner = await signUp(t);
  const other = await signUp(t, {}, 'test-device-2');
  const call = as(t, owner);
  const otherCall = as(t, other);
  const branch = await seedStore(t, owner.businessId, 'Lekki');
  const cashier = await addCashier(t, owner);
  const roleId = newId();
  await t.db
    .insertInto('roles')
    .values({
      business_id: owner.businessId,
      id: roleId,
      name: 'Stock keeper',
      permissions: ['inventory.adjust_stock'],
    })
    .execute();
  const keeper = await addEmployee(t, owner, { roleId, firstName: 'Kunle' });
  // ₦1,000 rice (10 in stock), ₦500 shirt in sizes S/M (5 each), a ₦200 service.
  const rice = await seedProduct(t, owner.businessId, {
    name: 'Rice',
    sellingPrice: 100_000,
    stock: { [owner.storeId]: 10 },
  });
  const shirt = await seedProduct(t, owner.businessId, {
    name: 'Shirt',
    sellingPrice: 50_000,
    varieties: ['S', 'M'],
    stock: { [owner.storeId]: 5 },
  });
  const service = await seedProduct(t, owner.businessId, { name: 'Delivery', sellingPrice: 20_000 });
  await t.db
    .updateTable('products')
    .set({ product_type: 'service', track_stock: false })
    .where('id', '=', service.productId)
    .execute();
  const foreign = await seedProduct(t, other.businessId, { name: 'Theirs', stock: { [other.storeId]: 3 } });
  // A ₦50 modifier.
  const setId = newId();
  const modifierId = newId();
  await t.db
    .insertInto('modifier_sets')
    .values({ business_id: owner.businessId, id: setId, name: 'Extras' })
    .execute();
  await t.db
    .insertInto('modifiers')
    .values({
      business_id: owner.businessId,
      id: modifierId,
      set_id: setId,
      name: 'Gift wrap',
      selling_price: 5_000,
    })
    .execute();
  // A customer, with loyalty on (1 point per ₦100, a point worth ₦1) and ₦300 store credit.
  const customerId = newId();
  await t.db
    .insertInto('customers')
    .values({
      business_id: owner.businessId,
      id: customerId,
      first_name: 'Ngozi',
      last_name: 'Ade',
      email: 'ngozi@example.ng',
    })
    .execute();
  await t.db
    .insertInto('loyalty_settings')
    .values({
      business_id: owner.businessId,
      points_active: true,
      kobo_per_point: 10_000,
      point_value_kobo: 100,
    })
    .execute();
  await t.db
    .updateTable('businesses')
    .set({ store_credit_active: true })
    .where('id', '=', owner.businessId)
    .execute();
  await refundToStoreCredit(t.db, {
    businessId: owner.businessId,
    customerId,
    saleId: newId(),
    amountKobo: 30_000,
  });
  return {
    owner,
    other,
    call,
    otherCall,
    branch,
    cashier,
    keeper,
    rice,
    shirt,
    service,
    foreign,
    modifierId,
    customerId,
  };
};

export type SalesWorld = Awaited<ReturnType<typeof salesWorld>>;

/** Opens the first register of a store with a float (through the registers routes). */
export const openTill = async (w: SalesWorld, storeId: string, float = 0) => {
  const list = dataOf<{ id: string; store_id: string; status: string }[]>(
    await w.call(w.owner, 'GET', `/v1/registries/businesses/${w.owner.businessId}`),
  );
  let till = list.find((r) => r.store_id === storeId);
  if (!till)
    till = dataOf<{ id: string; store_id: string; status: string }>(
      await w.call(w.owner, 'POST', '/v1/registries/', { store_id: storeId, name: 'Till' }),
      201,
    );
  if (till.status !== 'open')
    dataOf(await w.call(w.owner, 'PUT', `/v1/registries/${till.id}/open`, { float }));
  return till.id;
};

/** The cash the register's ledger holds for a sale or refund reference. */
export const registerCashFor = async (t: TestApp, businessId: string, referenceId: string) => {
  const rows = await t.db
    .selectFrom('register_movements')
    .select(['amount_kobo', 'kind'])
    .where('business_id', '=', businessId)
    .where('reference_id', '=', referenceId)
    .execute();
  return rows.reduce((a, r) => a + Number(r.amount_kobo), 0);
};

/** Every level equals the sum of its movements, for the whole business. */
export const expectLedgerBalanced = async (t: TestApp, businessId: string) => {
  const levels = await t.db
    .selectFrom('stock_levels')
    .select(['store_id', 'item_id', 'quantity'])
    .where('business_id', '=', businessId)
    .execute();
  for (const l of levels) {
    const sum = await t.db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.sum<number>('quantity').as('s'))
      .where('business_id', '=', businessId)
      .where('store_id', '=', l.store_id)
      .where('item_id', '=', l.item_id)
      .executeTakeFirst();
    expect(Number(sum?.s ?? 0)).toBe(l.quantity);
  }
};

export const saleBody = (storeId: string, items: unknown[], extra: Record<string, unknown> = {}) => ({
  _id: newId(),
  store_id: storeId,
  items,
  ...extra,
});

export type { Sale };

/** A customer's balances equal the sums of their points and store-credit ledgers. */
export const expectLoyaltyBalanced = async (t: TestApp, businessId: string, customerId: string) => {
  const bal = await t.db
    .selectFrom('loyalty_balances')
    .select(['points', 'store_credit_kobo'])
    .where('business_id', '=', businessId)
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  const points = await t.db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.sum<number>('points').as('s'))
    .where('business_id', '=', businessId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  const credit = await t.db
    .selectFrom('store_credit_ledger')
    .select((eb) => eb.fn.sum<number>('amount_kobo').as('s'))
    .where('business_id', '=', businessId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  expect(Number(bal.points)).toBe(Number(points?.s ?? 0));
  expect(Number(bal.store_credit_kobo)).toBe(Number(credit?.s ?? 0));
};
