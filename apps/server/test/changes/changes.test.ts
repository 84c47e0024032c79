import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '@ms/contracts';
import { publishChange } from '../../src/modules/changes/index.js';
import { addCashier, createTestApp, STRONG_PASSWORD, type TestApp } from '../helper.js';
import { startReplica } from '../product-uploads/upload-helper.js';
import { dataOf } from '../inventory/inventory-helper.js';
import { openTill, saleBody, salesWorld, type SalesWorld } from '../sales/sales-helper.js';

type Received = { event: string; id?: string; data: Record<string, unknown> };

/** A device's stream, read with fetch as the web client reads it (bearer token in a header). */
const openStream = async (
  base: string,
  businessId: string,
  who: { token: string } | null,
  device: string,
  lastEventId?: string,
) => {
  const abort = new AbortController();
  const res = await fetch(`${base}/v2/business/${businessId}/changes/stream`, {
    headers: {
      deviceid: device,
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const events: Received[] = [];
  let ended = false;
  let wake: () => void = () => {};
  if (res.ok && res.body) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((l) => l && !l.startsWith(':'))
                .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
            );
            if (!fields.event) continue;
            events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data ?? '{}') });
            wake();
          }
        }
      } catch {
        /* aborted */
      }
      ended = true;
      wake();
    })();
  }
  /** Waits for an event that matches (or the end of the stream when `match` is 'end'). */
  const next = async (match: ((e: Received) => boolean) | 'end', ms = 5_000): Promise<Received | null> => {
    const deadline = Date.now() + ms;
    for (;;) {
      if (match === 'end' ? ended : false) return null;
      const found = match === 'end' ? undefined : events.find(match);
      if (found) return found;
      if (ended && match !== 'end') throw new Error(`stream ended; got ${JSON.stringify(events)}`);
      if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  };
  return {
    status: res.status,
    body: res.ok ? '' : await res.text(),
    events,
    next,
    changes: () => events.filter((e) => e.event === 'change').map((e) => e.data as ChangeEvent),
    lastId: () => events.filter((e) => e.id).at(-1)?.id,
    close: () => abort.abort(),
  };
};
type Stream = Awaited<ReturnType<typeof openStream>>;

const isChange =
  (topic: string, pred: (e: ChangeEvent) => boolean = () => true) =>
  (e: Received) =>
    e.event === 'change' && (e.data as ChangeEvent).topic === topic && pred(e.data as ChangeEvent);

const listenOn = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
};

let t: TestApp;
let w: SalesWorld;
let base: string;
const streams: Stream[] = [];
const open = async (...args: Parameters<typeof openStream>) => {
  const s = await openStream(...args);
  streams.push(s);
  if (s.status === 200) await s.next((e) => e.event === 'ready');
  return s;
};

beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
  await openTill(w, w.owner.storeId, 0);
  base = await listenOn(t.app);
});
afterAll(async () => {
  streams.forEach((s) => s.close());
  await t.close();
});

const sellRice = async (quantity = 1) =>
  dataOf(
    await w.call(
      w.cashier,
      'POST',
      '/v1/sales/',
      saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity }], {
        payments: [{ method: 'cash', amount: 1000 * quantity }],
      }),
    ),
    201,
  );

/** A change every signed-in user of the business hears: once it arrives, anything sent before it has too. */
const sentinel = async (businessId: string) => {
  const marker = `sentinel-${Math.random()}`;
  await publishChange(t.db, businessId, { topic: 'stores', ids: [marker] });
  return isChange('stores', (e) => e.ids?.includes(marker) ?? false);
};

describe('GET /v2/business/{b}/changes/stream', () => {
  it('answers 401 without a token and 404 for another business', async () => {
    const anonymous = await open(base, w.owner.businessId, null, w.owner.device);
    expect(anonymous.status).toBe(401);
    const foreign = await open(base, w.other.businessId, w.owner, w.owner.device);
    expect(foreign.status).toBe(404);
  });

  it("tells the store's devices at once that a sale changed stock; another business hears nothing", async () => {
    const owner = await open(base, w.owner.businessId, w.owner, w.owner.device);
    const other = await open(base, w.other.businessId, w.other, w.other.device);
    await sellRice();
    const change = await owner.next(isChange('products'));
    expect(change?.data).toMatchObject({ stores: [w.owner.storeId], ids: [w.rice.productId] });
    await owner.next(isChange('sales'));
    const done = await sentinel(w.other.businessId);
    await other.next(done);
    expect(other.changes().filter((c) => c.topic !== 'stores')).toEqual([]);
  });

  it("a cashier of another store does not hear this store's stock; a role without catalogue access hears no products", async () => {
    const branchCashier = await addCashier(t, w.owner, [w.branch]);
    const branch = await open(base, w.owner.businessId, branchCashier, w.owner.device);
    const keeper = await open(base, w.owner.businessId, w.keeper, w.owner.device);
    const here = await open(base, w.owner.businessId, w.cashier, w.owner.device);
    await sellRice();
    await here.next(isChange('products'));
    const done = await sentinel(w.owner.businessId);
    await branch.next(done);
    await keeper.next(done);
    expect(branch.changes().map((c) => c.topic)).toEqual(['stores']);
    expect(keeper.changes().map((c) => c.topic)).toEqual(['stores']);
    // A product edit concerns every store: the branch's cashier hears it, the keeper still does not.
    const edit = await w.call(
      w.owner,
      'PATCH',
      `/v1/businesses/${w.owner.businessId}/products/${w.rice.productId}`,
      {
        name: 'Rice (50 kg)',
      },
    );
    expect(edit.statusCode, edit.body).toBeLessThan(300);
    await branch.next(isChange('products', (c) => !c.stores));
    const after = await sentinel(w.owner.businessId);
    await keeper.next(after);
    expect(keeper.changes().map((c) => c.topic)).toEqual(['stores', 'stores']);
  });

  it('resumes after a drop: what happened meanwhile is sent on reconnect with Last-Event-ID', async () => {
    const first = await open(base, w.owner.businessId, w.owner, w.owner.device);
    const lastId = first.lastId();
    first.close();
    await sellRice();
    const again = await open(base, w.owner.businessId, w.owner, w.owner.device, lastId);
    expect(again.changes().map((c) => c.topic)).toEqual(expect.arrayContaining(['products', 'sales']));
    // An id this server does not know (another process, or too old): download everything.
    const unknown = await open(base, w.owner.businessId, w.owner, w.owner.device, 'elsewhere.12');
    expect(unknown.events.map((e) => e.event)).toContain('resync');
  });

  it('ends the stream of a session that was revoked', async () => {
    const cashier = await addCashier(t, w.owner);
    const stream = await open(base, w.owner.businessId, cashier, w.owner.device);
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', cashier.userId)
      .execute();
    await publishChange(t.db, w.owner.businessId, { topic: 'staff' });
    await stream.next('end');
  });

  it('ends the stream of a session revoked by another process at once, not at the next heartbeat', async () => {
    const cashier = await addCashier(t, w.owner);
    const stream = await open(base, w.owner.businessId, cashier, w.owner.device);
    await t.queryAsAnotherProcess(
      `UPDATE sessions SET revoked_at = now() WHERE user_id = '${cashier.userId}'`,
    );
    await stream.next('end', 3_000);
  });

  it('a change written through one server process reaches a stream on another; closing a server ends its streams', async () => {
    const replica = await startReplica(t);
    const replicaBase = await listenOn(replica);
    // Each test app keeps its own signing key: sign in on the replica as a device would.
    const login = await replica.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { platform: 'web', deviceid: w.owner.device },
      payload: { email: w.owner.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.token as string;
    const stream = await open(replicaBase, w.owner.businessId, { token }, w.owner.device);
    expect(stream.status, stream.body).toBe(200);
    await sellRice();
    await stream.next(isChange('products'));
    const started = Date.now();
    await replica.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await stream.next('end');
  });
});
