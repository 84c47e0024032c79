import { sql } from 'kysely';
import { ADMIN_ROLE, ALL_PERMISSIONS, type Employee, type SessionUser } from '@ms/contracts';
import type { Database } from '../../db/database.js';

const userColumns = (db: Database) =>
  db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.business_id', '=', 'u.business_id').onRef('r.id', '=', 'u.role_id'),
    )
    .select([
      'u.id',
      'u.business_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.status',
      'u.is_owner',
      'u.is_fraud',
      'u.last_login_at',
      'u.created_at',
      'r.id as role_id',
      'r.name as role_name',
      'r.permissions',
      'r.active as role_active',
      sql<{ id: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.created_at)
        from user_stores us join stores s on s.business_id = us.business_id and s.id = us.store_id and s.deleted_at is null
        where us.business_id = u.business_id and us.user_id = u.id), '[]'::json)`.as('stores'),
    ]);

type UserRow = Awaited<ReturnType<ReturnType<typeof userColumns>['execute']>>[number];

const toEmployee = (u: UserRow): Employee => ({
  _id: u.id,
  first_name: u.first_name,
  last_name: u.last_name,
  name: `${u.first_name} ${u.last_name}`.trim(),
  email: u.email,
  phone: u.phone,
  role: u.role_name,
  role_id: u.role_id,
  status: u.status,
  is_owner: u.is_owner,
  IsFraud: u.is_fraud,
  stores: u.stores.map((s) => ({ id: s.id, _id: s.id, name: s.name })),
  last_login_at: u.last_login_at?.toISOString() ?? null,
  created_at: u.created_at.toISOString(),
});

export const listUsers = async (db: Database, businessId: string): Promise<Employee[]> =>
  (
    await userColumns(db)
      .where('u.business_id', '=', businessId)
      .orderBy('u.created_at')
      .orderBy('u.id')
      .execute()
  ).map(toEmployee);

export const findUser = async (
  db: Database,
  businessId: string,
  userId: string,
): Promise<Employee | undefined> => {
  const row = await userColumns(db)
    .where('u.business_id', '=', businessId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row && toEmployee(row);
};

/** The user as the session holds it: role lower-cased, permissions resolved, admin sees every store. */
export const loadSessionUser = async (
  db: Database,
  businessId: string,
  userId: string,
): Promise<SessionUser | undefined> => {
  const row = await userColumns(db)
    .where('u.business_id', '=', businessId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const role = row.role_name.toLowerCase();
  const isAdmin = role === ADMIN_ROLE;
  let stores = row.stores;
  if (isAdmin) {
    stores = await db
      .selectFrom('stores')
      .select(['id', 'name'])
      .where('business_id', '=', businessId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
  const e = toEmployee({ ...row, stores });
  return {
    _id: e._id,
    first_name: e.first_name,
    last_name: e.last_name,
    name: e.name,
    email: e.email,
    phone: e.phone,
    role,
    role_id: e.role_id,
    permissions: isAdmin ? ALL_PERMISSIONS : row.role_active ? row.permissions : [],
    IsFraud: e.IsFraud,
    is_owner: e.is_owner,
    status: e.status,
    business_id: businessId,
    stores: e.stores,
  };
};

/** Several users of one business at once; ids of other businesses simply do not come back. */
export const findUsers = async (db: Database, businessId: string, userIds: string[]): Promise<Employee[]> =>
  userIds.length === 0
    ? []
    : (
        await userColumns(db)
          .where('u.business_id', '=', businessId)
          .where('u.id', 'in', userIds)
          .orderBy('u.created_at')
          .orderBy('u.id')
          .execute()
      ).map(toEmployee);

export type NewUser = {
  id: string;
  businessId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  roleId: string;
};

export const insertUser = (db: Database, u: NewUser) =>
  db
    .insertInto('users')
    .values({
      business_id: u.businessId,
      id: u.id,
      first_name: u.firstName,
      last_name: u.lastName,
      email: u.email,
      phone: u.phone,
      password_hash: u.passwordHash,
      role_id: u.roleId,
    })
    .execute();

export type UserPatch = Partial<{
  first_name: string;
  last_name: string;
  phone: string | null;
  role_id: string;
  status: 'active' | 'inactive';
  is_fraud: boolean;
  password_hash: string;
}>;

export const updateUser = async (db: Database, businessId: string, userId: string, patch: UserPatch) => {
  if (Object.keys(patch).length === 0) return;
  await db
    .updateTable('users')
    .set(patch)
    .where('business_id', '=', businessId)
    .where('id', '=', userId)
    .execute();
};

export const setUsersStatus = (
  db: Database,
  businessId: string,
  userIds: string[],
  status: 'active' | 'inactive',
) =>
  db
    .updateTable('users')
    .set({ status })
    .where('business_id', '=', businessId)
    .where('id', 'in', userIds)
    .execute();

/** The user's stores become exactly these. */
export const replaceUserStores = async (
  db: Database,
  businessId: string,
  userId: string,
  storeIds: string[],
) => {
  await db
    .deleteFrom('user_stores')
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .execute();
  if (storeIds.length === 0) return;
  await db
    .insertInto('user_stores')
    .values(storeIds.map((store_id) => ({ business_id: businessId, user_id: userId, store_id })))
    .execute();
};

/** Ends the users' open sessions so their tokens answer 401, optionally keeping the caller's own. */
export const revokeUserSessions = async (
  db: Database,
  businessId: string,
  userIds: string[],
  keepSessionId?: string,
) => {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('business_id', '=', businessId)
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null);
  if (keepSessionId) q = q.where('id', '<>', keepSessionId);
  await q.execute();
};

/** Which of these ids are live stores of the business. */
export const existingStoreIds = async (db: Database, businessId: string, storeIds: string[]) =>
  storeIds.length === 0
    ? []
    : (
        await db
          .selectFrom('stores')
          .select('id')
          .where('business_id', '=', businessId)
          .where('id', 'in', storeIds)
          .where('deleted_at', 'is', null)
          .execute()
      ).map((s) => s.id);
