import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkEmailData,
  checkEmailParams,
  envelope,
  loginBody,
  loginData,
  signupBody,
  verifyDeviceBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { createBusinessWithOwner } from '../../flows/create-business.js';
import { badRequest } from '../../lib/errors.js';
import { deviceIdOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { emailExists, issueLogin, login, verifyDevice } from './accounts.service.js';
import { devicesRoutes } from './devices.routes.js';
import { passwordRecoveryRoutes } from './password-recovery.routes.js';
import { sessionsRoutes } from './sessions.routes.js';

const tags = ['accounts'];

/** Sign-up, login and device approval (spec 000 §7.1); the rest of the module's routes hang off here. */
export const accountsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    '/v1/auth/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Log in with e-mail and password (DEV001 when the device needs its OTP)',
        body: loginBody,
        response: { 200: envelope(loginData) },
      },
    },
    async (request) =>
      ok(await login(deps, request.body, deviceIdOf(request), request.ip), 'Login successful'),
  );

  app.post(
    '/v1/auth/signup',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Create a user, their business and its first store',
        body: signupBody,
        response: { 201: envelope(loginData) },
      },
    },
    async (request, reply) => {
      const deviceId = deviceIdOf(request);
      if (!deviceId)
        throw badRequest('deviceID header is required: the app sends the id of the device it runs on.');
      await deps.rateLimiter.hit(`signup:ip:${request.ip}`, 20, 60 * 60);
      const created = await createBusinessWithOwner(deps.db, { ...request.body, deviceId });
      const data = await issueLogin(deps, {
        businessId: created.businessId,
        userId: created.userId,
        deviceId,
      });
      return reply.status(201).send(ok(data, 'Account created'));
    },
  );

  app.post(
    '/v1/auth/verify/device',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Approve this device with the 4-character code from the e-mail',
        body: verifyDeviceBody,
        response: { 200: envelope(loginData) },
      },
    },
    async (request) =>
      ok(await verifyDevice(deps, request.body, deviceIdOf(request), request.ip), 'Device verified'),
  );

  app.get(
    '/v1/auth/check/:email',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Whether an account already uses this e-mail',
        params: checkEmailParams,
        response: { 200: envelope(checkEmailData) },
      },
    },
    async (request) => ok({ exists: await emailExists(deps, request.params.email, request.ip) }),
  );

  await app.register(passwordRecoveryRoutes, deps);
  await app.register(sessionsRoutes, deps);
  await app.register(devicesRoutes, deps);
};
