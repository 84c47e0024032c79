import type { Database } from '../../db/database.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { changePoints, changeStoreCredit, rulesOf, storeCreditActive } from './ledger.js';

/**
 * What the sales flow calls inside its own transaction (`tx`: a Kysely transaction or the Database).
 * Amounts are integer kobo; each call writes one ledger row (or none when nothing changes).
 */
export type SaleLoyalty = { businessId: string; customerId: string; saleId: string; userId?: string | null };

const wholeKobo = (amountKobo: number, field = 'amount') => {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0) throw badRequest(`${field} must be 0 or more`);
};

/** Points earned on a sale by the business's rule (1 point per `naira_per_point`); 0 when loyalty is off. */
export const earnPoints = async (tx: Database, p: SaleLoyalty & { amountKobo: number }): Promise<number> => {
  wholeKobo(p.amountKobo);
  const rules = await rulesOf(tx, p.businessId);
  if (!rules.pointsActive) return 0;
  const points = Math.floor(p.amountKobo / rules.koboPerPoint);
  if (points <= 0) return 0;
  await changePoints(tx, {
    businessId: p.businessId,
    customerId: p.customerId,
    points,
    kind: 'earn',
    reason: 'Sale',
    reference: p.saleId,
    userId: p.userId,
  });
  return points;
};

/** Spends points on a sale; returns what they are worth in kobo. 409 "Not enough points" when short. */
export const redeemPoints = async (tx: Database, p: SaleLoyalty & { points: number }): Promise<number> => {
  if (!Number.isSafeInteger(p.points) || p.points <= 0)
    throw badRequest('points must be a whole number above 0');
  const rules = await rulesOf(tx, p.businessId);
  if (!rules.pointsActive) throw conflict('Loyalty points are turned off for this business');
  await changePoints(tx, {
    businessId: p.businessId,
    customerId: p.customerId,
    points: -p.points,
    kind: 'redeem',
    reason: 'Redeemed on a sale',
    reference: p.saleId,
    userId: p.userId,
  });
  return p.points * rules.pointValueKobo;
};

/** Pays part of a sale with store credit. 409 when the business's store credit is off or the balance is short. */
export const spendStoreCredit = async (
  tx: Database,
  p: SaleLoyalty & { amountKobo: number },
): Promise<void> => {
  wholeKobo(p.amountKobo);
  if (p.amountKobo === 0) return;
  if (!(await storeCreditActive(tx, p.businessId)))
    throw conflict('Store credit is turned off for this business');
  await changeStoreCredit(tx, {
    businessId: p.businessId,
    customerId: p.customerId,
    amountKobo: -p.amountKobo,
    kind: 'spend',
    reason: 'Paid a sale',
    reference: p.saleId,
    userId: p.userId,
  });
};

/** A refund paid to the customer's store credit. */
export const refundToStoreCredit = async (
  tx: Database,
  p: SaleLoyalty & { amountKobo: number },
): Promise<void> => {
  wholeKobo(p.amountKobo);
  if (p.amountKobo === 0) return;
  await changeStoreCredit(tx, {
    businessId: p.businessId,
    customerId: p.customerId,
    amountKobo: p.amountKobo,
    kind: 'refund',
    reason: 'Refund',
    reference: p.saleId,
    userId: p.userId,
  });
};

/**
 * Takes back the points earned on a refunded amount: by the current rule, at most what the sale
 * earned and has not yet given back, and never below a balance of 0. Returns the points taken.
 */
export const reversePoints = async (
  tx: Database,
  p: SaleLoyalty & { amountKobo: number },
): Promise<number> => {
  wholeKobo(p.amountKobo);
  const rules = await rulesOf(tx, p.businessId);
  // Lock the balance first, so two refunds of one sale cannot both take the same points back.
  const held = await tx
    .selectFrom('loyalty_balances')
    .select('points')
    .where('business_id', '=', p.businessId)
    .where('customer_id', '=', p.customerId)
    .forUpdate()
    .executeTakeFirst();
  const bySale = await tx
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), eb.lit(0)).as('net'))
    .where('business_id', '=', p.businessId)
    .where('customer_id', '=', p.customerId)
    .where('reference', '=', p.saleId)
    .where('kind', 'in', ['earn', 'reverse'])
    .executeTakeFirst();
  const outstanding = Math.max(0, Number(bySale?.net ?? 0));
  const points = Math.min(
    Math.floor(p.amountKobo / rules.koboPerPoint),
    outstanding,
    Number(held?.points ?? 0),
  );
  if (points <= 0) return 0;
  await changePoints(tx, {
    businessId: p.businessId,
    customerId: p.customerId,
    points: -points,
    kind: 'reverse',
    reason: 'Refund',
    reference: p.saleId,
    userId: p.userId,
  });
  return points;
};

export { balancesOf } from './ledger.js';
