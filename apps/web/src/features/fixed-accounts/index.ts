/** What other features use from fixed accounts: the stores' accounts (the till shows them for a transfer). */
export { useFixedAccounts } from './api/fixed-accounts';
export { FixedAccountToPay } from './components/fixed-account-to-pay';
export { useBankSandbox } from './api/fixed-accounts';
export { TransferAwaited } from './components/transfer-awaited';
export { useConfirmTransferByHand } from './api/transfer-payments';
