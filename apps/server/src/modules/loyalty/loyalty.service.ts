import type {
  AdjustPointsBody,
  AdjustStoreCreditBody,
  LoyaltyBalances,
  LoyaltyCustomer,
  LoyaltySettings,
  UpdateLoyaltySettingsBody,
} from '@ms/contracts';
import { fromKobo, toKobo } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { balancesOf, changePoints, changeStoreCredit, rulesOf, storeCreditActive } from './ledger.js';

type Caller = Pick<AuthContext, 'businessId' | 'userId'>;

export const loyaltySettingsOf = async (db: Database, businessId: string): Promise<LoyaltySettings> => {
  const [rules, credit] = await Promise.all([rulesOf(db, businessId), storeCreditActive(db, businessId)]);
  return {
    points_active: rules.pointsActive,
    naira_per_point: fromKobo(rules.koboPerPoint),
    point_value: fromKobo(rules.pointValueKobo),
    store_credit_active: credit,
  };
};

export const saveLoyaltySettings = async (
  db: Database,
  businessId: string,
  body: UpdateLoyaltySettingsBody,
): Promise<LoyaltySettings> => {
  await db.transaction().execute(async (tx) => {
    const set = {
      ...(body.points_active !== undefined ? { points_active: body.points_active } : {}),
      ...(body.naira_per_point !== undefined ? { kobo_per_point: toKobo(body.naira_per_point) } : {}),
      ...(body.point_value !== undefined ? { point_value_kobo: toKobo(body.point_value) } : {}),
    };
    if (Object.keys(set).length)
      await tx
        .insertInto('loyalty_settings')
        .values({ business_id: businessId, ...set })
        .onConflict((oc) => oc.column('business_id').doUpdateSet(set))
        .execute();
    if (body.store_credit_active !== undefined)
      await tx
        .updateTable('businesses')
        .set({ store_credit_active: body.store_credit_active })
        .where('id', '=', businessId)
        .execute();
  });
  return loyaltySettingsOf(db, businessId);
};

const liveCustomerId = async (db: Database, businessId: string, id: string) => {
  const row = isUuid(id)
    ? await db
        .selectFrom('customers')
        .select('id')
        .where('business_id', '=', businessId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound('Customer');
  return row.id;
};

const userName = (first: string | null, last: string | null) =>
  first === null ? null : [first, last].filter(Boolean).join(' ');

export const loyaltyCustomer = async (
  db: Database,
  caller: Caller,
  id: string,
  page: { page: number; limit: number },
): Promise<LoyaltyCustomer> => {
  const customerId = await liveCustomerId(db, caller.businessId, id);
  const offset = (page.page - 1) * page.limit;
  const [balance, rules, points, pointsTotal, credit, creditTotal] = await Promise.all([
    balancesOf(db, caller.businessId, customerId),
    rulesOf(db, caller.businessId),
    db
      .selectFrom('points_ledger as l')
      .leftJoin('users as u', (j) =>
        j.onRef('u.business_id', '=', 'l.business_id').onRef('u.id', '=', 'l.user_id'),
      )
      .select([
        'l.id',
        'l.customer_id',
        'l.points',
        'l.kind',
        'l.reason',
        'l.reference',
        'l.user_id',
        'l.created_at',
      ])
      .select(['u.first_name', 'u.last_name'])
      .where('l.business_id', '=', caller.businessId)
      .where('l.customer_id', '=', customerId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .offset(offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('points_ledger')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('business_id', '=', caller.businessId)
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('store_credit_ledger as l')
      .leftJoin('users as u', (j) =>
        j.onRef('u.business_id', '=', 'l.business_id').onRef('u.id', '=', 'l.user_id'),
      )
      .select([
        'l.id',
        'l.customer_id',
        'l.amount_kobo',
        'l.kind',
        'l.reason',
        'l.reference',
        'l.user_id',
        'l.created_at',
      ])
      .select(['u.first_name', 'u.last_name'])
      .where('l.business_id', '=', caller.businessId)
      .where('l.customer_id', '=', customerId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .offset(offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('store_credit_ledger')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('business_id', '=', caller.businessId)
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    customer_id: customerId,
    points: balance.points,
    store_credit: fromKobo(balance.store_credit_kobo),
    points_value: fromKobo(balance.points * rules.pointValueKobo),
    points_ledger: {
      items: points.map((r) => ({
        id: r.id,
        customer_id: r.customer_id,
        points: Number(r.points),
        kind: r.kind,
        reason: r.reason,
        reference: r.reference,
        user_id: r.user_id,
        user_name: userName(r.first_name, r.last_name),
        created_at: r.created_at.toISOString(),
      })),
      total: Number(pointsTotal.n),
      page: page.page,
      limit: page.limit,
    },
    store_credit_ledger: {
      items: credit.map((r) => ({
        id: r.id,
        customer_id: r.customer_id,
        amount: fromKobo(r.amount_kobo),
        kind: r.kind,
        reason: r.reason,
        reference: r.reference,
        user_id: r.user_id,
        user_name: userName(r.first_name, r.last_name),
        created_at: r.created_at.toISOString(),
      })),
      total: Number(creditTotal.n),
      page: page.page,
      limit: page.limit,
    },
  };
};

export const adjustPoints = async (
  db: Database,
  caller: Caller,
  id: string,
  body: AdjustPointsBody,
): Promise<LoyaltyBalances> => {
  const customerId = await liveCustomerId(db, caller.businessId, id);
  const b = await db.transaction().execute((tx) =>
    changePoints(tx, {
      businessId: caller.businessId,
      customerId,
      points: body.points,
      kind: 'adjust',
      reason: body.reason,
      userId: caller.userId,
    }),
  );
  return { customer_id: customerId, points: b.points, store_credit: fromKobo(b.store_credit_kobo) };
};

export const adjustStoreCredit = async (
  db: Database,
  caller: Caller,
  id: string,
  body: AdjustStoreCreditBody,
): Promise<LoyaltyBalances> => {
  const customerId = await liveCustomerId(db, caller.businessId, id);
  const b = await db.transaction().execute((tx) =>
    changeStoreCredit(tx, {
      businessId: caller.businessId,
      customerId,
      amountKobo: toKobo(body.amount),
      kind: 'adjust',
      reason: body.reason,
      userId: caller.userId,
    }),
  );
  return { customer_id: customerId, points: b.points, store_credit: fromKobo(b.store_credit_kobo) };
};

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // A leading =, +, -, @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** DOWNLOAD_CUSTOMERS_POINTS: every live customer with their points and store credit. */
export const pointsCsv = async (db: Database, businessId: string): Promise<string> => {
  const rows = await db
    .selectFrom('customers as c')
    .leftJoin('loyalty_balances as b', (j) =>
      j.onRef('b.business_id', '=', 'c.business_id').onRef('b.customer_id', '=', 'c.id'),
    )
    .select(['c.first_name', 'c.last_name', 'c.phone', 'c.email', 'b.points', 'b.store_credit_kobo'])
    .where('c.business_id', '=', businessId)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.first_name')
    .orderBy('c.id')
    .execute();
  const lines = [['First name', 'Last name', 'Phone', 'Email', 'Points', 'Store credit (NGN)'].join(',')];
  for (const r of rows)
    lines.push(
      [
        r.first_name,
        r.last_name,
        r.phone,
        r.email,
        Number(r.points ?? 0),
        fromKobo(r.store_credit_kobo ?? 0).toFixed(2),
      ]
        .map(csvCell)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
};
