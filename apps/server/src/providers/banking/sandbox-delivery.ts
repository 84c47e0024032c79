import type { InTx } from '../../db/database.js';
import type { Jobs } from '../../jobs/index.js';
import { signBody } from './events.js';

/**
 * How the sandbox rail delivers its events, as Paystack and Flutterwave do: each event is signed and
 * POSTed to our webhook by a background job; anything but a 2xx answer (or no answer in 10 s) is
 * tried again with back-off (doubling from `retrySeconds`, for about a day); and some events arrive
 * twice, a few seconds apart (`duplicateRate`). Events queued with a delay arrive in another order
 * than they were made. The queue is the app's job queue, so a delivery survives a restart.
 */
export const SANDBOX_DELIVERY_QUEUE = 'bank-sandbox-delivery';

type Delivery = { body: string; repeat?: boolean };

/** Sends one signed body to the webhook; answers the HTTP status (throws when nothing answered). */
export type WebhookTransport = (rawBody: string, signature: string) => Promise<number>;

export type SandboxOutbox = {
  /** Queues an event for delivery; with `tx`, only if that transaction commits. */
  send: (event: object, opts?: { tx?: InTx; delaySeconds?: number }) => Promise<void>;
};

export const sandboxOutbox = (jobs: Pick<Jobs, 'send'>): SandboxOutbox => ({
  send: async (event, opts = {}) => {
    await jobs.send<Delivery>(
      SANDBOX_DELIVERY_QUEUE,
      { body: JSON.stringify(event) },
      {
        ...(opts.tx ? { tx: opts.tx } : {}),
        ...(opts.delaySeconds ? { startAfterSeconds: opts.delaySeconds } : {}),
      },
    );
  },
});

/** Runs the deliveries in this process. */
export const startSandboxDelivery = (
  jobs: Pick<Jobs, 'send' | 'work'>,
  opts: {
    secret: string;
    transport: WebhookTransport;
    duplicateRate: number;
    retrySeconds: number;
    random?: () => number;
  },
): Promise<void> => {
  const random = opts.random ?? Math.random;
  return jobs.work<Delivery>(
    {
      name: SANDBOX_DELIVERY_QUEUE,
      // 5 s doubling, capped at an hour: about a day of tries.
      retryLimit: 30,
      retryDelaySeconds: opts.retrySeconds,
      retryDelayMaxSeconds: 3600,
      expireInSeconds: 60,
    },
    async (delivery, job) => {
      const status = await opts.transport(delivery.body, signBody(opts.secret, delivery.body));
      if (status < 200 || status > 299) throw new Error(`the webhook answered ${status}`);
      if (!delivery.repeat && job.retryCount === 0 && random() < opts.duplicateRate)
        await jobs.send<Delivery>(
          SANDBOX_DELIVERY_QUEUE,
          { body: delivery.body, repeat: true },
          { startAfterSeconds: 1 + Math.floor(random() * 5) },
        );
    },
    { concurrency: 2 },
  );
};
