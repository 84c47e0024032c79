import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /v1/auth/logout {user_id}. The server logs out the session of the token sent, so logging
 * out another saved user sends that user's token.
 */
export const logout = (input: { userId: string; token?: string }) =>
  api.post<null>('/v1/auth/logout', { user_id: input.userId }, { token: input.token });

export const useLogoutMutation = () => useMutation({ mutationFn: logout });
