import type { SendEmailBody } from '@ms/contracts';
import type { Deps } from '../../deps.js';

/** Per business, so one business cannot use the product to flood inboxes. */
const EMAILS_PER_HOUR = 50;

/** The "send e-mail" utility (e.g. a receipt or an invoice link) through the notification rail. */
export const sendUtilityEmail = async (
  deps: Deps,
  caller: { businessId: string; userId: string },
  body: SendEmailBody,
) => {
  await deps.rateLimiter.hit(`utility_email:${caller.businessId}`, EMAILS_PER_HOUR, 60 * 60);
  await deps.notifications.send({
    channel: 'email',
    to: body.to,
    subject: body.subject,
    body: body.body,
    kind: 'utility_email',
    businessId: caller.businessId,
    meta: { userId: caller.userId },
  });
  return { to: body.to, subject: body.subject };
};
