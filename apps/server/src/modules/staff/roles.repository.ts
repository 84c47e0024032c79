import { sql } from 'kysely';
import { ADMIN_ROLE, ALL_PERMISSIONS, type Role } from '@ms/contracts';
import type { Database } from '../../db/database.js';

const roleColumns = (db: Database) =>
  db
    .selectFrom('roles as r')
    .select([
      'r.id',
      'r.name',
      'r.permissions',
      'r.is_system',
      'r.active',
      'r.created_at',
      sql<number>`(select count(*)::int from users u where u.business_id = r.business_id and u.role_id = r.id)`.as(
        'users_count',
      ),
    ]);

type RoleRow = Awaited<ReturnType<ReturnType<typeof roleColumns>['execute']>>[number];

/** Admin is recognised by its name, as the session does (plugins/auth.ts). */
export const isAdminRole = (r: { name: string }): boolean => r.name.toLowerCase() === ADMIN_ROLE;

const toRole = (r: RoleRow): Role => ({
  _id: r.id,
  name: r.name,
  // Admin's row stores no keys: it holds every permission by being admin.
  permissions: isAdminRole(r) ? [...ALL_PERMISSIONS] : r.permissions,
  is_system: r.is_system,
  active: r.active,
  users_count: r.users_count,
  created_at: r.created_at.toISOString(),
});

export const listRoles = async (db: Database, businessId: string): Promise<Role[]> =>
  (
    await roleColumns(db)
      .where('r.business_id', '=', businessId)
      .orderBy('r.created_at')
      .orderBy('r.id')
      .execute()
  ).map(toRole);

export const findRole = async (
  db: Database,
  businessId: string,
  roleId: string,
): Promise<Role | undefined> => {
  const row = await roleColumns(db)
    .where('r.business_id', '=', businessId)
    .where('r.id', '=', roleId)
    .executeTakeFirst();
  return row && toRole(row);
};

export const insertRole = (
  db: Database,
  r: { id: string; businessId: string; name: string; permissions: string[] },
) =>
  db
    .insertInto('roles')
    .values({ business_id: r.businessId, id: r.id, name: r.name, permissions: r.permissions })
    .execute();

export const updateRole = async (
  db: Database,
  businessId: string,
  roleId: string,
  patch: Partial<{ name: string; permissions: string[]; active: boolean }>,
) => {
  if (Object.keys(patch).length === 0) return;
  await db
    .updateTable('roles')
    .set(patch)
    .where('business_id', '=', businessId)
    .where('id', '=', roleId)
    .execute();
};

/** What each role of the business holds, as stored (admin's row holds nothing: it has everything). */
export const roleGrants = (db: Database, businessId: string) =>
  db
    .selectFrom('roles')
    .select(['id', 'name', 'permissions', 'active'])
    .where('business_id', '=', businessId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
