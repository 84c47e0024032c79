import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import type { LoginData } from '@ms/contracts';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session-store';
import { businessDb } from './db';
import { listenForChanges, parseEvents } from './live-changes';
import { fakeServer, freshBusiness, type FakeRequest, type FakeRoute } from './testing/fake-server';

const settle = async () => {
  for (let i = 0; i < 200; i++) await new Promise((r) => setImmediate(r));
};

const login = (businessId: string, role = 'Admin', permissions: string[] = []) =>
  sessionStore.loginWith({
    token: 'token-live',
    user: { _id: 'u-live', role, permissions },
    business: { _id: businessId },
  } as unknown as LoginData);

const emptyList = () => ({ data: { items: [], metaData: { lastUpdate: 5, recordsRemoved: [] } } });

/** The server's change stream as the browser's fetch gives it: events written by the test. */
const fakeStream = (businessId: string, routes: Record<string, FakeRoute> = {}) => {
  const net = fakeServer({
    [`GET /v2/customers/businesses/${businessId}`]: emptyList,
    [`GET /v2/business/${businessId}/products/sync/list`]: emptyList,
    'GET /v2/checkout/options': () => ({ data: [] }),
    ...routes,
  });
  const json = globalThis.fetch;
  const opened: { headers: Record<string, string>; push: (text: string) => void; end: () => void }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!String(input).endsWith('/changes/stream')) return json(input, init);
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    opened.push({
      headers: init.headers as Record<string, string>,
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { net, opened };
};

const downloads = (calls: FakeRequest[]) => calls.map((c) => c.path).filter((p) => !p.endsWith('/stream'));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.clearAll();
});

describe('server-sent events', () => {
  it('reads events split anywhere, skipping comments, and keeps the unfinished one', () => {
    const seen: unknown[] = [];
    const rest = parseEvents(
      ': keep-alive\n\nid: a.1\nevent: change\ndata: {"topic":"products"}\n\nevent: re',
      (e) => seen.push(e),
    );
    expect(seen).toEqual([{ event: 'change', id: 'a.1', data: '{"topic":"products"}' }]);
    expect(rest).toBe('event: re');
  });
});

describe('live changes', () => {
  it('downloads the module a change names at once, with the token in a header, once for a burst', async () => {
    const b = freshBusiness();
    login(b);
    const { net, opened } = fakeStream(b);
    const stop = listenForChanges(b);
    await settle();
    expect(opened).toHaveLength(1);
    expect(opened[0]!.headers.Authorization).toBe('Bearer token-live');
    opened[0]!.push('id: e.1\nevent: ready\ndata: {}\n\n');
    for (let i = 2; i < 5; i++)
      opened[0]!.push(`id: e.${i}\nevent: change\ndata: {"topic":"customers","at":"x"}\n\n`);
    await vi.waitFor(() => expect(downloads(net.calls)).toEqual([`/v2/customers/businesses/${b}`]));
    expect(await businessDb(b).meta('customers').get('customers')).toBeTruthy();
    stop();
  });

  it('refreshes screens that read the server directly', async () => {
    const b = freshBusiness();
    login(b);
    const { net, opened } = fakeStream(b);
    queryClient.setQueryData(['payment-options', b, 'settings'], { store_credit: false });
    const stop = listenForChanges(b);
    await settle();
    opened[0]!.push(
      'id: e.1\nevent: change\ndata: {"topic":"settings","what":"payment_options","at":"x"}\n\n',
    );
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(['payment-options', b, 'settings'])?.isInvalidated).toBe(true),
    );
    // The checkout options on the device too.
    await vi.waitFor(() => expect(downloads(net.calls)).toEqual(['/v2/checkout/options']));
    await settle();
    stop();
  });

  it('refreshes a screen reading a downloaded table once: by the download when it changed the table, else here', async () => {
    const b = freshBusiness();
    login(b);
    let products = [{ _id: 'p1', name: 'Garri 2kg', updated_at: '2024-01-01T00:00:00.000Z' }];
    const { net, opened } = fakeStream(b, {
      [`GET /v2/business/${b}/products/sync/list`]: () => ({
        data: { items: products, metaData: { lastUpdate: 7, recordsRemoved: [] } },
      }),
    });
    // Open screens: the products (the products table backs them) and the categories (a products
    // change refreshes them, and this download does not).
    const fetches = { products: 0, categories: 0 };
    const watching = (['products', 'categories'] as const).map((root) =>
      new QueryObserver(queryClient, {
        queryKey: [root, b, 'list'],
        queryFn: async () => ++fetches[root],
        networkMode: 'always',
      }).subscribe(() => {}),
    );
    await vi.waitFor(() => expect(fetches).toEqual({ products: 1, categories: 1 }));
    const stop = listenForChanges(b);
    await settle();
    /** A products change; then each screen has looked again as many times as `expected` says, no more. */
    const change = async (id: number, expected: typeof fetches) => {
      opened[0]!.push(`id: e.${id}\nevent: change\ndata: {"topic":"products","at":"x"}\n\n`);
      await vi.waitFor(() => expect(downloads(net.calls)).toHaveLength(id));
      await vi.waitFor(() => expect(fetches).toEqual(expected), { timeout: 3_000 });
      await new Promise((r) => setTimeout(r, 400));
      await settle();
      expect(fetches).toEqual(expected);
    };

    // The download brings a product: it refreshes the products; the categories are refreshed here.
    await change(1, { products: 2, categories: 2 });

    // Nothing new (the schedule brought it already): the change refreshes both here, once.
    products = [];
    await change(2, { products: 3, categories: 3 });

    watching.forEach((unsubscribe) => unsubscribe());
    queryClient.removeQueries({ predicate: (q) => q.queryKey[1] === b });
    stop();
  });

  it('never downloads what the role may not read', async () => {
    const b = freshBusiness();
    login(b, 'Cashier', ['pos.make_sale']);
    const { net, opened } = fakeStream(b);
    const stop = listenForChanges(b);
    await settle();
    opened[0]!.push('id: e.1\nevent: change\ndata: {"topic":"customers","at":"x"}\n\n');
    await new Promise((r) => setTimeout(r, 400));
    expect(downloads(net.calls)).toEqual([]);
    stop();
  });

  it('reconnects after a drop from the last event it heard', async () => {
    const b = freshBusiness();
    login(b);
    const { opened } = fakeStream(b);
    const stop = listenForChanges(b);
    await settle();
    opened[0]!.push('id: e.7\nevent: ready\ndata: {}\n\n');
    await settle();
    opened[0]!.end();
    await vi.waitFor(() => expect(opened).toHaveLength(2), { timeout: 3_000 });
    expect(opened[1]!.headers['Last-Event-ID']).toBe('e.7');
    stop();
  });
});
