import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BankingError,
  type Bank,
  type BankingProvider,
  type ResolvedAccount,
  type ResolvedBvn,
  type TransferAnswer,
  type VirtualAccount,
} from './banking-provider.js';
import type { TransferOutcomeEvent, TransferOutcomeType } from './events.js';
import type { SandboxOutbox } from './sandbox-delivery.js';
import { NIGERIAN_BANKS } from './banks.js';
import { isValidNuban, nubanOf } from './nuban.js';

/**
 * The sandbox bank rail. It keeps to the real rules and fails as the real rails do, on documented
 * test values (docs/sandbox-rails.md):
 *  - an account number is ten digits with the NUBAN check digit of its bank, else `invalid`;
 *  - a valid number starting with 000 has no account: `not_found`;
 *  - a number (or BVN) starting with 999 times out: `unavailable`;
 *  - any other account answers a stable name made from its bank and number;
 *  - a BVN is eleven digits (`invalid` otherwise); 00000000000 and BVNs starting with 000 are
 *    `not_found`; any other answers a stable person;
 *  - virtual accounts open at Wema Bank and Providus Bank; the account number is made from the
 *    request's reference (the same reference, the same account), never starting 000 or 999;
 *  - every answer takes `latencyMs` (a name enquiry takes a few hundred milliseconds live);
 *  - a transfer (payout) is accepted `pending`; its outcome comes as an event `transferSeconds` later:
 *    to an account starting 111 it fails ("Dormant account"), to one starting 222 it succeeds and is
 *    reversed `transferSeconds` after that, to one starting 333 (or 999) the rail does not answer
 *    (and never received it), to any other valid account it succeeds. The same reference is the same transfer:
 *    its events carry the same ids, so sending again delivers nothing new.
 */

/** The reasons the sandbox gives, as NIP words them. */
export const SANDBOX_TRANSFER_FAILURE = 'Dormant account';
export const SANDBOX_TRANSFER_REVERSAL = 'Returned by the beneficiary bank';

const FIRST_NAMES = [
  'ADAEZE',
  'ADEBAYO',
  'AMINA',
  'BOLANLE',
  'CHIDI',
  'CHIOMA',
  'EMEKA',
  'FATIMA',
  'FOLAKE',
  'IBRAHIM',
  'IFEOMA',
  'KEHINDE',
  'MUSA',
  'NGOZI',
  'OLUWASEUN',
  'SEGUN',
  'TUNDE',
  'UCHE',
  'YETUNDE',
  'ZAINAB',
];
const LAST_NAMES = [
  'ABUBAKAR',
  'ADEYEMI',
  'BELLO',
  'EZE',
  'IBEKWE',
  'NWOSU',
  'OKAFOR',
  'OKONKWO',
  'OLADIPO',
  'ONYEKACHI',
  'SANI',
  'UMAR',
  'USMAN',
  'YUSUF',
  'OGUNLEYE',
  'AKINTOLA',
  'EKWUEME',
  'DANJUMA',
  'OBI',
  'ADEBOWALE',
];

const pick = (seed: Buffer, at: number, list: readonly string[]) =>
  list[seed.readUInt16BE(at) % list.length]!;
const seedOf = (text: string) => createHash('sha256').update(text).digest();

/** Where the sandbox opens virtual accounts (the banks Nigerian rails use for them). */
export const VIRTUAL_ACCOUNT_BANKS = ['035', '101'];

/** At most 40 characters, as NIP carries account names. */
const accountNameOf = (name: string) => name.toUpperCase().replace(/\s+/g, ' ').trim().slice(0, 40);

export const createSandboxBanking = (opts: {
  latencyMs: number;
  /** Where the rail's events go out (the app's delivery queue). */
  outbox: SandboxOutbox;
  transferSeconds: number;
}): BankingProvider => {
  const banks = new Map(NIGERIAN_BANKS.map((b) => [b.code, b]));
  /** Transfers this process accepted (a query's answer; the events do not need it). */
  const transfers = new Map<string, TransferAnswer>();
  const answer = async <T>(work: () => T): Promise<T> => {
    if (opts.latencyMs > 0) await sleep(opts.latencyMs);
    return work();
  };
  const timedOut = () => new BankingError('unavailable', null, 'The bank did not answer in time. Try again.');

  return {
    listBanks: () => answer((): Bank[] => NIGERIAN_BANKS.map((b) => ({ ...b }))),

    virtualAccountBanks: () => answer(() => VIRTUAL_ACCOUNT_BANKS.map((code) => ({ ...banks.get(code)! }))),

    openVirtualAccount: (request) =>
      answer((): VirtualAccount => {
        if (!VIRTUAL_ACCOUNT_BANKS.includes(request.bankCode))
          throw new BankingError('invalid', 'bank_code', 'bank_code is not a bank virtual accounts open at');
        const seed = seedOf(`virtual:${request.reference}`);
        // Serials 100000000-998999999: never the test prefixes 000 and 999.
        const serial = String(100_000_000 + (seed.readUInt32BE(0) % 898_999_999));
        const accountNumber = nubanOf(request.bankCode, serial);
        const accountName = accountNameOf(request.accountName);
        return {
          accountNumber,
          bankCode: request.bankCode,
          bankName: banks.get(request.bankCode)!.name,
          accountName,
          providerReference: `SBX-VA-${seed.toString('hex').slice(0, 20)}`,
        };
      }),

    resolveAccount: (accountNumber, bankCode) =>
      answer((): ResolvedAccount => {
        const bank = banks.get(bankCode);
        if (!bank) throw new BankingError('invalid', 'bankcode', 'bankcode is not a bank we know');
        if (!/^\d{10}$/.test(accountNumber))
          throw new BankingError('invalid', 'accountnumber', 'accountnumber must be 10 digits');
        if (!isValidNuban(accountNumber, bankCode))
          throw new BankingError(
            'invalid',
            'accountnumber',
            `accountnumber is not a valid ${bank.name} account number`,
          );
        if (accountNumber.startsWith('999')) throw timedOut();
        if (accountNumber.startsWith('000'))
          throw new BankingError('not_found', null, `There is no account with this number at ${bank.name}.`);
        const seed = seedOf(`account:${bankCode}:${accountNumber}`);
        const accountName = `${pick(seed, 0, LAST_NAMES)} ${pick(seed, 2, FIRST_NAMES)} ${pick(seed, 4, FIRST_NAMES)}`;
        return { accountNumber, bankCode, bankName: bank.name, accountName };
      }),

    sendTransfer: async (request) => {
      if (opts.latencyMs > 0) await sleep(opts.latencyMs);
      const bank = banks.get(request.bankCode);
      if (!bank) throw new BankingError('invalid', 'bank_code', 'bank_code is not a bank we know');
      if (!isValidNuban(request.accountNumber, request.bankCode))
        throw new BankingError(
          'invalid',
          'account_number',
          `account_number is not a valid ${bank.name} account number`,
        );
      if (!Number.isSafeInteger(request.amountKobo) || request.amountKobo <= 0)
        throw new BankingError('invalid', 'amount', 'amount must be a positive whole number of kobo');
      if (/^(333|999)/.test(request.accountNumber)) throw timedOut();
      if (request.accountNumber.startsWith('000'))
        throw new BankingError('not_found', null, `There is no account with this number at ${bank.name}.`);
      const providerReference = `SBX-TRF-${seedOf(`transfer:${request.reference}`).toString('hex').slice(0, 24)}`;
      const accepted: TransferAnswer = { providerReference, status: 'pending', reason: null };
      const event = (type: TransferOutcomeType, reason: string | null): TransferOutcomeEvent => ({
        id: `evt_sbx_${seedOf(`${type}:${request.reference}`).toString('hex').slice(0, 24)}`,
        event: type,
        data: {
          reference: request.reference,
          provider_reference: providerReference,
          amount: request.amountKobo,
          currency: 'NGN',
          reason,
          at: new Date(Date.now() + opts.transferSeconds * 1000).toISOString(),
        },
      });
      const failing = request.accountNumber.startsWith('111');
      await opts.outbox.send(
        failing ? event('transfer.failed', SANDBOX_TRANSFER_FAILURE) : event('transfer.success', null),
        { delaySeconds: opts.transferSeconds },
      );
      if (request.accountNumber.startsWith('222'))
        await opts.outbox.send(event('transfer.reversed', SANDBOX_TRANSFER_REVERSAL), {
          delaySeconds: 2 * opts.transferSeconds || 1,
        });
      transfers.set(request.reference, {
        providerReference,
        status: failing ? 'failed' : 'success',
        reason: failing ? SANDBOX_TRANSFER_FAILURE : null,
      });
      return accepted;
    },

    queryTransfer: (reference) => answer(() => transfers.get(reference) ?? null),

    resolveBvn: (bvn) =>
      answer((): ResolvedBvn => {
        if (!/^\d{11}$/.test(bvn)) throw new BankingError('invalid', 'bvn', 'bvn must be 11 digits');
        if (bvn.startsWith('999')) throw timedOut();
        if (bvn.startsWith('000'))
          throw new BankingError('not_found', null, 'There is no BVN with this number.');
        const seed = seedOf(`bvn:${bvn}`);
        const year = 1960 + (seed.readUInt16BE(6) % 45);
        const month = 1 + (seed[8]! % 12);
        const day = 1 + (seed[9]! % 28);
        const phoneEnd = String(seed.readUInt16BE(10) % 10_000).padStart(4, '0');
        return {
          firstName: pick(seed, 0, FIRST_NAMES),
          lastName: pick(seed, 2, LAST_NAMES),
          dateOfBirth: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
          phoneMasked: `080*****${phoneEnd}`,
        };
      }),
  };
};
