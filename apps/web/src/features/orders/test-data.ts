import { vi } from 'vitest';
import type { LoginData, Order } from '@ms/contracts';
import { sessionStore } from '@/lib/session-store';

/** Unit tests only: a signed-in business, contract-shaped orders and the server at the network boundary. */

export const BUSINESS = 'b-orders-1';

export const signIn = (role: string, permissions: string[] = []) =>
  sessionStore.loginWith({
    token: 't',
    token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    user: { _id: 'u1', role, permissions, stores: [] },
    business: {
      _id: BUSINESS,
      name: 'Mama Nkechi Provisions',
      timezone: 'Africa/Lagos',
      online_store_enabled: true,
      stores: [],
    },
  } as unknown as LoginData);

export const order = (over: Partial<Order> = {}): Order => ({
  _id: '0f1e2d3c-4b5a-4697-8879-6a5b4c3d2e1f',
  number: 'ORD-0007',
  store_id: 's-lekki',
  store_name: 'Lekki',
  status: 'pending',
  fulfilment: 'delivery',
  payment_method: 'on_delivery',
  payment_status: 'unpaid',
  shopper_name: 'Chiamaka Eze',
  shopper_phone: '08031234567',
  shopper_email: 'chiamaka@example.ng',
  delivery_address: '12 Admiralty Way, Lekki Phase 1',
  delivery_zone: 'Lekki',
  note: null,
  items: [
    {
      _id: 'l1',
      product_id: 'p1',
      variety_id: null,
      name: 'Peak Milk 400g',
      quantity: 2,
      price: 2_500,
      total: 5_000,
    },
    {
      _id: 'l2',
      product_id: 'p2',
      variety_id: null,
      name: 'Golden Penny Spaghetti',
      quantity: 3,
      price: 1_000,
      total: 3_000,
    },
  ],
  fees: [{ _id: 'f1', name: 'Delivery', amount: 1_500, created_at: '2026-11-20T09:05:00.000Z' }],
  subtotal: 8_000,
  fee_total: 1_500,
  total: 9_500,
  amount_paid: 0,
  balance: 9_500,
  refund_due: 0,
  payments: [],
  history: [{ status: 'pending', note: null, at: '2026-11-20T09:00:00.000Z', by_name: null }],
  stock_state: 'held',
  sale_id: null,
  link: '/shop/mama-nkechi/order/tok123',
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:05:00.000Z',
  ...over,
});

type Answer = { status: number; data?: unknown; message?: string };
export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

/**
 * The server at the network boundary: `routes` answers "METHOD /path" (a function is asked at every
 * call); anything else is a 404.
 */
export const server = (routes: Record<string, Answer | ((call: Call) => Answer | Promise<Answer>)>) => {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const u = new URL(url, 'http://localhost');
    const call: Call = {
      method,
      path: u.pathname,
      query: u.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${u.pathname}`];
    const answer = (typeof route === 'function' ? await route(call) : route) ?? {
      status: 404,
      message: 'Not found',
    };
    const ok = answer.status < 400;
    return new Response(
      JSON.stringify({ status: ok, message: answer.message ?? 'ok', data: ok ? answer.data : null }),
      { status: answer.status, headers: { 'Content-Type': 'application/json' } },
    );
  });
  return calls;
};
