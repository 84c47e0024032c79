import {
  ALWAYS_ON_METHODS,
  SALE_PAYMENT_METHODS,
  SALE_PAYMENT_METHOD_LABELS,
  type BuiltInPaymentMethod,
  type CheckoutOption,
  type CheckoutOptionsData,
  type CreateCustomPaymentOptionBody,
  type CustomPaymentOption,
  type CustomPaymentOptionSyncData,
  type PaymentMethodSettings,
  type UpdateCustomPaymentOptionBody,
  type UpdatePaymentMethodsBody,
} from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { downloadHorizon, lastChangeCursor } from '../../db/snapshot.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import {
  insertOption,
  lastPaymentChange,
  optionById,
  optionByName,
  optionsByIds,
  optionsChangedSince,
  saveSwitch,
  switchesOf,
  toOption,
  tombstoneOption,
  updateOption,
} from './payment-options.repository.js';

type Caller = Pick<AuthContext, 'businessId' | 'userId'>;

const NEEDS_CUSTOMER: readonly string[] = ['store_credit', 'loyalty_points'];
const EPOCH = new Date(0);

const duplicateName = (name: string) => conflict(`A payment option named "${name}" already exists.`);

/** Every built-in method with its switch (no switch row = on). */
const builtIns = async (db: Database, businessId: string) => {
  const switches = new Map((await switchesOf(db, businessId)).map((s) => [s.method, s]));
  return SALE_PAYMENT_METHODS.map((method) => {
    const s = switches.get(method);
    return {
      method,
      label: SALE_PAYMENT_METHOD_LABELS[method],
      enabled: ALWAYS_ON_METHODS.includes(method) || (s?.enabled ?? true),
      can_disable: !ALWAYS_ON_METHODS.includes(method),
      updatedAt: s?.updated_at ?? EPOCH,
    };
  });
};

export const methodSettings = async (db: Database, businessId: string): Promise<PaymentMethodSettings> => ({
  business_id: businessId,
  methods: (await builtIns(db, businessId)).map(({ updatedAt: _, ...m }) => m),
});

/** PATCH /v1/payments/options/businesses/{b}: turns built-in methods on or off (never cash). */
export const updateMethodSettings = async (
  db: Database,
  businessId: string,
  body: UpdatePaymentMethodsBody,
): Promise<PaymentMethodSettings> => {
  await db.transaction().execute(async (tx) => {
    for (const [method, enabled] of Object.entries(body.methods)) {
      if (enabled === undefined || ALWAYS_ON_METHODS.includes(method as BuiltInPaymentMethod)) continue;
      await saveSwitch(tx, businessId, method, enabled);
    }
  });
  return methodSettings(db, businessId);
};

/** The download's cursor (read before its rows; not past what is still being written). */
const syncMeta = async (db: Database, businessId: string, updatedAt?: number) => {
  const horizon = await downloadHorizon(db);
  const last = await lastPaymentChange(db, businessId);
  return lastChangeCursor(last, horizon, updatedAt);
};

/** GET /v1/payments/customoptions/businesses/{b}[?updated_at]: every option, inactive ones too. */
export const syncOptions = async (
  db: Database,
  businessId: string,
  updatedAt?: number,
): Promise<CustomPaymentOptionSyncData> => {
  const since = updatedAt === undefined ? undefined : new Date(updatedAt);
  const lastUpdate = await syncMeta(db, businessId, updatedAt);
  const rows = await optionsChangedSince(db, businessId, since);
  return {
    items: rows.filter((r) => !r.deleted_at).map(toOption),
    metaData: { lastUpdate, recordsRemoved: rows.filter((r) => r.deleted_at).map((r) => r.id) },
  };
};

export const createOption = async (
  db: Database,
  caller: Caller,
  body: CreateCustomPaymentOptionBody,
): Promise<CustomPaymentOption> => {
  if (await optionByName(db, caller.businessId, body.name)) throw duplicateName(body.name);
  try {
    return toOption(
      await insertOption(db, {
        business_id: caller.businessId,
        id: newId(),
        name: body.name,
        instructions: body.instructions || null,
        active: body.active ?? true,
        created_by: caller.userId,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(body.name);
    throw error;
  }
};

export const editOption = async (
  db: Database,
  businessId: string,
  id: string,
  body: UpdateCustomPaymentOptionBody,
): Promise<CustomPaymentOption> => {
  if (!isUuid(id) || !(await optionById(db, businessId, id))) throw notFound('Payment option');
  if (body.name) {
    const same = await optionByName(db, businessId, body.name);
    if (same && same.id !== id) throw duplicateName(body.name);
  }
  try {
    const row = await updateOption(db, businessId, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.instructions !== undefined && { instructions: body.instructions || null }),
      ...(body.active !== undefined && { active: body.active }),
    });
    if (!row) throw notFound('Payment option');
    return toOption(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(body.name ?? '');
    throw error;
  }
};

/** Deletes an option; sales paid with it keep its name. */
export const deleteOption = async (db: Database, businessId: string, id: string): Promise<void> => {
  if (!isUuid(id) || !(await tombstoneOption(db, businessId, id))) throw notFound('Payment option');
};

/**
 * GET /v2/checkout/options: what the POS may offer. Without `updatedAt`: enabled built-ins then
 * active custom options by name. With it: only what changed since; methods switched off,
 * deactivated or deleted since are in `recordsRemoved`.
 */
export const checkoutOptions = async (
  db: Database,
  businessId: string,
  updatedAt?: number,
): Promise<CheckoutOptionsData> => {
  const since = updatedAt === undefined ? undefined : new Date(updatedAt);
  const lastUpdate = await syncMeta(db, businessId, updatedAt);
  const changed = (d: Date) => !since || d >= since;
  const items: CheckoutOption[] = [];
  const recordsRemoved: string[] = [];
  for (const m of await builtIns(db, businessId)) {
    if (!changed(m.updatedAt)) continue;
    if (!m.enabled) {
      if (since) recordsRemoved.push(m.method);
      continue;
    }
    items.push({
      method: m.method,
      label: m.label,
      kind: 'built_in',
      instructions: null,
      needs_customer: NEEDS_CUSTOMER.includes(m.method),
      updated_at: m.updatedAt.toISOString(),
    });
  }
  for (const r of await optionsChangedSince(db, businessId, since)) {
    if (r.deleted_at || !r.active) {
      if (since) recordsRemoved.push(r.id);
      continue;
    }
    items.push({
      method: r.id,
      label: r.name,
      kind: 'custom',
      instructions: r.instructions,
      needs_customer: false,
      updated_at: r.updated_at.toISOString(),
    });
  }
  return { items, metaData: { lastUpdate, recordsRemoved } };
};

/**
 * The label of each payment method of a sale, refusing (400 naming `field(index)`) a method the
 * business does not offer: another business's or unknown option, a deactivated or deleted one, a
 * built-in switched off. A sale made offline (`madeOffline`) already happened: it may still use
 * an option of this business that was switched off or deleted since.
 */
export const paymentMethodLabels = async (
  db: Database,
  businessId: string,
  methods: readonly string[],
  opts: { madeOffline: boolean; field: (index: number) => string },
): Promise<Map<string, string>> => {
  const labels = new Map<string, string>();
  const custom = [...new Set(methods.filter((m) => isUuid(m)).map((m) => m.toLowerCase()))];
  const options = new Map((await optionsByIds(db, businessId, custom)).map((o) => [o.id, o]));
  // A sale made offline may use a built-in method switched off since: its switches are not read.
  const builtIn = !methods.some((m) => !isUuid(m))
    ? []
    : opts.madeOffline
      ? SALE_PAYMENT_METHODS.map((method) => ({
          method,
          label: SALE_PAYMENT_METHOD_LABELS[method],
          enabled: true,
        }))
      : await builtIns(db, businessId);
  methods.forEach((method, index) => {
    if (isUuid(method)) {
      const o = options.get(method.toLowerCase());
      if (!o) throw badRequest(`${opts.field(index)}: ${method} is not a payment option of this business.`);
      if ((o.deleted_at || !o.active) && !opts.madeOffline)
        throw badRequest(`${opts.field(index)}: the payment option "${o.name}" is not active.`);
      labels.set(method, o.name);
      return;
    }
    const b = builtIn.find((m) => m.method === method);
    if (!b) throw badRequest(`${opts.field(index)}: ${method} is not a payment method.`);
    if (!b.enabled && !opts.madeOffline)
      throw badRequest(`${opts.field(index)}: ${b.label} is turned off for this business.`);
    labels.set(method, b.label);
  });
  return labels;
};
