import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvoicePayInstructions, PublicInvoice } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import ViewInvoicePage from './view-invoice-page';

const TOKEN = 'tok_abc123';

const invoice = (over: Partial<PublicInvoice> = {}): PublicInvoice => ({
  business_name: 'Adaeze Fabrics',
  store_name: 'Yaba',
  number: 'INV-0001',
  client_name: 'Amaka Obi',
  status: 'sent',
  issue_date: '2026-11-15',
  due_date: '2026-11-29',
  items: [
    { name: 'Ankara fabric 6 yards', quantity: 2, price: 15_000, total: 30_000 },
    { name: 'Tailoring', quantity: 1, price: 10_000, total: 10_000 },
  ],
  taxes: [],
  subtotal: 40_000,
  discount_total: 0,
  tax_total: 0,
  total: 40_000,
  amount_paid: 0,
  amount_credited: 0,
  balance: 40_000,
  milestones: [
    {
      name: 'Deposit',
      amount: 20_000,
      due_date: '2026-11-20',
      status: 'pending',
      amount_due: 20_000,
      amount_paid: 0,
    },
    {
      name: 'On delivery',
      amount: 20_000,
      due_date: '2026-11-29',
      status: 'pending',
      amount_due: 20_000,
      amount_paid: 0,
    },
  ],
  notes: 'Thank you for your business.',
  ...over,
});

const paid = (): PublicInvoice =>
  invoice({
    status: 'paid',
    amount_paid: 40_000,
    balance: 0,
    milestones: invoice().milestones.map((m) => ({ ...m, status: 'paid', amount_paid: m.amount_due })),
  });

const account: InvoicePayInstructions = {
  method: 'transfer',
  bank_name: 'Sandbox Bank',
  account_number: '9912345678',
  account_name: 'Adaeze Fabrics INV-0001',
  amount: 40_000,
  reference: 'INV-0001',
};

type Answer = { status: number; data?: unknown; message?: string };
type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };

/**
 * The server at the network boundary: `routes` answers "METHOD /path" (a function is asked at every
 * call, so an answer can change between calls); anything else is a 404.
 */
const server = (routes: Record<string, Answer | (() => Answer)>) => {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(url, 'http://localhost').pathname;
    calls.push({
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const route = routes[`${method} ${path}`];
    const answer = (typeof route === 'function' ? route() : route) ?? { status: 404, message: 'Not found' };
    const ok = answer.status < 400;
    return new Response(
      JSON.stringify({ status: ok, message: answer.message ?? 'ok', data: ok ? answer.data : null }),
      { status: answer.status, headers: { 'Content-Type': 'application/json' } },
    );
  });
  return calls;
};

const INVOICE = `GET /v1/public/invoices/${TOKEN}`;
const TRANSFER = `GET /v1/public/invoices/${TOKEN}/payment/transfer`;
const SANDBOX = 'GET /v1/sandbox/banking/payer';
const PAYER_TRANSFER = 'POST /v1/sandbox/banking/payer-transfers';

const open = (token = TOKEN) => renderUi(<ViewInvoicePage />, { route: `/view-invoice?token=${token}` });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.title = '';
});

describe('the public invoice page', () => {
  it('shows the invoice to the client without a login', async () => {
    const calls = server({ [INVOICE]: { status: 200, data: invoice() } });
    open();
    expect(await screen.findByRole('heading', { name: 'Adaeze Fabrics' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Invoice INV-0001' })).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    expect(screen.getByText('Amaka Obi')).toBeTruthy();
    expect(screen.getByText('15 Nov 2026')).toBeTruthy();
    expect(screen.getAllByText('29 Nov 2026').length).toBeGreaterThan(0);
    // A phone (the tests' screen is narrow): the lines are a stacked list, not a table.
    const lines = screen.getByTestId('invoice-lines');
    expect(lines.tagName).not.toBe('TABLE');
    expect(within(lines).getByText('Tailoring')).toBeTruthy();
    expect(within(lines).getByText('2 × ₦15,000.00')).toBeTruthy();
    expect(screen.getByTestId('public-balance').textContent).toBe('₦40,000.00');
    expect(screen.getAllByTestId('public-milestone')).toHaveLength(2);
    expect(screen.getByText('Thank you for your business.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      `/v1/public/invoices/${TOKEN}/pdf`,
    );
    expect(screen.getByRole('button', { name: 'Pay by bank transfer' })).toBeTruthy();
    expect(document.title).toBe('Invoice INV-0001 from Adaeze Fabrics');
    // No one's token goes with a public call.
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('says only that the invoice is gone when the link names none', async () => {
    server({ [INVOICE]: { status: 404, message: 'Invoice not found' } });
    open();
    expect(await screen.findByText('This invoice is no longer available.')).toBeTruthy();
    expect(screen.queryByText(/Adaeze/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says the same without asking the server when the link has no token', async () => {
    const calls = server({});
    renderUi(<ViewInvoicePage />, { route: '/view-invoice' });
    expect(await screen.findByText('This invoice is no longer available.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('offers "Try again" when the invoice cannot be loaded', async () => {
    let fails = true;
    server({
      [INVOICE]: () =>
        fails ? { status: 500, message: 'Something broke' } : { status: 200, data: invoice() },
    });
    open();
    expect(await screen.findByText('Something broke')).toBeTruthy();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Invoice INV-0001' })).toBeTruthy();
  });

  it('shows the account to pay into, with a Copy button, and no test bank outside the sandbox', async () => {
    server({
      [INVOICE]: { status: 200, data: invoice() },
      [TRANSFER]: { status: 200, data: account },
      [SANDBOX]: { status: 404, message: 'Not found' },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by bank transfer' }));
    expect((await screen.findByTestId('pay-account-number')).textContent).toBe('9912345678');
    const box = screen.getByTestId('pay-account');
    expect(within(box).getByText('Sandbox Bank')).toBeTruthy();
    expect(within(box).getByText('Adaeze Fabrics INV-0001')).toBeTruthy();
    expect(within(box).getByText('₦40,000.00')).toBeTruthy();
    expect(within(box).getByText('INV-0001')).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Copy account number' })).toBeTruthy();
    expect(within(box).getByText(/Send ₦20,000.00 now for “Deposit”/)).toBeTruthy();
    expect(screen.getByText(/shows on this page by itself/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Test bank (sandbox)')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Send test transfer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(screen.getByText('Waiting for the bank to confirm your payment…')).toBeTruthy();
  });

  it("shows the server's word when nothing is owed (409)", async () => {
    server({
      [INVOICE]: { status: 200, data: invoice() },
      [TRANSFER]: { status: 409, message: 'This invoice is paid: nothing is owed.' },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by bank transfer' }));
    expect(await screen.findByText('This invoice is paid: nothing is owed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers "Try again" when the bank cannot be reached (503)', async () => {
    let down = true;
    server({
      [INVOICE]: { status: 200, data: invoice() },
      [TRANSFER]: () =>
        down
          ? { status: 503, message: 'The bank cannot be reached. Try again in a minute.' }
          : { status: 200, data: account },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by bank transfer' }));
    expect(await screen.findByText('The bank cannot be reached. Try again in a minute.')).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('pay-account-number')).textContent).toBe('9912345678');
  });

  it('pays with the test bank in the sandbox and thanks the client when the balance reaches zero', async () => {
    let current = invoice();
    const calls = server({
      [INVOICE]: () => ({ status: 200, data: current }),
      [TRANSFER]: { status: 200, data: account },
      [SANDBOX]: { status: 200, data: { sandbox: true } },
      [PAYER_TRANSFER]: () => {
        current = paid();
        return { status: 200, data: { event_id: 'e1', reference: 'r1', outcome: 'applied' } };
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by bank transfer' }));
    expect(await screen.findByText('Test bank (sandbox)')).toBeTruthy();
    // The first unpaid milestone's amount is offered.
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('20000');
    fireEvent.change(screen.getByLabelText('Payer name'), { target: { value: 'Amaka Obi' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '40000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test transfer' }));
    expect(await screen.findByText('Payment received — thank you')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      account_number: '9912345678',
      amount: 40_000,
      payer_name: 'Amaka Obi',
    });
    const heading = screen.getByRole('heading', { name: 'Invoice INV-0001' });
    expect(within(heading.parentElement!).getByText('Paid')).toBeTruthy();
    expect(screen.getByTestId('public-balance').textContent).toBe('₦0.0'); // formatMoney's zero;
    expect(screen.queryByRole('button', { name: 'Pay by bank transfer' })).toBeNull();
    expect(screen.queryByTestId('pay-account')).toBeNull();
  });

  it('asks for the invoice every 5 s while the client is paying, and shows a part payment by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = invoice();
    const calls = server({
      [INVOICE]: () => ({ status: 200, data: current }),
      [TRANSFER]: { status: 200, data: account },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by bank transfer' }));
    await screen.findByTestId('pay-account-number');
    const asked = () => calls.filter((c) => c.path === `/v1/public/invoices/${TOKEN}`).length;
    expect(asked()).toBe(1);
    // The deposit lands at the bank.
    current = invoice({
      status: 'partially_paid',
      amount_paid: 20_000,
      balance: 20_000,
      milestones: [
        { ...invoice().milestones[0]!, status: 'paid', amount_paid: 20_000 },
        invoice().milestones[1]!,
      ],
    });
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(asked()).toBe(2));
    expect(await screen.findByText('Partially paid')).toBeTruthy();
    expect(screen.getByText('Payment received — thank you')).toBeTruthy();
    expect(screen.getByText(/We received ₦20,000.00\. ₦20,000.00 is still due\./)).toBeTruthy();
    expect(screen.getByTestId('public-balance').textContent).toBe('₦20,000.00');
    // The account stays on screen for the rest.
    expect(screen.getByTestId('pay-account-number')).toBeTruthy();
  });

  it('does not ask again while the client is only reading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = server({ [INVOICE]: { status: 200, data: invoice() } });
    open();
    await screen.findByRole('heading', { name: 'Invoice INV-0001' });
    await vi.advanceTimersByTimeAsync(12_000);
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['paid', paid(), 'Payment received — thank you'],
    ['cancelled', invoice({ status: 'cancelled' }), 'This invoice was cancelled'],
  ])('offers no payment on a %s invoice', async (_, data, says) => {
    server({ [INVOICE]: { status: 200, data } });
    open();
    expect(await screen.findByText(says)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay by bank transfer' })).toBeNull();
  });
});
