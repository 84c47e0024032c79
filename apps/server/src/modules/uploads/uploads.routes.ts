import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, uploadData } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { readFilePart, saveImage } from './uploads.service.js';

const tags = ['uploads'];

/** Image upload (spec 000 §7.2): multipart field `file`, PNG or JPEG up to 10 MB. */
export const uploadsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    '/v1/uploads/',
    {
      schema: {
        tags,
        summary: 'Upload an image (multipart field "file"); answers its URL',
        consumes: ['multipart/form-data'],
        response: { 201: envelope(uploadData) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!request.isMultipart())
        throw badRequest('The file field is required: send the image as multipart/form-data field "file".');
      await deps.rateLimiter.hit(`upload:${auth.userId}`, 200, 60 * 60);
      const { part, bytes } = await readFilePart(await request.file());
      const saved = await saveImage(deps, auth, {
        bytes,
        declaredMime: part.mimetype,
        originalName: part.filename,
      });
      const data = { ...saved, file_url: `${request.protocol}://${request.host}${saved.url}` };
      return reply.status(201).send(ok(data, 'File uploaded'));
    },
  );
};
