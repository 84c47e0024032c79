import { isAdmin, type Session } from '@/lib/session-store';

/** Adding and editing stores needs the "Stores" setting permission (admin has every permission). */
export const canManageStores = (session: Session | null): boolean =>
  isAdmin(session) || !!session?.user.permissions.includes('settings.stores');
