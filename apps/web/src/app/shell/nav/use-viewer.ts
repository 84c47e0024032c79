import { isAdmin, useSession } from '@/lib/session-store';
import type { Viewer } from './nav-entries';

const NO_PERMISSIONS: readonly string[] = [];

export const useViewer = (): Viewer => {
  const session = useSession();
  return {
    admin: isAdmin(session),
    businessId: session?.business._id,
    permissions: session?.user.permissions ?? NO_PERMISSIONS,
  };
};

/** A link is active on its own path and on paths below it. */
export const isActivePath = (pathname: string, to: string) =>
  pathname === to || pathname.startsWith(`${to}/`);
