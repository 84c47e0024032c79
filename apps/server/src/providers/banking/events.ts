import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The events the bank rail sends to `POST /v1/webhooks/banking`: JSON, signed with HMAC-SHA512 of
 * the raw body under the shared secret, hex, in the `x-bank-signature` header (as Paystack's
 * `x-paystack-signature`). Each has an id of its own; a delivery may repeat or arrive out of order.
 * Amounts are kobo.
 */
export const SIGNATURE_HEADER = 'x-bank-signature';

export const signBody = (secret: string, rawBody: Buffer | string): string =>
  createHmac('sha512', secret).update(rawBody).digest('hex');

/** Constant-time comparison of the header with the body's signature. */
export const verifySignature = (secret: string, rawBody: Buffer, header: string | undefined): boolean => {
  if (!header || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
};

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'));
/** Kobo, at most ₦10 billion a transfer (far above NIP's limits; keeps every sum exact). */
const kobo = z.number().int().positive().max(1_000_000_000_000);

/** Money arrived on one of our virtual accounts. */
export const transferReceivedEvent = z.object({
  id: text(120).min(1),
  event: z.literal('transfer.received'),
  data: z.object({
    /** The rail's reference for the transfer (the NIP session id), unique at the rail. */
    reference: text(120).min(1),
    account_number: z.string().regex(/^\d{10}$/),
    bank_code: z.string().regex(/^\d{3}$/),
    amount: kobo,
    currency: z.literal('NGN'),
    payer: z.object({
      name: text(120).nullable(),
      bank_code: z
        .string()
        .regex(/^\d{3}$/)
        .nullable(),
      bank_name: text(120).nullable(),
      account_number: z
        .string()
        .regex(/^\d{10}$/)
        .nullable(),
    }),
    narration: text(200).nullable(),
    paid_at: z.iso.datetime({ offset: true }),
  }),
});
export type TransferReceivedEvent = z.infer<typeof transferReceivedEvent>;

/** What became of a transfer we sent (a payout): `data.reference` is ours. */
export const TRANSFER_OUTCOME_EVENTS = ['transfer.success', 'transfer.failed', 'transfer.reversed'] as const;
export type TransferOutcomeType = (typeof TRANSFER_OUTCOME_EVENTS)[number];

export const transferOutcomeEvent = z.object({
  id: text(120).min(1),
  event: z.enum(TRANSFER_OUTCOME_EVENTS),
  data: z.object({
    reference: text(120).min(1),
    provider_reference: text(120).min(1),
    amount: kobo,
    currency: z.literal('NGN'),
    /** Why, for a failure or a reversal (the bank's words). */
    reason: text(200).nullable(),
    at: z.iso.datetime({ offset: true }),
  }),
});
export type TransferOutcomeEvent = z.infer<typeof transferOutcomeEvent>;

/** Any event: its id and type are all the webhook needs to store it. */
export const bankEventEnvelope = z.object({ id: text(120).min(1), event: text(80).min(1) });
