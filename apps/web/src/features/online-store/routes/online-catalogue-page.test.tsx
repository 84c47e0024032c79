import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoginData, OnlineCatalogueItem, OnlineStore } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { sessionStore } from '@/lib/session-store';
import OnlineCataloguePage from './online-catalogue-page';

const BUSINESS = 'b-online-store-1';

const signIn = (role: string, permissions: string[] = []) =>
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

const shop = (over: Partial<OnlineStore> = {}): OnlineStore => ({
  enabled: true,
  slug: 'mama-nkechi',
  name: 'Mama Nkechi Provisions',
  about: 'Provisions delivered across Lekki.',
  store_id: 's-lekki',
  store_name: 'Lekki',
  pickup: true,
  pay_on_delivery: false,
  delivery_zones: [{ _id: 'z1', name: 'Lekki Phase 1', fee: 1_500 }],
  link: '/shop/mama-nkechi',
  published_count: 1,
  ...over,
});

const item = (over: Partial<OnlineCatalogueItem>): OnlineCatalogueItem => ({
  product_id: 'p1',
  name: 'Peak Milk 400g',
  image: null,
  category_name: 'Provisions',
  variation: false,
  selling_price: 2_500,
  online_price: null,
  online_description: null,
  published: false,
  available: 24,
  ...over,
});

const products = [
  item({}),
  item({
    product_id: 'p2',
    name: 'Golden Penny Spaghetti',
    published: true,
    available: 0,
    online_price: 1_100,
  }),
  item({ product_id: 'p3', name: 'Ankara fabric', available: null, variation: true }),
];

type Answer = { status: number; data?: unknown; message?: string };
type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

const server = (routes: Record<string, Answer | ((call: Call) => Answer)>) => {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const u = new URL(url, 'http://localhost');
    const call = {
      method,
      path: u.pathname,
      query: u.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${u.pathname}`];
    const answer = (typeof route === 'function' ? route(call) : route) ?? {
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

const SHOP = `GET /v1/online-store/businesses/${BUSINESS}`;
const PRODUCTS = `GET /v1/online-store/businesses/${BUSINESS}/products`;
const PATCH_PRODUCTS = `PATCH /v1/online-store/businesses/${BUSINESS}/products`;
const STORES = `GET /v1/stores/businesses/${BUSINESS}`;

const routes = (extra: Record<string, Answer | ((call: Call) => Answer)> = {}) => ({
  [SHOP]: { status: 200, data: shop() },
  [PRODUCTS]: { status: 200, data: { items: products, total: 3, page: 1, limit: 50 } },
  [STORES]: {
    status: 200,
    data: {
      items: [
        { _id: 's-lekki', id: 's-lekki', name: 'Lekki' },
        { _id: 's-yaba', id: 's-yaba', name: 'Yaba' },
      ],
      metaData: { lastUpdate: 0, recordsRemoved: [] },
    },
  },
  ...extra,
});

/** What the PATCH answers: the rows it changed, as the server has them now. */
const patched = (call: Call): Answer => {
  const changes = (call.body as { items: Partial<OnlineCatalogueItem>[] }).items;
  return {
    status: 200,
    data: {
      items: changes.map((c) => ({ ...products.find((p) => p.product_id === c.product_id)!, ...c })),
    },
  };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.clearAll();
});

describe('/online-catalogue', () => {
  it('shows the shop, its full link, delivery fees and the products', async () => {
    signIn('Admin');
    server(routes());
    renderUi(<OnlineCataloguePage />);
    expect(await screen.findByText('Your online shop')).toBeTruthy();
    expect(screen.getByTestId('shop-link').textContent).toBe(`${window.location.origin}/shop/mama-nkechi`);
    const share = screen.getByRole('link', { name: /Share on WhatsApp/ }).getAttribute('href') ?? '';
    expect(share.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(share)).toContain(`${window.location.origin}/shop/mama-nkechi`);
    expect((screen.getByLabelText('Online shop open') as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByTestId('zone-row')).toHaveLength(1);
    const rows = await screen.findAllByTestId('catalogue-item');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('24 left')).toBeTruthy();
    expect(within(rows[1]!).getByText('Out of stock')).toBeTruthy();
    expect(within(rows[2]!).getByText('Not tracked')).toBeTruthy();
    expect(
      (within(rows[1]!).getByLabelText('Online price of Golden Penny Spaghetti') as HTMLInputElement).value,
    ).toBe('₦1,100');
  });

  it('the Published switch saves at once', async () => {
    signIn('Admin');
    const calls = server(routes({ [PATCH_PRODUCTS]: patched }));
    renderUi(<OnlineCataloguePage />);
    const toggle = (await screen.findByLabelText('Publish Peak Milk 400g')) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      items: [{ product_id: 'p1', published: true }],
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Publish Peak Milk 400g') as HTMLInputElement).checked).toBe(true),
    );
  });

  it('an online price is saved when the box is left; blank goes back to the selling price', async () => {
    signIn('Admin');
    const calls = server(routes({ [PATCH_PRODUCTS]: patched }));
    renderUi(<OnlineCataloguePage />);
    const price = await screen.findByLabelText('Online price of Peak Milk 400g');
    fireEvent.change(price, { target: { value: '2700' } });
    fireEvent.blur(price);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const other = screen.getByLabelText('Online price of Golden Penny Spaghetti');
    fireEvent.change(other, { target: { value: '' } });
    fireEvent.blur(other);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { items: [{ product_id: 'p1', online_price: 2700 }] },
      { items: [{ product_id: 'p2', online_price: null }] },
    ]);
  });

  it('publishes every product of the page in one call', async () => {
    signIn('Admin');
    const calls = server(routes({ [PATCH_PRODUCTS]: patched }));
    renderUi(<OnlineCataloguePage />);
    fireEvent.click(await screen.findByRole('button', { name: /Publish all on this page \(2\)/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      items: [
        { product_id: 'p1', published: true },
        { product_id: 'p3', published: true },
      ],
    });
  });

  it('saves only the shop details that changed', async () => {
    signIn('Admin');
    const calls = server(
      routes({
        [`PATCH /v1/online-store/businesses/${BUSINESS}`]: (c) => ({
          status: 200,
          data: { ...shop(), ...(c.body as object) },
        }),
      }),
    );
    renderUi(<OnlineCataloguePage />);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText(/Shoppers can pay on delivery/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ pay_on_delivery: true });
  });

  it('a role with shipping fees only sees the fees, and never asks for the products', async () => {
    signIn('staff', ['online_store.shipping_fees']);
    const calls = server(routes());
    renderUi(<OnlineCataloguePage />);
    expect(await screen.findByTestId('delivery-zones')).toBeTruthy();
    expect(screen.queryByLabelText('Online shop open')).toBeNull();
    expect(screen.queryByLabelText('Shop name')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.path.endsWith('/products'))).toBe(false);
  });

  it('asks the server nothing for a role without online store permissions', async () => {
    signIn('cashier', ['pos.make_sale']);
    const calls = server(routes());
    renderUi(<OnlineCataloguePage />);
    expect(await screen.findByText(/Your role does not let you manage the online store/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path.includes('online-store'))).toEqual([]);
  });
});
