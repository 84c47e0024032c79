import type { Tx } from '../../db/database.js';
import { runPrepared } from '../../db/prepared.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';

/** The caller as far as stores are concerned. */
export type StoreCaller = Pick<AuthContext, 'businessId' | 'isAdmin' | 'storeIds'>;

export type StoreAccess = {
  /** Who the 404 names ("Store", "Source store", ...). */
  what?: string;
  /**
   * A non-admin not assigned to the store: `forbidden` 403 (the default), `hidden` 404 as if the
   * store did not exist, `allowed` no check (the other end of a transfer).
   */
  unassigned?: 'forbidden' | 'hidden' | 'allowed';
};

/**
 * The one "store of this business" check: a live store of the caller's business (404 naming `what`
 * otherwise) that the caller may use (see `unassigned`). Returns its id and name.
 */
export const assertStoreAccess = async (
  tx: Tx,
  caller: StoreCaller,
  storeId: string,
  { what = 'Store', unassigned = 'forbidden' }: StoreAccess = {},
): Promise<{ id: string; name: string }> => {
  const [store] = await runPrepared(
    tx,
    tx
      .selectFrom('stores')
      .select(['id', 'name'])
      .where('business_id', '=', caller.businessId)
      .where('id', '=', storeId)
      .where('deleted_at', 'is', null),
  );
  if (!store) throw notFound(what);
  if (unassigned !== 'allowed' && !caller.isAdmin && !caller.storeIds.includes(storeId)) {
    if (unassigned === 'hidden') throw notFound(what);
    throw forbidden('You are not assigned to this store.');
  }
  return store;
};

/** A non-admin must be assigned to the store: 403 otherwise (the store itself is already known). */
export const assertAssigned = (caller: StoreCaller, storeId: string): void => {
  if (!caller.isAdmin && !caller.storeIds.includes(storeId))
    throw forbidden('You are not assigned to this store.');
};

/** Live stores a caller may see: every store of the business for an admin, else the assigned ones. */
export const visibleStoreIds = async (tx: Tx, caller: StoreCaller): Promise<string[]> => {
  let q = tx
    .selectFrom('stores')
    .select('id')
    .where('business_id', '=', caller.businessId)
    .where('deleted_at', 'is', null);
  if (!caller.isAdmin) {
    if (caller.storeIds.length === 0) return [];
    q = q.where('id', 'in', [...caller.storeIds]);
  }
  return (await q.execute()).map((r) => r.id);
};
