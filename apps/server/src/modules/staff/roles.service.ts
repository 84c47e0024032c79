import { PERMISSION_CATALOGUE, type PermissionModule, type Role } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { findRole, insertRole, isAdminRole, listRoles, roleGrants, updateRole } from './roles.repository.js';

const duplicateName = (name: string) => conflict(`A role named "${name}" already exists in your business.`);

export const getRoles = (deps: Deps, auth: AuthContext) => listRoles(deps.db, auth.businessId);

export const createRole = async (
  deps: Deps,
  auth: AuthContext,
  body: { name: string; permissions: string[] },
): Promise<Role> => {
  const id = newId();
  try {
    await insertRole(deps.db, {
      id,
      businessId: auth.businessId,
      name: body.name,
      permissions: [...new Set(body.permissions)],
    });
  } catch (error) {
    if (isUniqueViolation(error, 'roles_name_uq')) throw duplicateName(body.name);
    throw error;
  }
  return (await findRole(deps.db, auth.businessId, id))!;
};

/** Rename, re-grant or (de)activate a role; the system Admin role stays as it is. */
export const changeRole = async (
  deps: Deps,
  auth: AuthContext,
  roleId: string,
  body: Partial<{ name: string; permissions: string[]; active: boolean }>,
): Promise<Role> => {
  const role = await findRole(deps.db, auth.businessId, roleId);
  if (!role) throw notFound('Role');
  if (role.is_system || isAdminRole(role))
    throw conflict('The Admin role is a system role: its name, permissions and status cannot be changed.');
  try {
    await updateRole(deps.db, auth.businessId, roleId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.permissions !== undefined ? { permissions: [...new Set(body.permissions)] } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    });
  } catch (error) {
    if (isUniqueViolation(error, 'roles_name_uq')) throw duplicateName(body.name ?? role.name);
    throw error;
  }
  return (await findRole(deps.db, auth.businessId, roleId))!;
};

/**
 * The catalogue with, per action, the roles holding it (admin always), per module the roles holding
 * any of its actions, and the module active when an active role other than admin holds one of them.
 */
export const permissionMatrix = async (deps: Deps, auth: AuthContext): Promise<PermissionModule[]> => {
  const roles = await roleGrants(deps.db, auth.businessId);
  const admins = roles.filter(isAdminRole).map((r) => r.id);
  const others = roles.filter((r) => !isAdminRole(r));
  return PERMISSION_CATALOGUE.map((m) => {
    const actions = Object.entries(m.actions).map(([action, name]) => {
      const key = `${m.key}.${action}`;
      const holders = others.filter((r) => r.permissions.includes(key)).map((r) => r.id);
      return { key, name, permitted_role_ids: [...admins, ...holders] };
    });
    const prefix = `${m.key}.`;
    const holdsAny = (r: { permissions: string[] }) => r.permissions.some((p) => p.startsWith(prefix));
    return {
      key: m.key,
      name: m.name,
      active: others.some((r) => r.active && holdsAny(r)),
      permitted_role_ids: [...admins, ...others.filter(holdsAny).map((r) => r.id)],
      actions,
    };
  });
};
