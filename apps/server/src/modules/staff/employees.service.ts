import type { CreateEmployeeBody, Employee, UpdateEmployeeBody } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { hashPassword } from '../accounts/index.js';
import { loadBusinessData } from '../business/index.js';
import { findRole, isAdminRole } from './roles.repository.js';
import { assertMayGrantRole, assertMayManage, canManageStaff, usableStoreIds } from './staff-access.js';
import {
  findUser,
  findUsers,
  insertUser,
  listUsers,
  replaceUserStores,
  revokeUserSessions,
  setUsersStatus,
  updateUser,
  type UserPatch,
} from './users.repository.js';

const SELF_FIELDS = new Set(['first_name', 'last_name', 'phone', 'password']);
const OWNER_DEACTIVATION = 'The business owner cannot be deactivated.';

export const listEmployees = (deps: Deps, auth: AuthContext) => listUsers(deps.db, auth.businessId);

export const getEmployee = async (deps: Deps, auth: AuthContext, userId: string): Promise<Employee> => {
  const user = await findUser(deps.db, auth.businessId, userId);
  if (!user) throw notFound('Employee');
  return user;
};

const roleOfBusiness = async (deps: Deps, auth: AuthContext, roleId: string) => {
  const role = await findRole(deps.db, auth.businessId, roleId);
  if (!role) throw badRequest('role_id: there is no role with this id in your business.');
  return role;
};

/** Creates the employee with their stores and e-mails them how to log in (never the password). */
export const createEmployee = async (
  deps: Deps,
  auth: AuthContext,
  body: CreateEmployeeBody,
): Promise<{ employee: Employee; invited: boolean }> => {
  const role = await roleOfBusiness(deps, auth, body.role_id);
  assertMayGrantRole(auth, role);
  const storeIds = await usableStoreIds(deps.db, auth, body.store_ids);
  const id = newId();
  const passwordHash = await hashPassword(body.password);
  try {
    await deps.db.transaction().execute(async (tx) => {
      await insertUser(tx, {
        id,
        businessId: auth.businessId,
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        phone: body.phone ?? null,
        passwordHash,
        roleId: role._id,
      });
      await replaceUserStores(tx, auth.businessId, id, storeIds);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_uq'))
      throw conflict('An account with this email already exists. Use another email.');
    throw error;
  }
  const employee = (await findUser(deps.db, auth.businessId, id))!;
  const invited = await sendInvite(deps, auth, employee);
  return { employee, invited };
};

const sendInvite = async (deps: Deps, auth: AuthContext, employee: Employee): Promise<boolean> => {
  const [business, inviter] = await Promise.all([
    loadBusinessData(deps.db, auth.businessId),
    findUser(deps.db, auth.businessId, auth.userId),
  ]);
  const businessName = business?.name ?? 'your business';
  const by = inviter?.name ?? 'Your admin';
  const stores = employee.stores.map((s) => s.name).join(', ') || 'no store yet';
  try {
    await deps.notifications.send({
      channel: 'email',
      to: employee.email,
      subject: `You have been added to ${businessName}`,
      body:
        `Hello ${employee.first_name},\n\n${by} has added you to ${businessName} as ${employee.role} (${stores}).\n\n` +
        `To log in, open the app, choose "Log in" and enter this e-mail address (${employee.email}) with the ` +
        `password ${by} set for you — ask them for it, we never send passwords by e-mail. ` +
        `If you sign in on a device the business has not approved yet, we will e-mail you a 4-character code.\n\n` +
        `Change your password from your profile after your first login.`,
      kind: 'employee_invite',
      businessId: auth.businessId,
      meta: { business_id: auth.businessId, business_name: businessName, role: employee.role },
    });
    return true;
  } catch {
    // The employee exists either way; the caller is told the e-mail did not go out.
    return false;
  }
};

/**
 * PATCH /v1/auth/{userId}. A staff manager changes any employee (within the owner and admin rules);
 * everyone else changes only their own name, phone and password.
 */
export const updateEmployee = async (
  deps: Deps,
  auth: AuthContext,
  userId: string,
  body: UpdateEmployeeBody,
): Promise<Employee> => {
  const target = await findUser(deps.db, auth.businessId, userId);
  if (!target) throw notFound('User');
  const isSelf = target._id === auth.userId;
  const fields = Object.keys(body).filter((k) => body[k as keyof UpdateEmployeeBody] !== undefined);

  if (!canManageStaff(auth)) {
    if (!isSelf) throw forbidden('You can only update your own profile.');
    const others = fields.filter((f) => !SELF_FIELDS.has(f));
    if (others.length)
      throw forbidden(
        `You can only change your own first_name, last_name, phone and password, not ${others.join(', ')}.`,
      );
  } else {
    assertMayManage(auth, target);
  }

  if (body.role_id !== undefined && body.role_id !== target.role_id) {
    const role = await roleOfBusiness(deps, auth, body.role_id);
    assertMayGrantRole(auth, role);
    if (target.is_owner && !isAdminRole(role)) throw conflict('The business owner must keep the Admin role.');
  }
  if (target.is_owner && body.status === 'inactive') throw conflict(OWNER_DEACTIVATION);
  if (target.is_owner && !isSelf && body.password !== undefined)
    throw forbidden("Only the owner can change the owner's password.");
  const storeIds = body.store_ids && (await usableStoreIds(deps.db, auth, body.store_ids));

  const patch: UserPatch = {
    first_name: body.first_name,
    last_name: body.last_name,
    phone: body.phone,
    role_id: body.role_id,
    status: body.status,
    is_fraud: body.IsFraud,
    password_hash: body.password === undefined ? undefined : await hashPassword(body.password),
  };
  for (const key of Object.keys(patch) as (keyof UserPatch)[])
    if (patch[key] === undefined) delete patch[key];

  await deps.db.transaction().execute(async (tx) => {
    await updateUser(tx, auth.businessId, userId, patch);
    if (storeIds) await replaceUserStores(tx, auth.businessId, userId, storeIds);
    if (body.status === 'inactive') await revokeUserSessions(tx, auth.businessId, [userId]);
    // A new password signs the account out everywhere except the session that changed it.
    else if (patch.password_hash)
      await revokeUserSessions(tx, auth.businessId, [userId], isSelf ? auth.sessionId : undefined);
  });
  return (await findUser(deps.db, auth.businessId, userId))!;
};

/** PUT .../employees/{id}/stores: the employee's stores become exactly these. */
export const assignStores = async (
  deps: Deps,
  auth: AuthContext,
  userId: string,
  storeIdsIn: string[],
): Promise<Employee> => {
  const target = await findUser(deps.db, auth.businessId, userId);
  if (!target) throw notFound('Employee');
  assertMayManage(auth, target);
  const storeIds = await usableStoreIds(deps.db, auth, storeIdsIn);
  await deps.db.transaction().execute((tx) => replaceUserStores(tx, auth.businessId, userId, storeIds));
  return (await findUser(deps.db, auth.businessId, userId))!;
};

/**
 * Bulk activate or deactivate. All or nothing: an id that is not an employee of this business is a
 * 404, and the owner in a deactivation is a 409 — nobody changes in either case.
 */
export const setEmployeesStatus = async (
  deps: Deps,
  auth: AuthContext,
  status: 'active' | 'inactive',
  userIdsIn: string[],
): Promise<Employee[]> => {
  const userIds = [...new Set(userIdsIn)];
  const users = await findUsers(deps.db, auth.businessId, userIds);
  const found = new Set(users.map((u) => u._id));
  const missing = userIds.find((id) => !found.has(id));
  if (missing) throw notFound(`Employee ${missing}`);
  for (const u of users) assertMayManage(auth, u);
  const owner = users.find((u) => u.is_owner);
  if (status === 'inactive' && owner)
    throw conflict(`${OWNER_DEACTIVATION} Remove ${owner.name} from user_ids and try again.`);
  await deps.db.transaction().execute(async (tx) => {
    await setUsersStatus(tx, auth.businessId, userIds, status);
    if (status === 'inactive') await revokeUserSessions(tx, auth.businessId, userIds);
  });
  return findUsers(deps.db, auth.businessId, userIds);
};
