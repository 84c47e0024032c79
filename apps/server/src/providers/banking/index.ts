import { BankingError, type BankingProvider } from './banking-provider.js';
import { createSandboxBanking } from './sandbox-banking.js';
import type { SandboxOutbox } from './sandbox-delivery.js';

export {
  BankingError,
  type Bank,
  type BankingFailure,
  type BankingProvider,
  type TransferAnswer,
  type TransferRequest,
  type VirtualAccount,
} from './banking-provider.js';
export { SANDBOX_TRANSFER_FAILURE, SANDBOX_TRANSFER_REVERSAL } from './sandbox-banking.js';
export { isValidNuban, nubanOf } from './nuban.js';
export { sandboxTransferEvent } from './sandbox-events.js';
export {
  SANDBOX_DELIVERY_QUEUE,
  sandboxOutbox,
  startSandboxDelivery,
  type SandboxOutbox,
  type WebhookTransport,
} from './sandbox-delivery.js';
export {
  bankEventEnvelope,
  signBody,
  SIGNATURE_HEADER,
  transferReceivedEvent,
  transferOutcomeEvent,
  TRANSFER_OUTCOME_EVENTS,
  verifySignature,
  type TransferOutcomeEvent,
  type TransferReceivedEvent,
} from './events.js';

/** A production server without a real rail: every call says so, rather than hand out made-up accounts. */
const noRail = (): BankingProvider => {
  const refuse = async (): Promise<never> => {
    throw new BankingError('unavailable', null, 'No bank rail is set up on this server.');
  };
  return {
    listBanks: refuse,
    virtualAccountBanks: refuse,
    openVirtualAccount: refuse,
    resolveAccount: refuse,
    resolveBvn: refuse,
    sendTransfer: refuse,
    queryTransfer: refuse,
  };
};

/**
 * The configured rail. The sandbox answers in production only when BANKING_SANDBOX=1 says so (a demo
 * server): its account numbers are made up, and real customers must never be shown one.
 */
export const createBanking = (
  kind: 'sandbox',
  opts: { latencyMs: number; sandboxAllowed: boolean; outbox: SandboxOutbox; transferSeconds: number },
): BankingProvider => {
  switch (kind) {
    case 'sandbox':
      return opts.sandboxAllowed ? createSandboxBanking(opts) : noRail();
  }
};
