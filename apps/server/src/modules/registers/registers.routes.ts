import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCashBody,
  businessIdParams,
  closeRegisterBody,
  createRegisterBody,
  envelope,
  openRegisterBody,
  register,
  registerCloseData,
  registerDetail as registerDetailSchema,
  registerDetailQuery,
  registerEmployees as registerEmployeesSchema,
  registerEmployeesQuery,
  registerIdParams,
  registerList,
  registerListQuery,
  removeCashBody,
  settleUnregisteredCashBody,
  settleUnregisteredCashData,
  unregisteredCash,
  unregisteredCashQuery,
  updateRegisterBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { anyPermission, assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import {
  closeRegister,
  createRegister,
  listRegisters,
  moveCash,
  openRegister,
  registerDetail,
  registerEmployees,
  updateRegister,
} from './registers.service.js';
import { listUnregisteredCash, settleUnregisteredCash } from './unregistered-cash.js';

const tags = ['registers'];

const canRead = anyPermission('pos.make_sale', 'sales_history.view');
const canOperate = permission('pos.make_sale');

/** Registers (cash drawers) of the business's stores (spec 001 §7 "Registers"). */
export const registersRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/registries/businesses/:businessId',
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'Registers of the stores, with their open session (a new store starts with a "Main till")',
        params: businessIdParams,
        querystring: registerListQuery,
        response: { 200: envelope(registerList) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listRegisters(deps.db, auth, request.query.store_id));
    },
  );

  app.get(
    '/v1/registries/businesses/:businessId/employees',
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'Employees who can operate registers (for switch user)',
        params: businessIdParams,
        querystring: registerEmployeesQuery,
        response: { 200: envelope(registerEmployeesSchema) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await registerEmployees(deps.db, auth, request.query.store_id));
    },
  );

  app.get(
    '/v1/registries/businesses/:businessId/unregistered-cash',
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'Sales made offline whose cash no register took (decision 0004), with the total',
        params: businessIdParams,
        querystring: unregisteredCashQuery,
        response: { 200: envelope(unregisteredCash) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listUnregisteredCash(deps.db, auth, request.query.store_id));
    },
  );

  app.post(
    '/v1/registries/:id/unregistered-cash',
    {
      preHandler: canOperate,
      schema: {
        tags,
        summary: "Count the cash of sales made offline into the register's open session (once per sale)",
        params: registerIdParams,
        body: settleUnregisteredCashBody,
        response: { 200: envelope(settleUnregisteredCashData) },
      },
    },
    async (request) =>
      ok(
        await settleUnregisteredCash(deps.db, authOf(request), request.params.id, request.body),
        'Cash added to the register',
      ),
  );

  app.post(
    '/v1/registries/',
    {
      preHandler: permission('settings.stores'),
      schema: {
        tags,
        summary: 'Add a register to a store',
        body: createRegisterBody,
        response: { 201: envelope(register) },
      },
    },
    async (request, reply) => {
      const data = await createRegister(deps.db, authOf(request), request.body);
      return reply.status(201).send(ok(data, 'Register created'));
    },
  );

  app.get(
    '/v1/registries/:id',
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'A register: session, its cash movements and totals, and the closed sessions',
        params: registerIdParams,
        querystring: registerDetailQuery,
        response: { 200: envelope(registerDetailSchema) },
      },
    },
    async (request) =>
      ok(await registerDetail(deps.db, authOf(request), request.params.id, request.query.session_id)),
  );

  app.patch(
    '/v1/registries/:id',
    {
      preHandler: canOperate,
      schema: {
        tags,
        summary: 'Rename a register, or switch the user operating its open session',
        params: registerIdParams,
        body: updateRegisterBody,
        response: { 200: envelope(register) },
      },
    },
    async (request) => {
      const data = await updateRegister(deps.db, authOf(request), request.params.id, request.body);
      return ok(data, request.body.user_id ? 'User switched' : 'Register updated');
    },
  );

  app.put(
    '/v1/registries/:id/open',
    {
      preHandler: canOperate,
      schema: {
        tags,
        summary: 'Open the register with a float (counted cash)',
        params: registerIdParams,
        body: openRegisterBody,
        response: { 200: envelope(register) },
      },
    },
    async (request) =>
      ok(await openRegister(deps.db, authOf(request), request.params.id, request.body), 'Register opened'),
  );

  app.put(
    '/v1/registries/:id/cash/add',
    {
      preHandler: canOperate,
      schema: {
        tags,
        summary: 'Put cash into the open register',
        params: registerIdParams,
        body: addCashBody,
        response: { 200: envelope(register) },
      },
    },
    async (request) =>
      ok(await moveCash(deps.db, authOf(request), request.params.id, 'add', request.body), 'Cash added'),
  );

  app.put(
    '/v1/registries/:id/cash/remove',
    {
      preHandler: canOperate,
      schema: {
        tags,
        summary: 'Take cash out of the open register (reason required)',
        params: registerIdParams,
        body: removeCashBody,
        response: { 200: envelope(register) },
      },
    },
    async (request) =>
      ok(await moveCash(deps.db, authOf(request), request.params.id, 'remove', request.body), 'Cash removed'),
  );

  app.put(
    '/v1/registries/:id/close',
    {
      preHandler: canOperate,
      schema: {
        tags,
        summary: 'Close the register with counted cash: expected, counted and the difference',
        params: registerIdParams,
        body: closeRegisterBody,
        response: { 200: envelope(registerCloseData) },
      },
    },
    async (request) =>
      ok(await closeRegister(deps.db, authOf(request), request.params.id, request.body), 'Register closed'),
  );
};
