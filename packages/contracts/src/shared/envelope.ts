import { z } from 'zod';

/** Every response, errors included, is this envelope. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.boolean(), message: z.string(), data, code: z.string().optional() });

export const errorEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  data: z.null(),
  code: z.string().optional(),
});

export type Envelope<T> = { status: boolean; message: string; data: T; code?: string };
