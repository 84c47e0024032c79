import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/auth/check/{email}: whether an account already uses this e-mail. */
export const checkEmail = (email: string) =>
  api.get<{ exists: boolean }>(`/v1/auth/check/${encodeURIComponent(email)}`, { auth: false });

/** A mutation, not a query: it runs on blur, and a failed check must not block sign-up. */
export const useCheckEmailMutation = () => useMutation({ mutationFn: checkEmail, meta: { silent: true } });
