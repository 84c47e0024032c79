import type { Employee, Role } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isAdminRole } from './roles.repository.js';
import { existingStoreIds } from './users.repository.js';

/** Admin, or a role granted "Users and roles": may manage other employees. */
export const canManageStaff = (auth: AuthContext): boolean =>
  auth.isAdmin || auth.permissions.has('settings.users_roles');

/** A manager who is not admin must not hand out admin rights or change an admin's account. */
export const assertMayGrantRole = (auth: AuthContext, role: Role) => {
  if (!auth.isAdmin && isAdminRole(role)) throw forbidden('Only an admin can give the Admin role.');
};

export const assertMayManage = (auth: AuthContext, target: Employee) => {
  if (!auth.isAdmin && isAdminRole({ name: target.role }))
    throw forbidden("Only an admin can change an admin's account.");
};

/**
 * The store ids, de-duplicated, once each is a live store of the business — and, for a caller who is
 * not admin, one of the stores they are assigned to (they cannot see the others).
 */
export const usableStoreIds = async (db: Database, auth: AuthContext, storeIds: string[]) => {
  const ids = [...new Set(storeIds)];
  const found = new Set(await existingStoreIds(db, auth.businessId, ids));
  const visible = auth.isAdmin ? found : new Set(auth.storeIds.filter((id) => found.has(id)));
  const missing = ids.find((id) => !visible.has(id));
  if (missing) throw badRequest(`store_ids: ${missing} is not a store of your business.`);
  return ids;
};
