import type { BankingProvider } from './banking-provider.js';
import { createSandboxBanking } from './sandbox-banking.js';

export {
  BankingError,
  type Bank,
  type BankingFailure,
  type BankingProvider,
  type VirtualAccount,
} from './banking-provider.js';
export { isValidNuban, nubanOf } from './nuban.js';
export { sandboxTransferEvent } from './sandbox-events.js';
export {
  bankEventEnvelope,
  signBody,
  SIGNATURE_HEADER,
  transferReceivedEvent,
  verifySignature,
  type TransferReceivedEvent,
} from './events.js';

export const createBanking = (kind: 'sandbox', opts: { latencyMs: number }): BankingProvider => {
  switch (kind) {
    case 'sandbox':
      return createSandboxBanking(opts);
  }
};
