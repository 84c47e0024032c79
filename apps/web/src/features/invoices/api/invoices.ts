import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fromKobo,
  invoiceBodyTotals,
  type CreateInvoiceBody,
  type Invoice,
  type InvoiceList,
  type InvoicePayInstructions,
  type InvoiceStatus,
  type UpdateInvoiceBody,
} from '@ms/contracts';
import { enqueue, useLocalTable } from '@/offline';
import { ApiError, api } from '@/lib/api-client';
import { hasPermission, useBusinessId, useSession } from '@/lib/session-store';

/** React-query keys; every invoice query starts with ['invoices', businessId]. */
export const invoiceKeys = {
  all: (b: string) => ['invoices', b] as const,
  list: (b: string, params: InvoiceListParams) => ['invoices', b, 'list', params] as const,
  detail: (b: string, id: string) => ['invoices', b, 'detail', id] as const,
  pay: (b: string, id: string) => ['invoices', b, 'pay', id] as const,
};

export type InvoiceListParams = {
  page: number;
  limit: number;
  status: InvoiceStatus | null;
  search: string;
  client?: string | null;
};

/** A record of the local `invoices` table: an invoice downloaded, or one drafted here and not uploaded yet. */
export type LocalInvoice = Invoice & { _pending?: boolean };

export const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

/** A uuid made on this device: the invoice's id, so a retried (or offline) save records it once. */
export const deviceUuid = (): string => crypto.randomUUID();

const matches = (i: LocalInvoice, p: InvoiceListParams) => {
  const needle = p.search.trim().toLowerCase();
  return (
    (!p.status || i.status === p.status) &&
    (!p.client || i.client === p.client) &&
    (!needle ||
      (i.number ?? '').toLowerCase().includes(needle) ||
      i.client_name.toLowerCase().includes(needle) ||
      (i.client_phone ?? '').includes(needle))
  );
};

/**
 * The invoice list: the server's page (filters, sums per status) with the invoices drafted on this
 * device and not uploaded yet on top; offline, the invoices kept on this device (spec 000 §1).
 */
export const useInvoiceList = (params: InvoiceListParams) => {
  const b = useBusinessId();
  // A role that may not read invoices never asks (the screen says so instead of a failed request).
  const allowed = hasPermission(useSession(), 'invoices.view');
  const online = useQuery({
    queryKey: invoiceKeys.list(b, params),
    queryFn: ({ signal }) =>
      api.get<InvoiceList>(`/v1/invoices/businesses/${b}`, {
        query: {
          page: params.page,
          limit: params.limit,
          status: params.status ?? undefined,
          search: params.search.trim() || undefined,
          client: params.client ?? undefined,
        },
        signal,
      }),
    enabled: !!b && allowed,
    placeholderData: keepPreviousData,
  });
  const local = useLocalTable<LocalInvoice>(b, 'invoices');
  const pending = (local ?? []).filter((i) => i._pending && matches(i, params));
  if (online.data) {
    const ids = new Set(online.data.items.map((i) => i._id));
    return {
      ...online,
      offline: false,
      pending: pending.filter((i) => !ids.has(i._id)),
      data: online.data,
    };
  }
  if (online.isError && local) {
    const items = local
      .filter((i) => matches(i, params))
      .sort(
        (a, b2) =>
          b2.issue_date.localeCompare(a.issue_date) || (b2.number ?? '').localeCompare(a.number ?? ''),
      );
    const start = (params.page - 1) * params.limit;
    return {
      ...online,
      offline: true,
      pending: [],
      data: {
        items: items.slice(start, start + params.limit),
        total: items.length,
        page: params.page,
        limit: params.limit,
        sums: [],
        metaData: { lastUpdate: 0, recordsRemoved: [] },
      } satisfies InvoiceList,
    };
  }
  return { ...online, offline: false, pending, data: undefined };
};

/** One invoice: from the server, or (offline) as kept on this device. */
export const useInvoice = (id: string) => {
  const b = useBusinessId();
  const allowed = hasPermission(useSession(), 'invoices.view');
  const online = useQuery({
    queryKey: invoiceKeys.detail(b, id),
    queryFn: () => api.get<Invoice>(`/v1/invoices/${id}`),
    enabled: !!b && !!id && allowed,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const local = useLocalTable<LocalInvoice, LocalInvoice | undefined>(b, 'invoices', (t) => t.get(id), [id]);
  const data: LocalInvoice | undefined = online.data ?? (online.isError || !online.data ? local : undefined);
  return { ...online, data, fromDevice: !online.data && !!local };
};

/** How to pay by transfer: the invoice's own account (opened the first time it is asked for). */
export const usePayInstructions = (id: string, enabled: boolean) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: invoiceKeys.pay(b, id),
    queryFn: () => api.get<InvoicePayInstructions>(`/v1/invoices/businesses/${b}/${id}/payment/transfer`),
    enabled: enabled && !!b && !!id,
    retry: false,
    meta: { silent: true },
  });
};

/** What a draft made offline looks like on this device until the server records it. */
const draftOf = (
  b: CreateInvoiceBody,
  names: { store: string; client: string; email: string | null; phone: string | null },
): LocalInvoice => {
  const items = b.items.map((l) => ({ ...l, price: l.price ?? 0 }));
  const t = invoiceBodyTotals({ ...b, items, taxes: b.taxes ?? [] });
  const now = new Date().toISOString();
  return {
    _id: b._id,
    number: null,
    store_id: b.store_id,
    store_name: names.store,
    client: b.client,
    client_name: names.client,
    client_email: names.email,
    client_phone: names.phone,
    status: 'draft',
    order_status: 'pending',
    order_note: null,
    issue_date: b.issue_date,
    due_date: b.due_date,
    items: items.map((l, i) => ({
      _id: `${b._id}-${i}`,
      product_id: l.product_id ?? null,
      variety_id: l.variety_id ?? null,
      name: l.name ?? '',
      quantity: l.quantity,
      price: l.price,
      discount_type: l.discount_type ?? null,
      discount: l.discount ?? null,
      total: fromKobo(t.lines[i]?.totalKobo ?? 0),
    })),
    discount_type: b.discount_type ?? null,
    discount: b.discount ?? null,
    taxes: t.taxes.map((x) => ({ name: x.name, rate: x.ratePercent, amount: fromKobo(x.amountKobo) })),
    subtotal: fromKobo(t.subtotalKobo),
    discount_total: fromKobo(t.discountTotalKobo),
    tax_total: fromKobo(t.taxTotalKobo),
    total: fromKobo(t.totalKobo),
    amount_paid: 0,
    amount_credited: 0,
    balance: fromKobo(t.totalKobo),
    refund_due: 0,
    milestones: (b.milestones ?? []).map((m, i) => ({
      _id: m._id ?? `${b._id}-m${i}`,
      name: m.name,
      amount: m.amount,
      due_date: m.due_date,
      status: 'pending',
      amount_due: m.amount,
      amount_paid: 0,
    })),
    payments: [],
    credit_notes: [],
    notes: b.notes ?? null,
    reminder_days: b.reminder_days ?? [],
    link: '',
    sent_at: null,
    last_reminder_at: null,
    created_at: now,
    updated_at: now,
    _pending: true,
  };
};

export type SaveInvoiceResult = { invoice: LocalInvoice; offline: boolean };

/**
 * POST /v1/invoices/ under a device-made `_id`. With no network the draft is kept on this device and
 * queued: it uploads like a sale (POST /v1/invoices/sync, answered record by record) and gets its
 * number then. Sending needs the network.
 */
export const useCreateInvoice = () => {
  const b = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      body: CreateInvoiceBody;
      names: { store: string; client: string; email: string | null; phone: string | null };
    }): Promise<SaveInvoiceResult> => {
      try {
        return { invoice: await api.post<Invoice>('/v1/invoices/', input.body), offline: false };
      } catch (error) {
        if (!isNetworkError(error) || input.body.send) throw error;
        const { send: _send, ...body } = input.body;
        const draft = draftOf(body, input.names);
        // Shown from the draft; uploaded as the body (tables.ts: the invoices uploader sends `body`).
        await enqueue(b, 'invoices', { ...draft, body });
        return { invoice: draft, offline: true };
      }
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all(b) }),
  });
};

const useInvoiceMutation = <V>(call: (vars: V) => Promise<Invoice | null>) => {
  const b = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (invoice) => {
      if (invoice) qc.setQueryData(invoiceKeys.detail(b, invoice._id), invoice);
      return qc.invalidateQueries({ queryKey: invoiceKeys.all(b) });
    },
  });
};

export const useUpdateInvoice = (id: string) =>
  useInvoiceMutation((body: UpdateInvoiceBody) => api.patch<Invoice>(`/v1/invoices/${id}`, body));

export const useDeleteInvoice = (id: string) =>
  useInvoiceMutation(async () => {
    await api.delete(`/v1/invoices/${id}`);
    return null;
  });

export const useSendInvoice = () =>
  useInvoiceMutation(
    async (body: {
      invoice_id: string;
      kind: 'send' | 'resend' | 'reminder';
      email?: string;
      message?: string;
    }) => (await api.post<{ invoice: Invoice; email: string }>('/v1/invoices/actions/send', body)).invoice,
  );

export const useLogPayment = (id: string) =>
  useInvoiceMutation(
    (body: { _id: string; method: string; amount: number; paid_at?: string; reference?: string }) =>
      api.put<Invoice>(`/v1/invoices/${id}/payments/log`, body),
  );

export const usePayMilestone = (id: string) =>
  useInvoiceMutation((vars: { milestoneId: string; method: string; reference?: string }) =>
    api.patch<Invoice>(`/v1/invoices/${id}/milestones/${vars.milestoneId}`, {
      status: 'paid',
      method: vars.method,
      reference: vars.reference || undefined,
    }),
  );

export const useOrderStatus = (id: string) =>
  useInvoiceMutation((body: { order_status: string; order_note: string | null }) =>
    api.patch<Invoice>(`/v1/invoices/${id}/orderstatus`, body),
  );

export const useCreditNote = (id: string) =>
  useInvoiceMutation((body: { _id: string; amount: number; reason: string }) =>
    api.post<Invoice>(`/v1/invoices/${id}/credit-notes`, body),
  );

/** The invoice's PDF, saved by the browser. */
export const downloadInvoicePdf = (invoice: Pick<Invoice, '_id' | 'number'>) =>
  api.download('GET', `/v1/invoices/${invoice._id}/pdf`, `${invoice.number ?? 'invoice'}.pdf`);
