import { z } from 'zod';
import { email, requiredText } from '../validation/zod-rules.js';

export const sendEmailBody = z.object({
  to: email('to'),
  subject: requiredText('subject', 200),
  body: requiredText('body', 10_000),
});

export const sendEmailData = z.object({ to: z.string(), subject: z.string() });

export const supportIssue = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
});

/** POST /v1/uploads/: `url` is served by this API at /files/...; `file_url` is the same, absolute. */
export const uploadData = z.object({
  url: z.string(),
  file_url: z.string(),
  mime_type: z.string(),
  size: z.number(),
});

export type SendEmailBody = z.infer<typeof sendEmailBody>;
export type SupportIssue = z.infer<typeof supportIssue>;
export type UploadData = z.infer<typeof uploadData>;
