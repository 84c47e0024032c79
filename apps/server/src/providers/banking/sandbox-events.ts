import { randomBytes } from 'node:crypto';
import type { TransferReceivedEvent } from './events.js';
import { nubanOf } from './nuban.js';

/**
 * The sandbox rail's "money arrived" event, as a payer's transfer to one of our virtual accounts
 * would produce it: a NIP-style session reference, the payer's name, bank and account.
 */
export const sandboxTransferEvent = (input: {
  accountNumber: string;
  bankCode: string;
  amountKobo: number;
  payerName: string | null;
  narration: string | null;
  now?: Date;
}): TransferReceivedEvent => {
  const now = input.now ?? new Date();
  const stamp = now.toISOString().replace(/\D/g, '').slice(2, 14);
  const serial = String(100_000_000 + (randomBytes(4).readUInt32BE(0) % 800_000_000));
  return {
    id: `evt_sbx_${randomBytes(12).toString('hex')}`,
    event: 'transfer.received',
    data: {
      reference: `000058${stamp}${randomBytes(6).toString('hex')}`,
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      amount: input.amountKobo,
      currency: 'NGN',
      payer: {
        name: input.payerName ?? 'ADEYEMI FOLAKE BOLANLE',
        bank_code: '058',
        bank_name: 'Guaranty Trust Bank',
        account_number: nubanOf('058', serial),
      },
      narration: input.narration,
      paid_at: now.toISOString(),
    },
  };
};
