import { z } from 'zod';
import { email, requiredText } from '../validation/zod-rules.js';

export const sendEmailBody = z.object({
  to: email('to'),
  subject: requiredText('subject', 200),
  body: requiredText('body', 10_000),
});

export const supportIssue = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
});

export const uploadData = z.object({
  url: z.string(),
  file_url: z.string(),
  mime_type: z.string(),
  size: z.number(),
});
