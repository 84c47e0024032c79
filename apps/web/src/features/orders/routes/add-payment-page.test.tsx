import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router';
import { renderUi } from '@/components/ui/test-utils';
import { sessionStore } from '@/lib/session-store';
import { BUSINESS, order, server, signIn } from '../test-data';
import AddPaymentPage from './add-payment-page';

const ID = order()._id;
const ORDER = `GET /v1/orders/businesses/${BUSINESS}/${ID}`;
const RECORD = 'PATCH /v1/orders/recordpayment/';

const open = () =>
  renderUi(
    <Routes>
      <Route path="/add-payment/:id" element={<AddPaymentPage />} />
      <Route path="/order-details/:id" element={<p>Order details screen</p>} />
    </Routes>,
    { route: `/add-payment/${ID}` },
  );

const paid = () => order({ amount_paid: 9_500, balance: 0, payment_status: 'paid', payments: [] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.clearAll();
});

describe('/add-payment/{id}', () => {
  it('starts at the balance, and a double tap records the payment once', async () => {
    signIn('Admin');
    const toast = vi.spyOn(notifications, 'show');
    let answer: (() => void) | undefined;
    const calls = server({
      [ORDER]: { status: 200, data: order() },
      [RECORD]: () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 200, data: paid() });
        }),
    });
    open();
    const amount = (await screen.findByLabelText(/Amount received/)) as HTMLInputElement;
    expect(amount.value).toBe('9,500');
    const save = screen.getByRole('button', { name: 'Save payment' });
    fireEvent.click(save);
    fireEvent.click(save);
    fireEvent.submit(save.closest('form')!);
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByText('Order details screen')).toBeTruthy();
    const sent = calls.filter((c) => c.method === 'PATCH');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      order_id: ID,
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      method: 'cash',
      amount: 9500,
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Payment recorded' }));
  });

  it('Save again after a failure sends the same id, so the server records it once', async () => {
    signIn('Admin');
    let tries = 0;
    const calls = server({
      [ORDER]: { status: 200, data: order() },
      [RECORD]: () =>
        ++tries === 1 ? { status: 503, message: 'Try again shortly' } : { status: 200, data: paid() },
    });
    open();
    await screen.findByLabelText(/Amount received/);
    fireEvent.change(screen.getByLabelText(/Amount received/), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Reference (optional)'), { target: { value: 'POS 4411' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(tries).toBe(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save payment' }).hasAttribute('data-loading')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save payment' }));
    expect(await screen.findByText('Order details screen')).toBeTruthy();
    const bodies = calls.filter((c) => c.method === 'PATCH').map((c) => c.body as Record<string, unknown>);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ amount: 5000, reference: 'POS 4411' });
    expect(bodies[1]!._id).toBe(bodies[0]!._id);
  });

  it('takes no more than what is still to pay', async () => {
    signIn('Admin');
    const calls = server({ [ORDER]: { status: 200, data: order() } });
    open();
    fireEvent.change(await screen.findByLabelText(/Amount received/), { target: { value: '10000' } });
    expect(await screen.findByText('No more than the ₦9,500.00 still to pay.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save payment' }).hasAttribute('disabled')).toBe(true);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('a fully paid order has nothing to record', async () => {
    signIn('Admin');
    server({ [ORDER]: { status: 200, data: paid() } });
    open();
    expect(await screen.findByText('This order is paid in full. Nothing is left to pay.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save payment' })).toBeNull();
  });

  it('a role without manage orders is told so and asks nothing', async () => {
    signIn('staff', ['online_store.view_orders']);
    const calls = server({});
    open();
    expect(await screen.findByText(/Your role does not let you record payments/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });
});
