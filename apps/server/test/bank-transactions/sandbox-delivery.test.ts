import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { verifySignature } from '../../src/providers/banking/index.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';

/**
 * The sandbox rail delivers its events the way real rails do (issue 14): signed, over HTTP, by a
 * background job that tries again with back-off until our webhook answers 2xx, sometimes twice.
 * Between the rail and the webhook here stands a small HTTP server that sees every delivery and can
 * play an unreachable or failing webhook.
 */

const SECRET = 'delivery-test-secret';

type Seen = { body: string; signed: boolean; answered: number; at: number };

/** The webhook's front door: `failFirst` deliveries get a 503, the rest reach the app. */
const frontDoor = async (t: () => TestApp) => {
  const seen: Seen[] = [];
  let failFirst = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const signed = verifySignature(SECRET, raw, req.headers['x-bank-signature'] as string | undefined);
      if (failFirst > 0) {
        failFirst--;
        seen.push({ body: raw.toString(), signed, answered: 503, at: Date.now() });
        res.writeHead(503).end('down for maintenance');
        return;
      }
      const answer = await t().app.inject({
        method: 'POST',
        url: req.url ?? '/',
        headers: req.headers as Record<string, string>,
        payload: raw,
      });
      seen.push({ body: raw.toString(), signed, answered: answer.statusCode, at: Date.now() });
      res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/webhooks/banking`,
    seen,
    failNext: (n: number) => {
      failFirst = n;
    },
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
};

let t: TestApp;
let door: Awaited<ReturnType<typeof frontDoor>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let account: string;

beforeAll(async () => {
  door = await frontDoor(() => t);
  t = await createTestApp({ bankingWebhookSecret: SECRET, bankingWebhookUrl: door.url });
  owner = await signUp(t, { store_name: 'Yaba' });
  const opened = await t.request({
    method: 'POST',
    url: `/v2/payments/accounts/businesses/${owner.businessId}/customfixedaccount`,
    token: owner.token,
    body: { store_id: owner.storeId, bank_code: '101' },
  });
  account = opened.json().data.account_number;
});
afterAll(async () => {
  await t?.close();
  await door?.close();
});
afterEach(() => {
  door.seen.length = 0;
  door.failNext(0);
});

const send = (amount: number) =>
  t.request({
    method: 'POST',
    url: '/v1/sandbox/banking/transfers',
    token: owner.token,
    body: { account_number: account, amount },
  });

const transfersOf = async (reference: string) =>
  (
    await t.request({
      method: 'GET',
      url: `/v1/payments/transactions/businesses/${owner.businessId}`,
      token: owner.token,
    })
  )
    .json()
    .data.transfers.filter((i: { reference: string }) => i.reference === reference);

/** Waits until the transfer shows in Transactions (at most 25 s). */
const landed = async (reference: string) => {
  for (let i = 0; i < 250 && (await transfersOf(reference)).length === 0; i++)
    await new Promise((r) => setTimeout(r, 100));
  expect(await transfersOf(reference)).toHaveLength(1);
};

it('delivers a transfer to the webhook over HTTP, signed with the shared secret', async () => {
  const res = await send(1_500);
  expect(res.json().data.outcome).toBe('applied');
  expect(door.seen).toHaveLength(1);
  expect(door.seen[0]).toMatchObject({ signed: true, answered: 200 });
  expect(JSON.parse(door.seen[0]!.body).id).toBe(res.json().data.event_id);
  expect(await transfersOf(res.json().data.reference)).toHaveLength(1);
});

it('tries again, after a pause each time, while the webhook fails, and the money lands once', async () => {
  door.failNext(2);
  const res = await send(2_000);
  const reference = res.json().data.reference;
  await landed(reference);
  expect(door.seen.map((s) => s.answered)).toEqual([503, 503, 200]);
  // Back-off from 1 s (the tests' BANKING_SANDBOX_RETRY_SECONDS), doubling.
  const [first, second, third] = door.seen.map((s) => s.at);
  expect(second! - first!).toBeGreaterThanOrEqual(1_000);
  expect(third! - second!).toBeGreaterThanOrEqual(2_000);
  expect(new Set(door.seen.map((s) => s.body)).size).toBe(1);
  const [transfer] = await transfersOf(reference);
  expect(transfer.amount).toBe(2_000);
}, 30_000);

it('an event delivered twice is counted once', async () => {
  const twice = await createTestApp({
    bankingWebhookSecret: SECRET,
    bankingWebhookUrl: door.url,
    bankingSandboxDuplicateRate: 1,
  });
  const previous = t;
  try {
    t = twice;
    const who = await signUp(twice, { store_name: 'Surulere' });
    const opened = await twice.request({
      method: 'POST',
      url: `/v2/payments/accounts/businesses/${who.businessId}/customfixedaccount`,
      token: who.token,
      body: { store_id: who.storeId, bank_code: '101' },
    });
    const res = await twice.request({
      method: 'POST',
      url: '/v1/sandbox/banking/transfers',
      token: who.token,
      body: { account_number: opened.json().data.account_number, amount: 700 },
    });
    expect(res.json().data.outcome).toBe('applied');
    const ofThis = () => door.seen.filter((s) => JSON.parse(s.body).id === res.json().data.event_id);
    // The repeat comes 1-5 s later.
    for (let i = 0; i < 100 && ofThis().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect(ofThis().map((s) => s.answered)).toEqual([200, 200]);
    const repeat = await twice.request({
      method: 'GET',
      url: `/v1/payments/transactions/businesses/${who.businessId}`,
      token: who.token,
    });
    expect(repeat.json().data.transfers).toHaveLength(1);
    expect(repeat.json().data.transfers[0].amount).toBe(700);
  } finally {
    t = previous;
    await twice.close();
  }
});

it('answers "sent" when the webhook is down for longer than the simulator waits; it lands later', async () => {
  door.failNext(1_000);
  const res = await send(300);
  expect(res.json().data.outcome).toBe('sent');
  expect(await transfersOf(res.json().data.reference)).toHaveLength(0);
  const failed = door.seen.length;
  expect(failed).toBeGreaterThanOrEqual(2);
  door.failNext(0);
  await landed(res.json().data.reference);
  expect(door.seen.filter((s) => s.answered === 503)).toHaveLength(failed);
  expect(door.seen.filter((s) => s.answered === 200)).toHaveLength(1);
}, 60_000);
