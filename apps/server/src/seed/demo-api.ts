import type { FastifyInstance } from 'fastify';

/** The product's API as the demo's users call it, in process (`app.inject`): the demo is made through it. */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
/** One request as a user; answers the envelope's `data` (typed by the caller), throws on an error status. */
export type Call = <T = unknown>(
  method: Method,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

const DEVICE = 'demo-seed';

const callAs =
  (app: FastifyInstance, token: string): Call =>
  async <T>(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: { platform: 'web', deviceid: DEVICE, authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (res.statusCode >= 300)
      throw new Error(`demo: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json().data as T;
  };

export const login = async (
  app: FastifyInstance,
  who: { email: string; password: string },
): Promise<Call> => {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    headers: { platform: 'web', deviceid: DEVICE },
    payload: who,
  });
  if (res.statusCode !== 200) throw new Error(`demo: login ${who.email}: ${res.body}`);
  return callAs(app, res.json().data.token as string);
};
