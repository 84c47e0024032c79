/**
 * The change of where money goes being confirmed (choose → password → PIN). Kept in memory only: the
 * password never goes into the URL, the history state or storage, and a reload starts over.
 */
export type PendingChange =
  | { kind: 'account'; store_id: string | null; bank_account_id: string; label: string }
  | { kind: 'type'; settlement_type: 'business' | 'store'; label: string };

let change: PendingChange | null = null;
let password: string | null = null;

export const pendingChange = {
  start: (next: PendingChange) => {
    change = next;
    password = null;
  },
  get: () => change,
  setPassword: (value: string) => {
    password = value;
  },
  password: () => password,
  clear: () => {
    change = null;
    password = null;
  },
};
