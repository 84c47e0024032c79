import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessIdParams,
  cancelTransferBody,
  createTransferBody,
  envelope,
  receiveTransferBody,
  transferDetail,
  transferIdParams,
  transferListQuery,
  transferPage,
  transferStoreParams,
  transferStoreQuery,
  updateTransferBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { anyPermission, assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import {
  cancelTransfer,
  createTransfer,
  editTransferNote,
  getTransfer,
  holdTransfer,
  listStoreTransfers,
  listTransfers,
  receiveTransfer,
  releaseTransfer,
} from './transfers.service.js';

const tags = ['inventory'];
const BASE = '/v2/business/:businessId/transfers';
const viewTransfers = anyPermission('inventory.initiate_transfer', 'inventory.receive_transfer');

/**
 * Transfers between stores (spec 001 §4 "Inventory transfer", §7). Every answer of a step is the
 * transfer with its items; an illegal step is 409 with the reason.
 */
export const transfersRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    BASE,
    {
      preHandler: viewTransfers,
      schema: {
        tags,
        summary: 'Transfers, newest first (filters: status, store, direction, search by number)',
        params: businessIdParams,
        querystring: transferListQuery,
        response: { 200: envelope(transferPage) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listTransfers(deps.db, auth, request.query));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      preHandler: viewTransfers,
      schema: {
        tags,
        summary: 'One transfer with its items and store and user names',
        params: transferIdParams,
        response: { 200: envelope(transferDetail) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await getTransfer(deps.db, auth, request.params.id));
    },
  );

  app.post(
    BASE,
    {
      preHandler: permission('inventory.initiate_transfer'),
      schema: {
        tags,
        summary: 'Create and send a transfer: the stock leaves the source store now',
        params: businessIdParams,
        body: createTransferBody,
        response: { 201: envelope(transferDetail) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await createTransfer(deps.db, auth, request.body, { receive: false });
      return reply.status(201).send(ok(data, `Transfer ${data.transfer_id} sent`));
    },
  );

  app.put(
    BASE,
    {
      preHandler: permission('inventory.initiate_transfer'),
      schema: {
        tags,
        summary: 'Edit the note of an open transfer (body: id, note)',
        params: businessIdParams,
        body: updateTransferBody,
        response: { 200: envelope(transferDetail) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(
        await editTransferNote(deps.db, auth, request.body.id, request.body.note),
        'Transfer updated',
      );
    },
  );

  app.post(
    `${BASE}/send-and-recieve`,
    {
      preHandler: permission('inventory.initiate_transfer'),
      schema: {
        tags,
        summary: 'Create a transfer and receive it in one step (needs receive permission too)',
        params: businessIdParams,
        body: createTransferBody,
        response: { 201: envelope(transferDetail) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await createTransfer(deps.db, auth, request.body, { receive: true });
      return reply.status(201).send(ok(data, `Transfer ${data.transfer_id} sent and received`));
    },
  );

  for (const method of ['post', 'put'] as const)
    app[method](
      `${BASE}/cancel`,
      {
        preHandler: permission('inventory.initiate_transfer'),
        schema: {
          tags,
          summary: `Cancel an open transfer (body: id); what was not received returns to the source (${method.toUpperCase()} and ${method === 'post' ? 'PUT' : 'POST'} both work)`,
          params: businessIdParams,
          body: cancelTransferBody,
          response: { 200: envelope(transferDetail) },
        },
      },
      async (request) => {
        const auth = assertOwnBusiness(request, request.params.businessId);
        return ok(await cancelTransfer(deps.db, auth, request.body.id), 'Transfer cancelled');
      },
    );

  app.post(
    `${BASE}/:id/on_hold`,
    {
      preHandler: viewTransfers,
      schema: {
        tags,
        summary: 'Put an in-transit transfer on hold (it cannot be received until released)',
        params: transferIdParams,
        response: { 200: envelope(transferDetail) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await holdTransfer(deps.db, auth, request.params.id), 'Transfer put on hold');
    },
  );

  app.post(
    `${BASE}/:id/release`,
    {
      preHandler: viewTransfers,
      schema: {
        tags,
        summary: 'Release a transfer on hold back to in transit',
        params: transferIdParams,
        response: { 200: envelope(transferDetail) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await releaseTransfer(deps.db, auth, request.params.id), 'Transfer released');
    },
  );

  app.post(
    `${BASE}/recieve`,
    {
      preHandler: permission('inventory.receive_transfer'),
      schema: {
        tags,
        summary:
          'Receive a transfer into the destination: all outstanding, or the items and quantities given',
        params: businessIdParams,
        body: receiveTransferBody,
        response: { 200: envelope(transferDetail) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await receiveTransfer(deps.db, auth, request.body);
      return ok(data, data.status === 'received' ? 'Transfer received' : 'Transfer partly received');
    },
  );

  app.get(
    '/v1/businesses/:businessId/transfers/stores/:id',
    {
      preHandler: viewTransfers,
      schema: {
        tags,
        summary: 'Transfers from or to one store, newest first',
        params: transferStoreParams,
        querystring: transferStoreQuery,
        response: { 200: envelope(transferPage) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listStoreTransfers(deps.db, auth, request.params.id, request.query));
    },
  );
};
