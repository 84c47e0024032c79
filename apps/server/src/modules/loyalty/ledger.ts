import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';

/**
 * The only place loyalty balances change. Every change is a ledger row written together with the
 * balance in the caller's transaction (`tx` is a Kysely transaction or the Database); the balance
 * row is locked by the UPDATE, so concurrent sales of one customer queue up, and a CHECK keeps
 * balances at 0 or more.
 */
export type LoyaltyRules = { pointsActive: boolean; koboPerPoint: number; pointValueKobo: number };

export const DEFAULT_RULES: LoyaltyRules = { pointsActive: false, koboPerPoint: 10_000, pointValueKobo: 100 };

export const rulesOf = async (tx: Database, businessId: string): Promise<LoyaltyRules> => {
  const row = await tx
    .selectFrom('loyalty_settings')
    .select(['points_active', 'kobo_per_point', 'point_value_kobo'])
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!row) return DEFAULT_RULES;
  return {
    pointsActive: row.points_active,
    koboPerPoint: Number(row.kobo_per_point),
    pointValueKobo: Number(row.point_value_kobo),
  };
};

export const storeCreditActive = async (tx: Database, businessId: string): Promise<boolean> => {
  const row = await tx
    .selectFrom('businesses')
    .select('store_credit_active')
    .where('id', '=', businessId)
    .executeTakeFirst();
  return row?.store_credit_active ?? false;
};

type Balance = { points: number; store_credit_kobo: number };

/** Makes sure the customer (live, of this business) has a balance row. 404 otherwise. */
const ensureBalance = async (tx: Database, businessId: string, customerId: string): Promise<void> => {
  const found = await tx
    .selectFrom('customers')
    .select('id')
    .where('business_id', '=', businessId)
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!found) throw notFound('Customer');
  await tx
    .insertInto('loyalty_balances')
    .values({ business_id: businessId, customer_id: customerId })
    .onConflict((oc) => oc.doNothing())
    .execute();
};

/** Adds `delta` (signed) to a balance column unless that would take it below 0; undefined when short. */
const bump = async (
  tx: Database,
  businessId: string,
  customerId: string,
  column: 'points' | 'store_credit_kobo',
  delta: number,
): Promise<Balance | undefined> =>
  tx
    .updateTable('loyalty_balances')
    .set({ [column]: sql`${sql.ref(column)} + ${delta}` })
    .where('business_id', '=', businessId)
    .where('customer_id', '=', customerId)
    .where(sql<boolean>`${sql.ref(column)} + ${delta} >= 0`)
    .returning(['points', 'store_credit_kobo'])
    .executeTakeFirst()
    .then((r) =>
      r ? { points: Number(r.points), store_credit_kobo: Number(r.store_credit_kobo) } : undefined,
    );

export type PointsChange = {
  businessId: string;
  customerId: string;
  points: number;
  kind: 'earn' | 'redeem' | 'reverse' | 'adjust';
  reason: string;
  reference?: string | null;
  userId?: string | null;
};

/** One points ledger row and the balance; 409 "Not enough points" when it would go below 0. */
export const changePoints = async (tx: Database, c: PointsChange): Promise<Balance> => {
  await ensureBalance(tx, c.businessId, c.customerId);
  const balance = await bump(tx, c.businessId, c.customerId, 'points', c.points);
  if (!balance) throw conflict('Not enough points');
  await tx
    .insertInto('points_ledger')
    .values({
      business_id: c.businessId,
      id: newId(),
      customer_id: c.customerId,
      points: c.points,
      kind: c.kind,
      reason: c.reason,
      reference: c.reference ?? null,
      user_id: c.userId ?? null,
    })
    .execute();
  return balance;
};

export type CreditChange = {
  businessId: string;
  customerId: string;
  amountKobo: number;
  kind: 'spend' | 'refund' | 'adjust';
  reason: string;
  reference?: string | null;
  userId?: string | null;
};

/** One store credit ledger row and the balance; 409 when it would go below 0. */
export const changeStoreCredit = async (tx: Database, c: CreditChange): Promise<Balance> => {
  await ensureBalance(tx, c.businessId, c.customerId);
  const balance = await bump(tx, c.businessId, c.customerId, 'store_credit_kobo', c.amountKobo);
  if (!balance) throw conflict('Not enough store credit');
  await tx
    .insertInto('store_credit_ledger')
    .values({
      business_id: c.businessId,
      id: newId(),
      customer_id: c.customerId,
      amount_kobo: c.amountKobo,
      kind: c.kind,
      reason: c.reason,
      reference: c.reference ?? null,
      user_id: c.userId ?? null,
    })
    .execute();
  return balance;
};

/** Current balances (0 when the customer never had a change). */
export const balancesOf = async (tx: Database, businessId: string, customerId: string): Promise<Balance> => {
  const row = await tx
    .selectFrom('loyalty_balances')
    .select(['points', 'store_credit_kobo'])
    .where('business_id', '=', businessId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return { points: Number(row?.points ?? 0), store_credit_kobo: Number(row?.store_credit_kobo ?? 0) };
};
