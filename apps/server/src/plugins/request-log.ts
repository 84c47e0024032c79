import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Query parameters whose values never reach a log (spec: no PIN, password, OTP, BVN or token in a log). */
const SECRET_PARAMS = /([?&](?:bvn|pin|otp|password|token|secret)=)[^&#]*/gi;

/** The URL as logged: the values of secret query parameters replaced. */
export const loggableUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[redacted]');

/** One structured JSON line per request, written when the response is done. */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: loggableUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        business: request.auth?.businessId,
        user: request.auth?.userId,
      },
      'request',
    );
  });
});
