import { useMutation } from '@tanstack/react-query';
import type { LoginData, SignupBody } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { describeDevice } from '@/lib/device';

/** POST /v1/auth/signup: creates the user, the business and its first store, and logs in. */
export type SignupInput = Omit<SignupBody, 'device'>;

export const signup = (input: SignupInput) =>
  api.post<LoginData>('/v1/auth/signup', { ...input, device: describeDevice() }, { auth: false });

export const useSignupMutation = () => useMutation({ mutationFn: signup, meta: { silent: true } });
