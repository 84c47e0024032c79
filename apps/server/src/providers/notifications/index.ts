import type { Database } from '../../db/database.js';
import type { NotificationProvider } from './notification-provider.js';
import { createSandboxNotifications } from './sandbox-notifications.js';

export type { Notification, NotificationProvider } from './notification-provider.js';

export const createNotifications = (kind: 'sandbox', db: Database): NotificationProvider => {
  switch (kind) {
    case 'sandbox':
      return createSandboxNotifications(db);
  }
};
