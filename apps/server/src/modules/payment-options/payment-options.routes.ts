import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessIdParams,
  checkoutOptionsData,
  checkoutOptionsQuery,
  createCustomPaymentOptionBody,
  customPaymentOption,
  customPaymentOptionSyncData,
  envelope,
  PAYMENT_OPTION_MESSAGES,
  paymentMethodSettings,
  paymentOptionIdParams,
  syncQuery,
  updateCustomPaymentOptionBody,
  updatePaymentMethodsBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { notFound } from '../../lib/errors.js';
import {
  checkoutOptions,
  createOption,
  deleteOption,
  editOption,
  methodSettings,
  syncOptions,
  updateMethodSettings,
} from './payment-options.service.js';

const tags = ['payment-options'];
const OPTIONS = '/v1/payments/options/businesses/:businessId';
const CUSTOM = '/v1/payments/customoptions/businesses/:businessId';

/** Payment methods of the business (spec 001 "Payments, banks, settlements", /payment-methods). */
export const paymentOptionsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'settings', what: 'payment_options' });
  app.get(
    OPTIONS,
    {
      preHandler: permission('settings.payment_methods'),
      schema: {
        tags,
        summary: 'Built-in payment methods and whether the business offers each',
        params: businessIdParams,
        response: { 200: envelope(paymentMethodSettings) },
      },
    },
    async (request) =>
      ok(await methodSettings(deps.db, assertOwnBusiness(request, request.params.businessId).businessId)),
  );

  app.patch(
    OPTIONS,
    {
      preHandler: permission('settings.payment_methods'),
      schema: {
        tags,
        summary: 'Turn built-in payment methods on or off (cash stays on)',
        params: businessIdParams,
        body: updatePaymentMethodsBody,
        response: { 200: envelope(paymentMethodSettings) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(
        await updateMethodSettings(deps.db, auth.businessId, request.body),
        PAYMENT_OPTION_MESSAGES.methods,
      );
    },
  );

  app.get(
    CUSTOM,
    {
      preHandler: permission('settings.payment_methods'),
      schema: {
        tags,
        summary: 'Custom payment options, inactive ones too; with updated_at, only what changed since',
        params: businessIdParams,
        querystring: syncQuery,
        response: { 200: envelope(customPaymentOptionSyncData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await syncOptions(deps.db, auth.businessId, request.query.updated_at));
    },
  );

  app.post(
    CUSTOM,
    {
      preHandler: permission('settings.payment_methods'),
      schema: {
        tags,
        summary: 'Add a custom payment option (name unique in the business, any case)',
        params: businessIdParams,
        body: createCustomPaymentOptionBody,
        response: { 201: envelope(customPaymentOption) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return reply
        .status(201)
        .send(ok(await createOption(deps.db, auth, request.body), PAYMENT_OPTION_MESSAGES.created));
    },
  );

  app.patch(
    `${CUSTOM}/paymentoption/:id`,
    {
      preHandler: permission('settings.payment_methods'),
      schema: {
        tags,
        summary: 'Rename a custom payment option, change its instructions, or (de)activate it',
        params: paymentOptionIdParams,
        body: updateCustomPaymentOptionBody,
        response: { 200: envelope(customPaymentOption) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(
        await editOption(deps.db, auth.businessId, request.params.id, request.body),
        PAYMENT_OPTION_MESSAGES.edited,
      );
    },
  );

  app.delete(
    `${CUSTOM}/paymentoption/:id`,
    {
      preHandler: permission('settings.payment_methods'),
      schema: {
        tags,
        summary: 'Delete a custom payment option (sales paid with it keep its name)',
        params: paymentOptionIdParams,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      await deleteOption(deps.db, auth.businessId, request.params.id);
      return ok({ _id: request.params.id }, PAYMENT_OPTION_MESSAGES.deleted);
    },
  );

  app.get(
    '/v2/checkout/options',
    {
      schema: {
        tags,
        summary: 'Payment methods the POS may offer (any signed-in user of the business)',
        querystring: checkoutOptionsQuery,
        response: { 200: envelope(checkoutOptionsData) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const asked = request.query.business_id;
      if (asked && asked.toLowerCase() !== auth.businessId) throw notFound('Business');
      return ok(await checkoutOptions(deps.db, auth.businessId, request.query.updated_at));
    },
  );
};
