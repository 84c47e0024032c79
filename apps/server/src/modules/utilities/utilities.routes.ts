import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, sendEmailBody, sendEmailData, supportIssue } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { listSupportIssues } from './utilities.repository.js';
import { sendUtilityEmail } from './utilities.service.js';

const tags = ['utilities'];

/** Small shared services of spec 000 §7.2: send an e-mail, list support topics. */
export const utilitiesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    '/v1/utilities/',
    {
      schema: {
        tags,
        summary: 'Send an e-mail on behalf of the business',
        body: sendEmailBody,
        response: { 200: envelope(sendEmailData) },
      },
    },
    async (request) => ok(await sendUtilityEmail(deps, authOf(request), request.body), 'Email sent'),
  );

  app.get(
    '/v1/utilities/support_issues',
    { schema: { tags, summary: 'Support topics', response: { 200: envelope(z.array(supportIssue)) } } },
    async () => ok(await listSupportIssues(deps.db)),
  );
};
