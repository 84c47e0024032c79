import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchNumberParams,
  businessIdParams,
  envelope,
  failedRowsData,
  failedRowsQuery,
  MAX_UPLOAD_BYTES,
  reprocessBody,
  uploadBatch,
  uploadBatchListQuery,
  uploadBatchPage,
  uploadTemplateCsv,
  variantTemplateCsv,
} from '@ms/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { badRequest } from '../../lib/errors.js';
import { assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import {
  batchPage,
  createBatch,
  failedRows,
  oneBatch,
  readUploadParts,
  reprocess,
} from './product-uploads.service.js';
import { createUploadWorker } from './upload-worker.js';

const tags = ['product uploads'];
const base = '/v1/businesses/:businessId';

/**
 * Bulk product upload (spec 001 §7 "Products (v1)"). The spec writes the paths bare; they are served
 * under the business, where the token is checked:
 *   POST /uploadproducts                      -> POST /v1/businesses/{b}/uploadproducts
 *   GET  /uploadproducts/batches              -> GET  /v1/businesses/{b}/uploadproducts/batches
 *   GET  /{batchNumber}/upload-batch/products -> GET  /v1/businesses/{b}/{batchNumber}/upload-batch/products
 *   POST /reprocess/product                   -> POST /v1/businesses/{b}/reprocess/product
 * The products are created by a background worker started and stopped with the server.
 */
export const productUploadsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'products' });
  const worker = createUploadWorker(deps.db, app.log);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  const canUpload = permission('catalogue.create_product');

  app.get(
    `${base}/uploadproducts/template`,
    {
      schema: {
        tags,
        summary: 'The CSV template of a product upload (header row and two examples)',
        params: businessIdParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      assertOwnBusiness(request, request.params.businessId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products-template.csv"')
        .send(uploadTemplateCsv());
    },
  );

  app.get(
    `${base}/uploadproducts/template/variants`,
    {
      schema: {
        tags,
        summary:
          'The CSV template with products with variants: rows grouped by a handle column (a product in three variants, and one without)',
        params: businessIdParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      assertOwnBusiness(request, request.params.businessId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products-with-variants-template.csv"')
        .send(variantTemplateCsv());
    },
  );

  app.post(
    `${base}/uploadproducts`,
    {
      preHandler: canUpload,
      schema: {
        tags,
        summary:
          'Spec POST /uploadproducts: a CSV or XLSX of products (multipart "file", optional "store_id" for opening stock); answers the queued batch at once (202)',
        params: businessIdParams,
        consumes: ['multipart/form-data'],
        response: { 202: envelope(uploadBatch) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      if (!request.isMultipart())
        throw badRequest('Choose a file to upload: send it as multipart form field "file".');
      const { file, storeId } = await readUploadParts(
        request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } }),
      );
      const batch = await createBatch(deps.db, auth, { file, storeId });
      worker.wake();
      return reply
        .status(202)
        .send(
          ok(batch, `Batch ${batch.batch_number} received: ${batch.total_rows} products are being created.`),
        );
    },
  );

  app.get(
    `${base}/uploadproducts/batches`,
    {
      preHandler: canUpload,
      schema: {
        tags,
        summary: 'Spec GET /uploadproducts/batches: upload batches, newest first, with progress and counts',
        params: businessIdParams,
        querystring: uploadBatchListQuery,
        response: { 200: envelope(uploadBatchPage) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await batchPage(deps.db, auth, request.query));
    },
  );

  app.get(
    `${base}/uploadproducts/batches/:batchNumber`,
    {
      preHandler: canUpload,
      schema: {
        tags,
        summary: 'One batch with its progress and counts (what the upload screen polls)',
        params: batchNumberParams,
        response: { 200: envelope(uploadBatch) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await oneBatch(deps.db, auth, request.params.batchNumber));
    },
  );

  app.get(
    `${base}/:batchNumber/upload-batch/products`,
    {
      preHandler: canUpload,
      schema: {
        tags,
        summary:
          'Spec GET /{batchNumber}/upload-batch/products: the batch and its failed rows (row number, cells, reason)',
        params: batchNumberParams,
        querystring: failedRowsQuery,
        response: { 200: envelope(failedRowsData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await failedRows(deps.db, auth, request.params.batchNumber, request.query));
    },
  );

  app.post(
    `${base}/reprocess/product`,
    {
      preHandler: canUpload,
      schema: {
        tags,
        summary:
          'Spec POST /reprocess/product: save corrected cells of failed rows, then try every failed row again',
        params: businessIdParams,
        body: reprocessBody,
        response: { 202: envelope(z.object({ batch: uploadBatch, requeued: z.number() })) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await reprocess(deps.db, auth, request.body);
      worker.wake();
      return reply
        .status(202)
        .send(
          ok(data, `${data.requeued} ${data.requeued === 1 ? 'row is' : 'rows are'} being processed again.`),
        );
    },
  );
};
