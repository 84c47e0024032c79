import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderList } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { sessionStore } from '@/lib/session-store';
import { BUSINESS, order, server, signIn } from '../test-data';
import OrdersPage from './orders-page';

const LIST = `GET /v1/orders/businesses/${BUSINESS}`;

const list = (over: Partial<OrderList> = {}): OrderList => ({
  items: [
    order(),
    order({
      _id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      number: 'ORD-0006',
      shopper_name: 'Tunde Bakare',
      shopper_phone: '08059876543',
      status: 'confirmed',
      payment_status: 'paid',
      amount_paid: 4_000,
      balance: 0,
      total: 4_000,
      items: [
        {
          _id: 'l9',
          product_id: 'p9',
          variety_id: null,
          name: 'Indomie (carton)',
          quantity: 1,
          price: 4_000,
          total: 4_000,
        },
      ],
      fulfilment: 'pickup',
    }),
  ],
  total: 2,
  page: 1,
  limit: 20,
  sums: [
    { status: 'pending', count: 3, total: 21_000 },
    { status: 'confirmed', count: 2, total: 8_000 },
    { status: 'delivered', count: 5, total: 40_000 },
  ],
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clearAll();
});

describe('/orders', () => {
  it('shows the status tabs with their counts, and a row per order', async () => {
    signIn('Admin');
    const calls = server({ [LIST]: { status: 200, data: list() } });
    renderUi(<OrdersPage />);
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByText('All (10)')).toBeTruthy();
    expect(screen.getByText('Pending (3)')).toBeTruthy();
    expect(screen.getByText('Confirmed (2)')).toBeTruthy();
    expect(screen.getByText('Ready (0)')).toBeTruthy();
    expect(screen.getByText('Delivered (5)')).toBeTruthy();
    expect(screen.getByText('Cancelled (0)')).toBeTruthy();

    const first = within(rows[0]!);
    expect(first.getByText('ORD-0007')).toBeTruthy();
    expect(first.getByText('Chiamaka Eze')).toBeTruthy();
    expect(first.getByText('5 items · Delivery')).toBeTruthy();
    expect(first.getByText('₦9,500.00')).toBeTruthy();
    expect(first.getByText('Unpaid')).toBeTruthy();
    expect(first.getByText('Pending')).toBeTruthy();
    // The business's time (Lagos, UTC+1).
    expect(first.getByText(/20 Nov 2026, 10:00/)).toBeTruthy();
    expect(rows[0]!.getAttribute('href')).toBe('/order-details/0f1e2d3c-4b5a-4697-8879-6a5b4c3d2e1f');
    const second = within(rows[1]!);
    expect(second.getByText('1 item · Pickup')).toBeTruthy();
    expect(second.getByText('Paid')).toBeTruthy();
    expect(second.getByText('Confirmed')).toBeTruthy();

    // A tab asks the server for that status.
    fireEvent.click(screen.getByText('Pending (3)'));
    await waitFor(() => expect(calls.some((c) => c.query.get('status') === 'pending')).toBe(true));
  });

  it('searches by number, name or phone', async () => {
    signIn('Admin');
    const calls = server({ [LIST]: { status: 200, data: list() } });
    renderUi(<OrdersPage />);
    await screen.findAllByTestId('order-row');
    fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: '0803' } });
    await waitFor(() => expect(calls.some((c) => c.query.get('search') === '0803')).toBe(true));
  });

  it('asks the server nothing for a role without the order permissions', async () => {
    signIn('cashier', ['pos.make_sale']);
    const calls = server({});
    renderUi(<OrdersPage />);
    expect(await screen.findByText(/Your role does not let you see online orders/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path.includes('/orders'))).toEqual([]);
  });

  it('offline, says the orders need a connection', async () => {
    signIn('Admin');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderUi(<OrdersPage />);
    expect(await screen.findByText('Could not load the orders', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
