import { useMutation } from '@tanstack/react-query';
import type { LoginData } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { describeDevice } from '@/lib/device';

/** POST /v1/auth/login. A device the business has not approved answers 403 with code DEV001. */
export type LoginInput = { email: string; password: string };

export const login = (input: LoginInput) =>
  api.post<LoginData>('/v1/auth/login', { ...input, device: describeDevice() }, { auth: false });

/** The page shows the error itself (and DEV001 is not an error to the user). */
export const useLoginMutation = () => useMutation({ mutationFn: login, meta: { silent: true } });
