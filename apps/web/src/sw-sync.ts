/// <reference lib="webworker" />
/*
 * The service worker's own uploads (spec 000 §4, §7.4): when a Background Sync event fires and no
 * tab answers, the worker uploads a business's waiting records itself with the sync instructions
 * the page sent (auth token, business id, tables, batch URL). It runs the engine's own upload
 * (flushUploads: batches, per-record outcomes, strict transactions, the `ms-upload-<b>` Web Lock
 * shared with the tabs) and only swaps the transport: the worker has no localStorage session.
 */
import Dexie, { type Table } from 'dexie';
import type { UploadResponse, UploadResult } from '@ms/contracts';
import { ApiError } from './lib/api-error';
import type { LocalRecord } from './offline/db';
import type { SyncInstructions, UploadModule, UploadTarget } from './offline/sw-bridge';
import { flushUploads } from './offline/upload';
import { UPLOADERS } from './offline/uploaders';

/** The instructions, kept in the worker's own small database (it is stopped and restarted at will). */
class WorkerStore extends Dexie {
  instructions!: Table<SyncInstructions, string>;
  constructor() {
    super('ms-sw');
    this.version(1).stores({ instructions: 'businessId' });
  }
}
const store = new WorkerStore();

export const saveInstructions = (instructions: SyncInstructions) => store.instructions.put(instructions);
export const readInstructions = () => store.instructions.toArray();
export const forgetInstructions = async (businessId?: string) => {
  if (businessId) await store.instructions.delete(businessId);
  else await store.instructions.clear();
};

/** POST one batch as the page would (same headers), answering each record as the server did. */
const post = async (
  instructions: SyncInstructions,
  target: UploadTarget,
  records: LocalRecord[],
): Promise<UploadResult[]> => {
  let response: Response;
  try {
    response = await fetch(target.batchUrl, {
      method: 'POST',
      headers: {
        ...instructions.headers,
        Authorization: `Bearer ${instructions.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({ [target.bodyKey]: records }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new ApiError('The network is not reachable', 0);
  }
  const envelope = (await response.json().catch(() => null)) as {
    status?: boolean;
    message?: string;
    code?: string;
    data?: UploadResponse;
  } | null;
  if (!response.ok || !envelope || envelope.status === false || !envelope.data)
    throw new ApiError(
      envelope?.message || `Request failed (${response.status})`,
      response.status,
      envelope?.code,
    );
  return envelope.data.results;
};

/** Upload one module's waiting records of this business from the worker. */
export const uploadFromWorker = async (instructions: SyncInstructions, module: UploadModule) => {
  for (const target of instructions.tables) {
    UPLOADERS[target.table] = {
      ...UPLOADERS[target.table],
      send: (_businessId, records) => post(instructions, target, records),
    };
  }
  await flushUploads(instructions.businessId, { modules: [module] });
};
