import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router';
import type { Order, OrderPayInstructions } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { sessionStore } from '@/lib/session-store';
import { BUSINESS, order, server, signIn } from '../test-data';
import OrderDetailsPage from './order-details-page';

const ID = order()._id;
const ORDER = `GET /v1/orders/businesses/${BUSINESS}/${ID}`;
const PAY = `GET /v1/orders/businesses/${BUSINESS}/${ID}/payment/transfer`;
const UPDATE = 'PATCH /v1/orders/update/';

const account: OrderPayInstructions = {
  method: 'transfer',
  bank_name: 'Sandbox Bank',
  account_number: '9912345678',
  account_name: 'Mama Nkechi ORD-0007',
  amount: 9_500,
  reference: 'ORD-0007',
};

const open = () =>
  renderUi(
    <Routes>
      <Route path="/order-details/:id" element={<OrderDetailsPage />} />
      <Route path="/add-payment/:id" element={<p>Add payment screen</p>} />
    </Routes>,
    { route: `/order-details/${ID}` },
  );

const actionLabels = async () => {
  const actions = await screen.findByTestId('order-actions');
  return within(actions)
    .getAllByRole('button')
    .map((b) => b.textContent);
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.clearAll();
});

describe('/order-details/{id}', () => {
  it('shows the shopper, the items, the money and the order page link', async () => {
    signIn('Admin');
    server({ [ORDER]: { status: 200, data: order() }, [PAY]: { status: 200, data: account } });
    open();
    expect(await screen.findByText('Order ORD-0007')).toBeTruthy();
    expect(screen.getByText('Chiamaka Eze')).toBeTruthy();
    expect(screen.getByRole('link', { name: /08031234567/ }).getAttribute('href')).toBe('tel:08031234567');
    expect(screen.getByText('12 Admiralty Way, Lekki Phase 1')).toBeTruthy();
    expect(screen.getAllByTestId('order-line')).toHaveLength(2);
    expect(screen.getByTestId('order-total').textContent).toBe('₦9,500.00');
    expect(screen.getByTestId('order-balance').textContent).toBe('₦9,500.00');
    // The order's own account, to read to a shopper on the phone.
    expect(await screen.findByText('9912345678')).toBeTruthy();
    expect(screen.getByTestId('order-link').textContent).toBe(
      `${window.location.origin}/shop/mama-nkechi/order/tok123`,
    );
    expect(screen.queryByTestId('order-refund')).toBeNull();
  });

  it('offers the next steps of the status, in words', async () => {
    signIn('Admin');
    server({ [ORDER]: { status: 200, data: order() }, [PAY]: { status: 200, data: account } });
    open();
    expect(await actionLabels()).toEqual(['Confirm order', 'Record payment', 'Add fee', 'Cancel order']);
  });

  it('a ready pickup is delivered, not shipped; unpaid, it says to record the payment first', async () => {
    signIn('Admin');
    server({
      [ORDER]: { status: 200, data: order({ status: 'ready', fulfilment: 'pickup' }) },
      [PAY]: { status: 200, data: account },
    });
    open();
    expect(await actionLabels()).toEqual(['Mark delivered', 'Record payment', 'Add fee', 'Cancel order']);
    expect(screen.getByRole('button', { name: 'Mark delivered' }).hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText('Record the rest of the payment before marking this order delivered.'),
    ).toBeTruthy();
  });

  it('a ready delivery is shipped; a delivered order offers nothing', async () => {
    signIn('Admin');
    server({
      [ORDER]: { status: 200, data: order({ status: 'ready' }) },
      [PAY]: { status: 200, data: account },
    });
    open();
    expect(await actionLabels()).toEqual(['Mark shipped', 'Record payment', 'Add fee', 'Cancel order']);
    cleanup();
    server({
      [ORDER]: {
        status: 200,
        data: order({ status: 'delivered', payment_status: 'paid', amount_paid: 9_500, balance: 0 }),
      },
    });
    open();
    expect(await screen.findByText('Order ORD-0007')).toBeTruthy();
    expect(screen.queryByTestId('order-actions')).toBeNull();
    expect(screen.queryByTestId('order-pay-account')).toBeNull();
  });

  it('a role that may only view orders gets no buttons', async () => {
    signIn('staff', ['online_store.view_orders']);
    server({ [ORDER]: { status: 200, data: order() }, [PAY]: { status: 200, data: account } });
    open();
    expect(await screen.findByText('Order ORD-0007')).toBeTruthy();
    expect(screen.queryByTestId('order-actions')).toBeNull();
  });

  it('shows the server refusing a step (409) in a toast', async () => {
    signIn('Admin');
    const toast = vi.spyOn(notifications, 'show');
    const calls = server({
      [ORDER]: { status: 200, data: order() },
      [PAY]: { status: 200, data: account },
      [UPDATE]: { status: 409, message: 'This order is cancelled; its status cannot change.' },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          message: 'This order is cancelled; its status cannot change.',
        }),
      ),
    );
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { order_id: ID, status: 'confirmed' },
    ]);
  });

  it('cancelling asks for the reason and sends it', async () => {
    signIn('Admin');
    let current: Order = order({ amount_paid: 2_000, balance: 7_500, payment_status: 'partially_paid' });
    const calls = server({
      [ORDER]: () => ({ status: 200, data: current }),
      [PAY]: { status: 200, data: account },
      [UPDATE]: () => {
        current = {
          ...current,
          status: 'cancelled',
          balance: 0,
          refund_due: 2_000,
          stock_state: 'released',
        };
        return { status: 200, data: current };
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The shopper has paid ₦2,000.00/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Cancel order' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Why is it cancelled/), {
      target: { value: 'Out of Peak Milk' },
    });
    fireEvent.click(confirm);
    expect(await screen.findByTestId('order-refund')).toBeTruthy();
    expect(screen.getByTestId('order-refund').textContent).toBe('₦2,000.00');
    expect(
      screen.getByText('Money was received for this cancelled order. You must refund it to the shopper.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { order_id: ID, status: 'cancelled', note: 'Out of Peak Milk' },
    ]);
  });

  it('adds a fee under one id made on the device', async () => {
    signIn('Admin');
    const calls = server({
      [ORDER]: { status: 200, data: order() },
      [PAY]: { status: 200, data: account },
      'PATCH /v1/orders/addfee/': () => ({ status: 200, data: order() }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add fee' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('What is it for?') as HTMLInputElement).value).toBe('Delivery');
    fireEvent.change(within(dialog).getByLabelText('Amount (₦)'), { target: { value: '1500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add fee' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const body = calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ order_id: ID, name: 'Delivery', amount: 1500 });
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('Record payment opens the payment screen', async () => {
    signIn('Admin');
    server({ [ORDER]: { status: 200, data: order() }, [PAY]: { status: 200, data: account } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Add payment screen')).toBeTruthy();
  });
});
