import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvoicePayInstructions,
  PublicInvoice,
  SimulatedTransfer,
  SimulateTransferBody,
} from '@ms/contracts';
import { api, ApiError } from '@/lib/api-client';

/**
 * The client's side of an invoice (`/view-invoice?token=…`, no login). Every call is `auth: false`: no
 * one's token is sent (a business user opening a client's link stays who they are), and no answer of
 * these logs anyone out. Errors are shown on the page itself (`meta.silent`: no toast).
 */

/** How often the page asks for the invoice while the client may be paying. */
export const PAYMENT_POLL_MS = 5_000;

export const publicInvoiceKeys = {
  invoice: (token: string) => ['public-invoice', token] as const,
  transfer: (token: string, balance: number) => ['public-invoice', token, 'transfer', balance] as const,
  sandbox: ['public-invoice', 'sandbox'] as const,
};

const base = (token: string) => `/v1/public/invoices/${encodeURIComponent(token)}`;

/** The PDF's address: a plain link (the browser downloads it, no script needed). */
export const publicInvoicePdfUrl = (token: string) => `${base(token)}/pdf`;

export const fetchPublicInvoice = (token: string) => api.get<PublicInvoice>(base(token), { auth: false });

export const fetchPayInstructions = (token: string) =>
  api.get<InvoicePayInstructions>(`${base(token)}/payment/transfer`, { auth: false });

/** True when the link names no invoice (never was, or deleted): the page says so and nothing more. */
export const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Something is still owed: the client can pay, and the page waits for the payment. */
export const isOwed = (i: PublicInvoice | undefined): boolean =>
  !!i && i.status !== 'paid' && i.status !== 'cancelled' && i.balance > 0;

/** Naira to the kobo (sums of naira floats drift). */
export const roundNaira = (naira: number) => Math.round(naira * 100) / 100;

/** What the client would most likely send now: the next unpaid milestone's rest, else the balance. */
export const suggestedAmount = (invoice: PublicInvoice): number => {
  const next = invoice.milestones.find((m) => m.status === 'pending' || m.status === 'overdue');
  const rest = next ? roundNaira(next.amount_due - next.amount_paid) : 0;
  return rest > 0 ? Math.min(rest, invoice.balance) : invoice.balance;
};

/**
 * The invoice. `poll` (the client is paying): asked again every 5 s while the tab is visible, and at
 * once when the client comes back from the bank app, so a payment shows by itself; the asking stops
 * once nothing is owed.
 */
export const usePublicInvoice = (token: string, poll: boolean) =>
  useQuery({
    queryKey: publicInvoiceKeys.invoice(token),
    queryFn: () => fetchPublicInvoice(token),
    enabled: !!token,
    refetchInterval: (query) => (poll && isOwed(query.state.data) ? PAYMENT_POLL_MS : false),
    refetchOnWindowFocus: poll,
    meta: { silent: true },
  });

/**
 * Where to send the money. Asked again when the balance changes (a part payment landed), keeping the
 * account on screen meanwhile. 409: nothing is owed; 503: the bank cannot be reached (the page offers
 * "Try again").
 */
export const usePayInstructions = (token: string, balance: number, enabled: boolean) =>
  useQuery({
    queryKey: publicInvoiceKeys.transfer(token, balance),
    queryFn: () => fetchPayInstructions(token),
    enabled: !!token && enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    meta: { silent: true },
  });

/** Sandbox only: whether the payer's test bank is on (the server answers 404 when it is not). */
export const usePayerSandbox = (enabled: boolean) =>
  useQuery({
    queryKey: publicInvoiceKeys.sandbox,
    queryFn: () =>
      api.get<{ sandbox: boolean }>('/v1/sandbox/banking/payer', { auth: false }).then(
        (d) => d.sandbox === true,
        () => false,
      ),
    enabled,
    staleTime: Infinity,
    meta: { silent: true },
  });

/**
 * Sandbox only: the payer's bank sends money to the invoice's account (`outcome` is `applied` when it
 * landed); the invoice is asked again at once rather than at the next poll.
 */
export const useTestTransfer = (token: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulateTransferBody) =>
      api.post<SimulatedTransfer>('/v1/sandbox/banking/payer-transfers', body, { auth: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: publicInvoiceKeys.invoice(token), exact: true }),
    meta: { silent: true },
  });
};
