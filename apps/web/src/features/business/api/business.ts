import { useMutation } from '@tanstack/react-query';
import type { BusinessData, UpdateBusinessBody } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

/** PATCH /v1/businesses/{id} — company information; the answer is the whole business. */
export const updateBusiness = ({ id, body }: { id: string; body: UpdateBusinessBody }) =>
  api.patch<BusinessData>(`/v1/businesses/${id}`, body);

export const useUpdateBusiness = () =>
  useMutation({
    mutationFn: updateBusiness,
    meta: { silent: true },
    // The top bar, switcher and every screen read the business from the session.
    onSuccess: (business) => sessionStore.update({ business }),
  });
