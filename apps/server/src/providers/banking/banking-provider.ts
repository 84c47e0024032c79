/**
 * The bank rail (issue 14): bank list, name enquiry, BVN lookup; later virtual accounts, transfers
 * and their events. Configuration picks the implementation; the sandbox behaves as the live rails do.
 */
export type Bank = { code: string; name: string };

export type ResolvedAccount = {
  accountNumber: string;
  bankCode: string;
  bankName: string;
  /** As the bank holds it (NIBSS name enquiry answers it in capitals). */
  accountName: string;
};

export type ResolvedBvn = {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** The phone the BVN was enrolled with, all but the last four digits hidden. */
  phoneMasked: string;
};

/**
 * Why the rail said no. `invalid`: the input can never succeed (not a NUBAN of that bank, an unknown
 * bank, a malformed BVN). `not_found`: well-formed, but no such account or BVN. `unavailable`: the rail
 * or the bank did not answer in time; the same request may succeed later.
 */
export type BankingFailure = 'invalid' | 'not_found' | 'unavailable';

export class BankingError extends Error {
  constructor(
    readonly failure: BankingFailure,
    /** Which input was wrong, for `invalid` (accountnumber, bankcode, bvn). */
    readonly field: string | null,
    message: string,
  ) {
    super(message);
  }
}

export type VirtualAccountRequest = {
  /** Ours, made before the first try: the same reference opens the same account, never a second. */
  reference: string;
  bankCode: string;
  /** The name payers see in their banking app's name enquiry. */
  accountName: string;
};

export type VirtualAccount = {
  accountNumber: string;
  bankCode: string;
  bankName: string;
  accountName: string;
  /** The rail's id for the account. */
  providerReference: string;
};

/** A payout: money from the rail to a bank account. */
export type TransferRequest = {
  /** Ours, made before the first try: the same reference is the same transfer, never a second. */
  reference: string;
  amountKobo: number;
  bankCode: string;
  accountNumber: string;
  /** The name the account was resolved to when it was added. */
  accountName: string;
  narration: string;
};

/**
 * A transfer at the rail: `pending` when accepted, then `success` or `failed`; a success can still
 * be `reversed` later (the receiving bank returns it). The final answers come as events.
 */
export type TransferStatus = 'pending' | 'success' | 'failed' | 'reversed';

export type TransferAnswer = {
  providerReference: string;
  status: TransferStatus;
  /** Why, for `failed` and `reversed`. */
  reason: string | null;
};

export interface BankingProvider {
  listBanks(): Promise<Bank[]>;
  /** The banks the rail opens virtual (fixed) accounts at. */
  virtualAccountBanks(): Promise<Bank[]>;
  /** A static account that receives transfers for one of our businesses or stores. */
  openVirtualAccount(request: VirtualAccountRequest): Promise<VirtualAccount>;
  resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount>;
  resolveBvn(bvn: string): Promise<ResolvedBvn>;
  /** Sends a payout; answers `pending` (the outcome arrives as an event) or throws a BankingError. */
  sendTransfer(request: TransferRequest): Promise<TransferAnswer>;
  /** Where a transfer stands at the rail; null when the rail never received it. */
  queryTransfer(reference: string): Promise<TransferAnswer | null>;
}
