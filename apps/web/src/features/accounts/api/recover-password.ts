import { useMutation } from '@tanstack/react-query';
import type { RecoverPasswordBody } from '@ms/contracts';
import { api } from '@/lib/api-client';

/** PATCH /v1/auth/recover/password: sets the new password with the reset token. */
export const recoverPassword = (input: RecoverPasswordBody) =>
  api.patch<null>('/v1/auth/recover/password', input, { auth: false });

export const useRecoverPasswordMutation = () =>
  useMutation({ mutationFn: recoverPassword, meta: { silent: true } });
