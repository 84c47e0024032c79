import { z } from 'zod';

const step = z.object({ status: z.boolean() });

/** Getting-started checklist (spec 000 §3), computed from real data. */
export const gettingStarted = z.object({
  kyc: step,
  firstSale: step,
  hasAddedAProduct: step,
  requestedTerminal: step,
  hasCreatedFixedAccount: step,
});
export type GettingStarted = z.infer<typeof gettingStarted>;
