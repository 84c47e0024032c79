import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  otpInitiateBody,
  otpInitiateData,
  otpVerifyBody,
  otpVerifyData,
  recoverPasswordBody,
  recoverPasswordData,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { ok } from '../../plugins/envelope.js';
import { initiateOtp, recoverPassword, verifyOtp } from './password-recovery.service.js';

const tags = ['accounts'];

/** Forgot password (spec 000 §2.1 /forgot-password, §7.1). */
export const passwordRecoveryRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    '/v1/auth/otp/initiate',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'E-mail a 6-digit password reset code',
        body: otpInitiateBody,
        response: { 200: envelope(otpInitiateData) },
      },
    },
    async (request) =>
      ok(await initiateOtp(deps, request.body, request.ip), 'We sent a 6-digit code to your e-mail.'),
  );

  app.post(
    '/v1/auth/otp/verify',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Trade the e-mailed code for a reset token valid 15 minutes',
        body: otpVerifyBody,
        response: { 200: envelope(otpVerifyData) },
      },
    },
    async (request) => ok(await verifyOtp(deps, request.body, request.ip), 'Code verified'),
  );

  app.patch(
    '/v1/auth/recover/password',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with the reset token; logs the user out everywhere',
        body: recoverPasswordBody,
        response: { 200: envelope(recoverPasswordData) },
      },
    },
    async (request) => {
      await recoverPassword(deps, request.body, request.ip);
      return ok(null, 'Your password has been changed. Log in with your new password.');
    },
  );
};
