import type { ChangeTopic } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { notifyIn } from '../../db/notify.js';

/** The one channel every server process listens on for changes to tell open devices about. */
export const CHANGES_CHANNEL = 'ms_changes';

/** What changed: a topic, the stores it concerns (absent: the whole business), a few ids. */
export type Change = {
  topic: ChangeTopic;
  stores?: readonly string[];
  ids?: readonly string[];
  /** Which setting, for `settings`. */
  what?: string;
};

/** The message between processes: short keys, ids not records (NOTIFY takes at most ~8 kB). */
export type ChangeMessage = {
  b: string;
  at: string;
  c: { t: ChangeTopic; s?: string[]; i?: string[]; w?: string }[];
};

/** More ids than this and a device is just told "download what changed" (it does so by updated_at). */
const MAX_IDS = 50;
const MAX_PAYLOAD = 7_000;

const shrink = (change: Change, keepIds: boolean): ChangeMessage['c'][number] => ({
  t: change.topic,
  ...(change.stores?.length ? { s: [...new Set(change.stores)] } : {}),
  ...(keepIds && change.ids?.length && change.ids.length <= MAX_IDS ? { i: [...new Set(change.ids)] } : {}),
  ...(change.what ? { w: change.what } : {}),
});

/**
 * The message `publishChanges` sends, for a writer that sends it within a statement of its own
 * (`SELECT pg_notify(channel, payload)`, e.g. the stock ledger's one statement).
 */
export const changesNotice = (
  businessId: string,
  changes: readonly Change[],
): { channel: string; payload: string } => {
  const at = new Date().toISOString();
  let payload = JSON.stringify({ b: businessId, at, c: changes.map((c) => shrink(c, true)) });
  if (payload.length > MAX_PAYLOAD)
    payload = JSON.stringify({ b: businessId, at, c: changes.map((c) => shrink(c, false)) });
  return { channel: CHANGES_CHANNEL, payload };
};

/**
 * Tells the business's open devices (on every server process) what changed. Call it inside the
 * writer's transaction: the message is delivered when, and only if, the transaction commits.
 */
export const publishChanges = async (
  tx: Tx,
  businessId: string,
  changes: readonly Change[],
): Promise<void> => {
  if (changes.length === 0) return;
  const { channel, payload } = changesNotice(businessId, changes);
  await notifyIn(tx, channel, payload);
};

/** One change (see `publishChanges`). */
export const publishChange = (tx: Tx, businessId: string, change: Change): Promise<void> =>
  publishChanges(tx, businessId, [change]);
