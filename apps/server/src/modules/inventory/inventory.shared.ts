import type { PermissionKey } from '@ms/contracts';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';

/** The caller as inventory services need it (routes pass the request's AuthContext). */
export type Caller = Pick<AuthContext, 'businessId' | 'userId' | 'isAdmin' | 'storeIds' | 'permissions'>;

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

export const isoOf = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

export const fullName = (first: string | null, last: string | null): string | null =>
  first == null ? null : `${first} ${last ?? ''}`.trim();

export const itemLabel = (product: string, variety: string | null): string =>
  variety ? `${product} (${variety})` : product;

/** A path id that is not a UUID cannot name a record: 404, never a database error. */
export const assertId = (value: string, what: string): string => {
  if (!isUuid(value)) throw notFound(what);
  return value;
};

export const hasPermission = (caller: Caller, key: PermissionKey): boolean =>
  caller.isAdmin || caller.permissions.has(key);

export const requirePermission = (caller: Caller, key: PermissionKey): void => {
  if (!hasPermission(caller, key)) throw forbidden('Your role does not have permission to do this.');
};

/** A non-admin must be assigned to at least one of these stores. */
export const assertAnyStoreAccess = (caller: Caller, storeIds: readonly string[]): void => {
  if (!caller.isAdmin && !storeIds.some((s) => caller.storeIds.includes(s)))
    throw forbidden('You are not assigned to either store of this transfer.');
};

export const pageOf = (q: { page: number; limit: number }) => ({
  offset: (q.page - 1) * q.limit,
  limit: q.limit,
});
