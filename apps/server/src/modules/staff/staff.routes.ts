import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignStoresBody,
  bulkStatusBody,
  bulkStatusQuery,
  createEmployeeBody,
  createRoleBody,
  employee,
  envelope,
  id,
  inputString,
  permissionModule,
  role,
  updateEmployeeBody,
  updateRoleBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { adminOnly, assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import {
  assignStores,
  createEmployee,
  getEmployee,
  listEmployees,
  setEmployeesStatus,
  updateEmployee,
} from './employees.service.js';
import { changeRole, createRole, getRoles, permissionMatrix } from './roles.service.js';

// A business id that is not the caller's (well-formed or not) is a 404 from assertOwnBusiness.
const business = z.object({ businessId: inputString('businessId') });
const businessEmployee = business.extend({ employeeId: id('employeeId') });
const businessRole = business.extend({ roleId: id('roleId') });
const staffManager = permission('settings.users_roles');

/** Employees, roles and the permission catalogue (spec 000 §6, §7.1; spec 001 §6). */
export const staffRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'staff' });
  const tags = ['staff'];

  app.get(
    '/v1/businesses/:businessId/employees',
    {
      preHandler: staffManager,
      schema: {
        tags,
        summary: 'Employees of the business with their role and stores',
        params: business,
        response: { 200: envelope(z.array(employee)) },
      },
    },
    async (request) => ok(await listEmployees(deps, assertOwnBusiness(request, request.params.businessId))),
  );

  app.get(
    '/v1/businesses/:businessId/employees/:employeeId',
    {
      preHandler: staffManager,
      schema: {
        tags,
        summary: 'One employee',
        params: businessEmployee,
        response: { 200: envelope(employee) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await getEmployee(deps, auth, request.params.employeeId));
    },
  );

  app.post(
    '/v1/businesses/:businessId/employees',
    {
      preHandler: staffManager,
      schema: {
        tags,
        summary: 'Add an employee with a role and stores; they are e-mailed how to log in',
        params: business,
        body: createEmployeeBody,
        response: { 201: envelope(employee) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const { employee: created, invited } = await createEmployee(deps, auth, request.body);
      const message = invited
        ? 'Employee created. We e-mailed them how to log in.'
        : 'Employee created, but the welcome e-mail could not be sent.';
      return reply.status(201).send(ok(created, message));
    },
  );

  app.put(
    '/v1/businesses/:businessId/employees/:employeeId/stores',
    {
      preHandler: staffManager,
      schema: {
        tags,
        summary: "Replace an employee's store assignment",
        params: businessEmployee,
        body: assignStoresBody,
        response: { 200: envelope(employee) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const updated = await assignStores(deps, auth, request.params.employeeId, request.body.store_ids);
      return ok(updated, 'Stores updated');
    },
  );

  app.patch(
    '/v1/businesses/:businessId/employees/status',
    {
      preHandler: staffManager,
      schema: {
        tags,
        summary: 'Activate or deactivate several employees (all or nothing)',
        params: business,
        querystring: bulkStatusQuery,
        body: bulkStatusBody,
        response: { 200: envelope(z.array(employee)) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const { status } = request.query;
      const users = await setEmployeesStatus(deps, auth, status, request.body.user_ids);
      const word = status === 'active' ? 'activated' : 'deactivated';
      return ok(users, `${users.length} ${users.length === 1 ? 'employee' : 'employees'} ${word}`);
    },
  );

  app.patch(
    '/v1/auth/:userId',
    {
      schema: {
        tags,
        summary: 'Update an employee (staff managers) or your own name, phone and password',
        params: z.object({ userId: id('userId') }),
        body: updateEmployeeBody,
        response: { 200: envelope(employee) },
      },
    },
    async (request) =>
      ok(await updateEmployee(deps, authOf(request), request.params.userId, request.body), 'User updated'),
  );

  app.get(
    '/v1/businesses/:businessId/roles',
    {
      preHandler: staffManager,
      schema: {
        tags,
        summary: 'Roles of the business with how many users hold each',
        params: business,
        response: { 200: envelope(z.array(role)) },
      },
    },
    async (request) => ok(await getRoles(deps, assertOwnBusiness(request, request.params.businessId))),
  );

  app.post(
    '/v1/businesses/:businessId/roles',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Create a role with a set of permissions',
        params: business,
        body: createRoleBody,
        response: { 201: envelope(role) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return reply.status(201).send(ok(await createRole(deps, auth, request.body), 'Role created'));
    },
  );

  app.patch(
    '/v1/businesses/:businessId/roles/:roleId',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Rename a role, change its permissions or (de)activate it (not Admin's)",
        params: businessRole,
        body: updateRoleBody,
        response: { 200: envelope(role) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await changeRole(deps, auth, request.params.roleId, request.body), 'Role updated');
    },
  );

  app.get(
    '/v1/businesses/:businessId/permissions',
    {
      preHandler: staffManager,
      schema: {
        tags,
        summary: 'The permission catalogue with the roles granted each action',
        params: business,
        response: { 200: envelope(z.array(permissionModule)) },
      },
    },
    async (request) =>
      ok(await permissionMatrix(deps, assertOwnBusiness(request, request.params.businessId))),
  );
};
