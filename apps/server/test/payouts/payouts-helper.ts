import { expect } from 'vitest';
import { todayIn } from '@ms/contracts';
import {
  nubanOf,
  sandboxTransferEvent,
  signBody,
  SIGNATURE_HEADER,
} from '../../src/providers/banking/index.js';
import type { TestApp } from '../helper.js';

/** What payout tests share: accounts that receive and pay, transfers at chosen times, waiting for the rail. */

export const SECRET = 'payouts-test-secret';

type Who = { businessId: string; storeId: string; token: string };

/** The store's fixed account (Providus), opened through the API. */
export const openFixedAccount = async (t: TestApp, who: Who, storeId = who.storeId): Promise<string> => {
  const res = await t.request({
    method: 'POST',
    url: `/v2/payments/accounts/businesses/${who.businessId}/customfixedaccount`,
    token: who.token,
    body: { store_id: storeId, bank_code: '101' },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data.account_number;
};

/**
 * A GTBank account added as the business's (or a store's) bank account. The serial's first digits pick
 * the sandbox's behaviour: 111 fails, 222 is reversed after it succeeds, 333 never answers.
 */
export const addPayoutAccount = async (
  t: TestApp,
  who: Who,
  serial: string,
  storeId: string | null = null,
): Promise<string> => {
  const accountNumber = nubanOf('058', serial);
  const res = await t.request({
    method: 'POST',
    url: `/v1/payments/accounts/businesses/${who.businessId}`,
    token: who.token,
    body: { account_number: accountNumber, bank_code: '058', ...(storeId ? { store_id: storeId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return accountNumber;
};

/** The rail's signed event delivered to the webhook; answers what the webhook made of it. */
export const deliver = async (t: TestApp, event: object): Promise<string> => {
  const raw = JSON.stringify(event);
  const res = await t.request({
    method: 'POST',
    url: '/v1/webhooks/banking',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, raw) },
    body: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message;
};

/** A payer's transfer to a fixed account, made at `paidAt`. */
export const transferAt = (t: TestApp, account: string, amountKobo: number, paidAt: Date) =>
  deliver(
    t,
    sandboxTransferEvent({
      accountNumber: account,
      bankCode: '101',
      amountKobo,
      payerName: 'NWOSU EMEKA',
      narration: null,
      now: paidAt,
    }),
  );

/** An instant at a Lagos wall-clock time, `daysAgo` days before today (Lagos is UTC+1, no DST). */
export const lagos = (daysAgo: number, hour: number, minute = 0): Date => {
  const today = todayIn('Africa/Lagos');
  const midnightUtc = Date.parse(`${today}T00:00:00Z`) - 3_600_000;
  return new Date(midnightUtc - daysAgo * 86_400_000 + hour * 3_600_000 + minute * 60_000);
};

export const payoutsOf = async (t: TestApp, who: Who, token = who.token, query = '') =>
  t.request({ method: 'GET', url: `/v1/payments/batch/businesses/${who.businessId}${query}`, token });

export const detailsOf = (t: TestApp, who: Who, payoutId: string, token = who.token) =>
  t.request({
    method: 'GET',
    url: `/v1/payments/payoutdetails/businesses/${who.businessId}/payoutid/${payoutId}`,
    token,
  });

/** Waits (at most 15 s) until the payout's status is one of `statuses`; answers the payout. */
export const waitForStatus = async (t: TestApp, who: Who, payoutId: string, ...statuses: string[]) => {
  let payout: { status: string; failure_reason: string | null; paid_at: string | null } | undefined;
  for (let i = 0; i < 150; i++) {
    payout = (await detailsOf(t, who, payoutId)).json().data?.payout;
    if (payout && statuses.includes(payout.status)) return payout;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`payout ${payoutId} stayed ${payout?.status}, not ${statuses.join('/')}`);
};
