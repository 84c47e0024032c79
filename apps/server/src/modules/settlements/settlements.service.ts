import type {
  ChangeSettlementAccountBody,
  SettlementPreferences,
  SetTransactionPinBody,
  UpdateSettlementTypeBody,
} from '@ms/contracts';
import type { InTx, Tx } from '../../db/database.js';
import type { Deps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isOwnPassword, ownerEmailOf } from '../accounts/index.js';
import { saveSettlementType, settlementTypeOf } from '../payouts/index.js';
import { assertStoreAccess, storeNames } from '../stores/index.js';
import {
  bankAccountOf,
  cancelPendingChanges,
  clearWrongPins,
  countWrongPin,
  insertSettlementAccount,
  lockSettlements,
  pinOf,
  savePin,
  settlementRows,
  type SettlementAccountRow,
} from './settlements.repository.js';
import { hashPin, verifyPin } from './pin-hash.js';

/** A new account takes effect this long after it was asked for: time for the owner to see the e-mail. */
export const COOL_DOWN_MS = 24 * 3_600_000;
/** Wrong PINs in a row before the PIN is blocked, and for how long. */
export const PIN_TRIES = 5;
export const PIN_BLOCK_MINUTES = 30;
/** Wrong passwords in 15 minutes before re-authentication is refused for a while. */
const PASSWORD_TRIES = 5;

type Scope = { current: SettlementAccountRow | null; pending: SettlementAccountRow | null };

/** Per scope (a store's id, or null for the business): the account in force at `now` and a change waiting. */
const scopesOf = (rows: SettlementAccountRow[], now: Date): Map<string | null, Scope> => {
  const scopes = new Map<string | null, Scope>();
  for (const row of rows) {
    const scope = scopes.get(row.store_id) ?? { current: null, pending: null };
    if (row.effective_at <= now) scope.current ??= row;
    else if (!scope.current) scope.pending ??= row;
    scopes.set(row.store_id, scope);
  }
  return scopes;
};

export type PayoutDestination = Pick<
  SettlementAccountRow,
  'bank_account_id' | 'bank_code' | 'bank_name' | 'account_number' | 'account_name'
>;

/** Where each scope is paid at `now`: a store's own account, else (key null) the business's. */
export const payoutDestinations = async (
  tx: Tx,
  businessId: string,
  now: Date = new Date(),
): Promise<Map<string | null, PayoutDestination>> => {
  const destinations = new Map<string | null, PayoutDestination>();
  for (const [storeId, scope] of scopesOf(await settlementRows(tx, businessId), now))
    if (scope.current) destinations.set(storeId, scope.current);
  return destinations;
};

/**
 * A bank account just added: where the business (or its store) is paid when nothing was set yet —
 * at once, as there is no payout to redirect. Afterwards only a change (with password, PIN and a day's
 * wait) moves the money.
 */
export const settleToFirstAccount = async (
  tx: InTx,
  auth: AuthContext,
  account: { id: string; store_id: string | null },
): Promise<void> => {
  await lockSettlements(tx, auth.businessId);
  const rows = await settlementRows(tx, auth.businessId);
  if (rows.some((r) => r.store_id === account.store_id)) return;
  await insertSettlementAccount(tx, {
    businessId: auth.businessId,
    storeId: account.store_id,
    bankAccountId: account.id,
    userId: auth.userId,
    effectiveAt: new Date(),
  });
};

const summary = (row: SettlementAccountRow) => ({
  _id: row.bank_account_id,
  bank_name: row.bank_name,
  account_number: row.account_number,
  account_name: row.account_name,
});

export const settlementPreferences = async (
  deps: Pick<Deps, 'db' | 'env'>,
  auth: AuthContext,
): Promise<SettlementPreferences> => {
  const [type, rows, stores, pin] = await Promise.all([
    settlementTypeOf(deps.db, auth.businessId),
    settlementRows(deps.db, auth.businessId),
    storeNames(deps.db, auth.businessId),
    pinOf(deps.db, auth.businessId, auth.userId),
  ]);
  const scopes = scopesOf(rows, new Date());
  const scopeOut = (storeId: string | null, storeName: string | null) => {
    const s = scopes.get(storeId) ?? { current: null, pending: null };
    return {
      store_id: storeId,
      store_name: storeName,
      current: s.current ? summary(s.current) : null,
      pending: s.pending
        ? {
            _id: s.pending.id,
            account: summary(s.pending),
            effective_at: s.pending.effective_at.toISOString(),
            requested_by: s.pending.requested_by_name,
          }
        : null,
    };
  };
  return {
    settlement_type: type,
    payout_hour: deps.env.payoutHour,
    has_pin: Boolean(pin),
    scopes: [scopeOut(null, null), ...stores.map((s) => scopeOut(s.id, s.name))],
  };
};

/** The signed-in user's password asked again; wrong ones are limited per user. */
const confirmPassword = async (
  deps: Pick<Deps, 'db' | 'rateLimiter'>,
  auth: AuthContext,
  password: string,
) => {
  const key = `settlement_password:${auth.businessId}:${auth.userId}`;
  await deps.rateLimiter.hit(key, PASSWORD_TRIES, 15 * 60);
  if (!(await isOwnPassword(deps.db, auth.businessId, auth.userId, password)))
    throw forbidden('The password is not correct.', 'WRONG_PASSWORD');
  await deps.rateLimiter.undo(key);
};

/**
 * The password again and the transaction PIN, before where money goes changes. Wrong passwords are
 * limited per user; wrong PINs are counted and block the PIN for a while after PIN_TRIES.
 */
const confirmItIsThem = async (
  deps: Pick<Deps, 'db' | 'rateLimiter'>,
  auth: AuthContext,
  password: string,
  pin: string,
): Promise<void> => {
  await confirmPassword(deps, auth, password);
  const stored = await pinOf(deps.db, auth.businessId, auth.userId);
  if (!stored) throw badRequest('pin: set your transaction PIN first (Settlement > PIN).', 'PIN_NOT_SET');
  if (stored.blocked_until && stored.blocked_until > new Date())
    throw tooManyRequests(
      `Your PIN is blocked after ${PIN_TRIES} wrong tries. Try again after ${stored.blocked_until.toISOString().slice(11, 16)} UTC.`,
    );
  if (await verifyPin(stored.pin_hash, pin)) {
    if (stored.failed_attempts > 0) await clearWrongPins(deps.db, auth.businessId, auth.userId);
    return;
  }
  const after = await countWrongPin(deps.db, auth.businessId, auth.userId, PIN_TRIES, PIN_BLOCK_MINUTES);
  if (after.blocked_until && after.blocked_until > new Date())
    throw tooManyRequests(`Wrong PIN. Your PIN is blocked for ${PIN_BLOCK_MINUTES} minutes.`);
  const left = PIN_TRIES - after.failed_attempts;
  throw forbidden(`The PIN is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'WRONG_PIN');
};

/** The owner's e-mail: every change of where money goes is sent there. */
const tellOwner = async (
  deps: Pick<Deps, 'db' | 'notifications'>,
  businessId: string,
  subject: string,
  body: string,
) => {
  const owner = await ownerEmailOf(deps.db, businessId);
  if (!owner) return;
  await deps.notifications.send({
    channel: 'email',
    to: owner,
    subject,
    body,
    kind: 'settlement_change',
    businessId,
  });
};

export const setTransactionPin = async (
  deps: Pick<Deps, 'db' | 'rateLimiter'>,
  auth: AuthContext,
  body: SetTransactionPinBody,
): Promise<{ has_pin: true }> => {
  await confirmPassword(deps, auth, body.password);
  await savePin(deps.db, auth.businessId, auth.userId, await hashPin(body.pin));
  return { has_pin: true };
};

export const updateSettlementType = async (
  deps: Pick<Deps, 'db' | 'env' | 'rateLimiter' | 'notifications'>,
  auth: AuthContext,
  body: UpdateSettlementTypeBody,
): Promise<SettlementPreferences> => {
  await confirmItIsThem(deps, auth, body.password, body.pin);
  if ((await settlementTypeOf(deps.db, auth.businessId)) !== body.settlement_type) {
    await saveSettlementType(deps.db, auth.businessId, body.settlement_type, auth.userId);
    await tellOwner(
      deps,
      auth.businessId,
      'Your payouts are now settled ' +
        (body.settlement_type === 'store' ? 'store by store' : 'as one business'),
      `Payouts are now made ${body.settlement_type === 'store' ? 'for each store to its own settlement account (or the business account)' : 'for the whole business to its settlement account'}. If you did not ask for this, change your password and contact support.`,
    );
  }
  return settlementPreferences(deps, auth);
};

export const changeSettlementAccount = async (
  deps: Pick<Deps, 'db' | 'env' | 'rateLimiter' | 'notifications'>,
  auth: AuthContext,
  body: ChangeSettlementAccountBody,
): Promise<SettlementPreferences> => {
  await confirmItIsThem(deps, auth, body.password, body.pin);
  const storeId = body.store_id ?? null;
  const change = await deps.db.transaction().execute(async (tx) => {
    await lockSettlements(tx, auth.businessId);
    const account = await bankAccountOf(tx, auth.businessId, body.bank_account_id);
    if (!account) throw notFound('Bank account');
    if (storeId) await assertStoreAccess(tx, auth, storeId);
    const scope = scopesOf(await settlementRows(tx, auth.businessId), new Date()).get(storeId);
    if (scope?.current?.bank_account_id === account.id && !scope.pending)
      throw conflict('Payouts already go to this account.');
    await cancelPendingChanges(tx, auth.businessId, auth.userId, { storeId });
    // Nothing set yet: at once (no payout to redirect). A change: after the cool-down.
    const effectiveAt = new Date(Date.now() + (scope?.current ? COOL_DOWN_MS : 0));
    if (scope?.current?.bank_account_id !== account.id)
      await insertSettlementAccount(tx, {
        businessId: auth.businessId,
        storeId,
        bankAccountId: account.id,
        userId: auth.userId,
        effectiveAt,
      });
    return { account, effectiveAt, immediate: !scope?.current };
  });
  await tellOwner(
    deps,
    auth.businessId,
    'Your settlement account is changing',
    `Payouts${storeId ? ' of a store' : ''} will go to ${change.account.bank_name} ${change.account.account_number} (${change.account.account_name}) ${
      change.immediate
        ? 'from now on'
        : `from ${change.effectiveAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`
    }. If you did not ask for this, cancel it in Settlement preference before then and change your password.`,
  );
  return settlementPreferences(deps, auth);
};

/** The owner cancels a change before it takes effect. */
export const cancelSettlementChange = async (
  deps: Pick<Deps, 'db' | 'env' | 'notifications'>,
  auth: AuthContext,
  changeId: string,
): Promise<SettlementPreferences> => {
  if (!auth.isOwner) throw forbidden('Only the owner can cancel a change of settlement account.');
  const cancelled = await deps.db
    .transaction()
    .execute((tx) => cancelPendingChanges(tx, auth.businessId, auth.userId, { id: changeId }));
  if (cancelled === 0) throw notFound('Pending change');
  await tellOwner(
    deps,
    auth.businessId,
    'Settlement account change cancelled',
    'The change of settlement account was cancelled: payouts keep going to the account they went to.',
  );
  return settlementPreferences(deps, auth);
};
