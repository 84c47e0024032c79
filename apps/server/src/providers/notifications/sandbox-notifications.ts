import type { Database } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { Notification, NotificationProvider } from './notification-provider.js';

/** Sandbox rail: nothing leaves the machine; every message lands in the `outbox` table. */
export const createSandboxNotifications = (db: Database): NotificationProvider => ({
  async send(n: Notification) {
    const to = n.to.trim();
    if (n.channel === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to))
      throw new Error(`invalid e-mail recipient: ${to}`);
    await db
      .insertInto('outbox')
      .values({
        id: newId(),
        business_id: n.businessId ?? null,
        channel: n.channel,
        recipient: to.toLowerCase(),
        subject: n.subject,
        body: n.body,
        kind: n.kind,
        meta: JSON.stringify(n.meta ?? {}),
      })
      .execute();
  },
});
