import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { createBusinessWithOwner } from '../flows/create-business.js';
import { hashPassword } from '../modules/accounts/index.js';
import { ensureMainTills } from '../modules/registers/index.js';
import { newId } from '../lib/ids.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { DEMO_HISTORY_SEED, mulberry32, seedDemoHistory, type DemoHistorySummary } from './demo-history.js';
import { seedDemoMoney, type DemoMoneySummary } from './demo-money.js';
import { seedDemoInvoices } from './demo-invoices.js';
import { seedDemoShop, type DemoShopSummary } from './demo-shop.js';

/** The demo business a fresh install starts with; its logins are printed at start and in the README. */
export const DEMO = {
  business: 'Mama Nkechi Provisions',
  password: 'Demo@1234',
  admin: 'admin@demo.ng',
  cashier: 'cashier@demo.ng',
  stores: ['Lekki Store', 'Yaba Store'],
} as const;

export type DemoOptions = {
  /**
   * Also seed about sixty days of trading (seed/demo-history.ts), made through this app's API
   * in process. Without it the demo has its catalogue and stock only.
   */
  history?: { app: FastifyInstance; seed?: number; days?: number };
};

/** Whether the demo business is there already (its admin exists). */
export const demoExists = async (db: Database): Promise<boolean> =>
  !!(await db.selectFrom('users').select('id').where('email', '=', DEMO.admin).executeTakeFirst());

/** Seeds the demo once; does nothing when the admin already exists. */
export const seedDemo = async (db: Database, options: DemoOptions = {}): Promise<boolean> =>
  (await createDemo(db, options)) !== null;

/** `seedDemo` answering what it made: null when the demo was there already. */
export const createDemo = async (
  db: Database,
  options: DemoOptions = {},
): Promise<{
  businessId: string;
  history: DemoHistorySummary | null;
  money: DemoMoneySummary | null;
  shop: DemoShopSummary | null;
} | null> => {
  if (await demoExists(db)) return null;
  const created = await createBusinessWithOwner(db, {
    first_name: 'Nkechi',
    last_name: 'Okafor',
    email: DEMO.admin,
    phone: '08031234567',
    password: DEMO.password,
    business_name: DEMO.business,
    business_type: 'Supermarket',
    store_name: DEMO.stores[0],
    store_address: '12 Admiralty Way, Lekki Phase 1, Lagos',
    // A person trying the demo from any browser gets in without a device code; Security turns it on.
    requireDeviceOtp: false,
  });
  const yaba = newId();
  const cashierId = newId();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('stores')
      .values({
        business_id: created.businessId,
        id: yaba,
        name: DEMO.stores[1],
        address: '45 Herbert Macaulay Way, Yaba, Lagos',
        phone: '08039876543',
        email: null,
      })
      .execute();
    await tx
      .insertInto('user_stores')
      .values({ business_id: created.businessId, user_id: created.userId, store_id: yaba })
      .execute();
    await ensureMainTills(tx, created.businessId, [yaba]);
    await tx
      .insertInto('users')
      .values({
        business_id: created.businessId,
        id: cashierId,
        first_name: 'Tunde',
        last_name: 'Bakare',
        email: DEMO.cashier,
        phone: '08051112222',
        password_hash: await hashPassword(DEMO.password),
        role_id: created.roleIds.cashier!,
      })
      .execute();
    await tx
      .insertInto('user_stores')
      .values({ business_id: created.businessId, user_id: cashierId, store_id: created.storeId })
      .execute();
    // Two sales agents of Lekki (the till asks for their code once the owner turns it on there).
    await tx
      .insertInto('sales_agents')
      .values(
        [
          { name: 'Bisi Adeyemi', phone: '08031234567', code: 'AG1024' },
          { name: 'Emeka Obi', phone: null, code: 'AG2048' },
        ].map((a) => ({
          ...a,
          business_id: created.businessId,
          id: newId(),
          store_id: created.storeId,
          created_by: created.userId,
        })),
      )
      .execute();
    // A custom payment option, so the POS shows one besides the built-in methods.
    await tx
      .insertInto('payment_options')
      .values({
        business_id: created.businessId,
        id: newId(),
        name: 'POS terminal (Moniepoint)',
        instructions: 'Charge the card on the Moniepoint terminal, then tap Complete sale.',
        active: true,
        created_by: created.userId,
      })
      .execute();
  });
  await seedDemoCatalogue(db, {
    businessId: created.businessId,
    userId: created.userId,
    stores: [created.storeId, yaba],
  });
  const history = options.history
    ? await seedDemoHistory({
        ...options.history,
        db,
        businessId: created.businessId,
        stores: { lekki: created.storeId, yaba },
        admin: { email: DEMO.admin, password: DEMO.password },
        cashier: { email: DEMO.cashier, password: DEMO.password },
      })
    : null;
  // Fixed accounts, a bank account and a week of transfers received (made through the API too).
  const money = options.history
    ? await seedDemoMoney({
        app: options.history.app,
        businessId: created.businessId,
        stores: [created.storeId, yaba],
        admin: { email: DEMO.admin, password: DEMO.password },
        rnd: mulberry32((options.history.seed ?? DEMO_HISTORY_SEED) + 1),
        days: 7,
      })
    : null;
  // Invoices in each state (issue 15), after the money so the sandbox rail is set up.
  if (options.history)
    await seedDemoInvoices({
      app: options.history.app,
      businessId: created.businessId,
      stores: [created.storeId, yaba],
      admin: { email: DEMO.admin, password: DEMO.password },
    });
  // A published online store with orders in several states (issue 15).
  const shop = options.history
    ? await seedDemoShop({
        app: options.history.app,
        businessId: created.businessId,
        admin: { email: DEMO.admin, password: DEMO.password },
      })
    : null;
  return { businessId: created.businessId, history, money, shop };
};
