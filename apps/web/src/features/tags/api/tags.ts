import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTagBody, Tag, UpdateTagBody } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

export const tagKeys = {
  all: (businessId: string) => ['tags', businessId] as const,
};

const base = (businessId: string) => `/v2/business/${businessId}/product/tags`;

/** GET /v2/business/{b}/product/tags — every tag of the business, by label. */
export const getTags = (businessId: string) => api.get<Tag[]>(base(businessId));
export const createTag = (businessId: string, body: CreateTagBody) => api.post<Tag>(base(businessId), body);
export const updateTag = (businessId: string, body: UpdateTagBody) => api.put<Tag>(base(businessId), body);
export const deleteTag = (businessId: string, id: string) =>
  api.delete<{ _id: string }>(`${base(businessId)}/${id}`);

/** The business's tags (react-query), for the tag screen and the product form. */
export const useTags = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: tagKeys.all(businessId),
    queryFn: () => getTags(businessId),
    enabled: !!businessId,
  });
};

/** Create, edit and delete tags; each refetches the list. Failures are shown by the caller (meta.silent). */
export const useTagMutations = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: tagKeys.all(businessId) });
  return {
    create: useMutation({
      mutationFn: (body: CreateTagBody) => createTag(businessId, body),
      meta: { silent: true },
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (body: UpdateTagBody) => updateTag(businessId, body),
      meta: { silent: true },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => deleteTag(businessId, id),
      meta: { silent: true },
      onSuccess,
    }),
  };
};
