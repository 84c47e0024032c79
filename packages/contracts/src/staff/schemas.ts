import { z } from 'zod';
import { email, optionalText, password, phone, requiredText } from '../validation/zod-rules.js';
import { permissionKey } from './permissions.js';
import { storeRef } from '../accounts/schemas.js';

export const userStatus = z.enum(['active', 'inactive'], { error: 'status must be active or inactive' });

export const employee = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  role_id: z.string().nullable(),
  status: userStatus,
  is_owner: z.boolean(),
  IsFraud: z.boolean(),
  stores: z.array(storeRef),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});

const storeIds = z.array(z.uuid({ error: 'store_ids must hold valid store ids' }), {
  error: 'store_ids should be an array',
});

export const createEmployeeBody = z.object({
  first_name: requiredText('first_name', 80),
  last_name: requiredText('last_name', 80),
  email: email(),
  phone: phone().optional(),
  role_id: z.uuid({ error: 'The role_id field is required.' }),
  store_ids: storeIds.min(1, 'Assign at least one store (store_ids).'),
  password: password(),
});

/** PATCH /v1/auth/{userId}: an admin updates an employee; a user may update their own name, phone and password. */
export const updateEmployeeBody = z
  .object({
    first_name: requiredText('first_name', 80),
    last_name: requiredText('last_name', 80),
    phone: phone().nullable(),
    role_id: z.uuid({ error: 'role_id must be a valid role id' }),
    status: userStatus,
    store_ids: storeIds,
    password: password(),
    IsFraud: z.boolean({ error: 'IsFraud should be boolean' }),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update: send at least one field.' });

export const assignStoresBody = z.object({ store_ids: storeIds });

export const bulkStatusQuery = z.object({ status: userStatus });
export const bulkStatusBody = z.object({
  user_ids: z
    .array(z.uuid({ error: 'user_ids must hold valid user ids' }), { error: 'user_ids should be an array' })
    .min(1, 'user_ids must not be empty'),
});

export const role = z.object({
  _id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  is_system: z.boolean(),
  active: z.boolean(),
  users_count: z.number(),
  created_at: z.string(),
});

export const createRoleBody = z.object({
  name: requiredText('name', 60),
  permissions: z.array(permissionKey, { error: 'permissions should be an array' }).default([]),
});

export const updateRoleBody = z
  .object({
    name: requiredText('name', 60),
    permissions: z.array(permissionKey, { error: 'permissions should be an array' }),
    active: z.boolean({ error: 'active should be boolean' }),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update: send at least one field.' });

/**
 * The catalogue as the access-control screen reads it: each action with the roles it is granted to
 * (action keys are full permission keys, e.g. "pos.make_sale"); the module's roles are those holding
 * any of its actions, and it is active when an active role other than admin holds one.
 */
export const permissionModule = z.object({
  key: z.string(),
  name: z.string(),
  active: z.boolean(),
  permitted_role_ids: z.array(z.string()),
  actions: z.array(z.object({ key: z.string(), name: z.string(), permitted_role_ids: z.array(z.string()) })),
});

export const optionalDescription = optionalText('description', 300);

export type Employee = z.infer<typeof employee>;
export type CreateEmployeeBody = z.infer<typeof createEmployeeBody>;
export type UpdateEmployeeBody = z.infer<typeof updateEmployeeBody>;
export type Role = z.infer<typeof role>;
export type PermissionModule = z.infer<typeof permissionModule>;
