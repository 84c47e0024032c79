import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceParams,
  devicesData,
  envelope,
  removeDeviceData,
  toggleOtpBody,
  toggleOtpData,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { adminOnly, authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { devicesOf, removeDevice, toggleDeviceOtp } from './devices.service.js';

const tags = ['accounts'];

/** Security settings (admin): the business's devices and the device-OTP switch. */
export const devicesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/auth/merchant/devices',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "The business's devices that are not removed",
        response: { 200: envelope(devicesData) },
      },
    },
    async (request) => ok(await devicesOf(deps, authOf(request))),
  );

  app.delete(
    '/v1/auth/merchant/device/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Remove a device; its tokens then answer "Device not recognized"',
        params: deviceParams,
        response: { 200: envelope(removeDeviceData) },
      },
    },
    async (request) => ok(null, await removeDevice(deps, authOf(request), request.params.id)),
  );

  app.post(
    '/api/wallet/toggleotpsettings',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Turn on or off the e-mailed code for logins from new devices',
        body: toggleOtpBody,
        response: { 200: envelope(toggleOtpData) },
      },
    },
    async (request) => {
      const data = await toggleDeviceOtp(deps, authOf(request), request.body.enabled);
      return ok(data, data.require_device_otp ? 'Device OTP turned on' : 'Device OTP turned off');
    },
  );
};
