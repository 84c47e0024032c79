import type { FastifyInstance } from 'fastify';
import { nubanOf } from '../providers/banking/index.js';
import { login } from './demo-api.js';

/**
 * The demo's money in (issue 14), made through the product's own API in process: a fixed account for
 * each store, the owner's bank account (named by the sandbox bank's name enquiry), and transfers from
 * customers over the last days through the sandbox rail's signed events, and a payout of what came
 * before today, so Transactions and Payouts have something to show from the first login.
 */

const PAYERS = [
  'ADEBAYO TUNDE',
  'OKONKWO NGOZI',
  'BELLO AMINA',
  'EZE CHIDI',
  'OGUNLEYE FOLAKE',
  'USMAN IBRAHIM',
];
const NOTES = ['Provisions', 'Rice and oil', 'Payment for goods', null, 'Balance', 'Drinks'];

export type DemoMoneySummary = { fixedAccounts: number; transfers: number; payouts: number };

export const seedDemoMoney = async (input: {
  app: FastifyInstance;
  businessId: string;
  stores: string[];
  admin: { email: string; password: string };
  /** Deterministic choices (the demo history's PRNG). */
  rnd: () => number;
  days: number;
}): Promise<DemoMoneySummary> => {
  const { app, businessId: b } = input;
  const call = await login(app, input.admin);

  const accounts: string[] = [];
  for (const store of input.stores) {
    const opened = await call<{ account_number: string }>(
      'POST',
      `/v2/payments/accounts/businesses/${b}/customfixedaccount`,
      { store_id: store, bank_code: '035' },
    );
    accounts.push(opened.account_number);
  }
  await call('POST', `/v1/payments/accounts/businesses/${b}`, {
    account_number: nubanOf('058', '012345678'),
    bank_code: '058',
  });

  // Transfers come through the sandbox rail's simulator, which a production server does not have.
  const sandbox = await call<{ sandbox: boolean }>('GET', '/v1/sandbox/banking').catch(() => null);
  if (!sandbox?.sandbox) return { fixedAccounts: accounts.length, transfers: 0, payouts: 0 };
  let transfers = 0;
  let payouts = 0;
  const now = Date.now();
  for (let day = input.days - 1; day >= 0; day--) {
    // What came before today is paid out (the sandbox's "pay out now"), as the morning's run would;
    // today's transfers are still owed.
    if (day === 0)
      payouts += (await call<{ payouts: unknown[] }>('POST', '/v1/sandbox/banking/payouts', {})).payouts
        .length;
    const count = day === 0 ? 2 : 1 + Math.floor(input.rnd() * 3);
    for (let i = 0; i < count; i++) {
      // Shop hours, 08:00-19:00 Lagos (07:00-18:00 UTC), never later than now.
      const at = new Date(now - day * 86_400_000);
      at.setUTCHours(7 + Math.floor(input.rnd() * 11), Math.floor(input.rnd() * 60), 0, 0);
      if (at.getTime() > now) at.setTime(now - (count - i) * 60_000);
      const pick = Math.floor(input.rnd() * PAYERS.length);
      await call('POST', '/v1/sandbox/banking/transfers', {
        account_number: accounts[Math.floor(input.rnd() * accounts.length)]!,
        amount: (5 + Math.floor(input.rnd() * 120)) * 500,
        payer_name: PAYERS[pick],
        ...(NOTES[pick] ? { narration: NOTES[pick] } : {}),
        paid_at: at.toISOString(),
      });
      transfers++;
    }
  }
  return { fixedAccounts: accounts.length, transfers, payouts };
};
