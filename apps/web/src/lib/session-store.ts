import { useSyncExternalStore } from 'react';
import type { BusinessData, LoginData, SessionUser } from '@ms/contracts';

/**
 * The session of spec 000 §3-§4: the current user's token, user and business, plus every saved
 * login keyed by user id (the user switcher). Kept in localStorage so a reload or a restart of
 * the phone keeps the cashier logged in.
 */
export type Session = {
  token: string;
  tokenTimeStamp: number | null;
  user: SessionUser;
  business: BusinessData;
  secondaryToken: string | null;
};

export type SavedLogin = {
  token: string;
  userData: SessionUser;
  businessData: BusinessData;
  tokenTimeStamp: number | null;
  secondaryTokenData: string | null;
};

const CURRENT = 'ms.session';
const SAVED = 'ms.savedUsers';

const read = <T>(key: string): T | null => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
};

let current: Session | null = read<Session>(CURRENT);
let saved: Record<string, SavedLogin> = read<Record<string, SavedLogin>>(SAVED) ?? {};
const listeners = new Set<() => void>();
/** Set while the Login page adds a user (detachCurrent): the guard must not restore a saved user then. */
let detached = false;

const persist = () => {
  if (current) localStorage.setItem(CURRENT, JSON.stringify(current));
  else localStorage.removeItem(CURRENT);
  localStorage.setItem(SAVED, JSON.stringify(saved));
  listeners.forEach((l) => l());
};

const toSaved = (s: Session): SavedLogin => ({
  token: s.token,
  userData: s.user,
  businessData: s.business,
  tokenTimeStamp: s.tokenTimeStamp,
  secondaryTokenData: s.secondaryToken,
});

export const sessionStore = {
  get: (): Session | null => current,
  savedUsers: (): Record<string, SavedLogin> => saved,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A successful login (or device verification): becomes the current user and a saved user. */
  loginWith(data: LoginData) {
    detached = false;
    current = {
      token: data.token,
      tokenTimeStamp: Date.now(),
      user: data.user,
      business: data.business,
      secondaryToken: null,
    };
    saved = { ...saved, [data.user._id]: toSaved(current) };
    persist();
  },
  /** A refreshed token or updated user/business data for the current user. */
  update(patch: Partial<Session>) {
    if (!current) return;
    current = { ...current, ...patch };
    saved = { ...saved, [current.user._id]: toSaved(current) };
    persist();
  },
  /** Route guard: restores the first saved user's session when there is no current one. */
  restoreFirstSaved(): Session | null {
    if (current) return current;
    if (detached) return null;
    const first = Object.values(saved)[0];
    if (!first) return null;
    current = {
      token: first.token,
      tokenTimeStamp: first.tokenTimeStamp,
      user: first.userData,
      business: first.businessData,
      secondaryToken: first.secondaryTokenData,
    };
    persist();
    return current;
  },
  /** Switch to a saved user; false when that login has no token timestamp (it must log in again). */
  switchTo(userId: string): boolean {
    const s = saved[userId];
    if (!s || !s.tokenTimeStamp) {
      const { [userId]: _gone, ...rest } = saved;
      saved = rest;
      persist();
      return false;
    }
    detached = false;
    current = {
      token: s.token,
      tokenTimeStamp: s.tokenTimeStamp,
      user: s.userData,
      business: s.businessData,
      secondaryToken: s.secondaryTokenData,
    };
    persist();
    return true;
  },
  /** Forget one user (logout); the next saved user, if any, becomes current. */
  forget(userId: string) {
    const { [userId]: _gone, ...rest } = saved;
    saved = rest;
    if (current?.user._id === userId) current = null;
    persist();
  },
  /** No current user, saved logins kept: the Login page can add (or re-add) a user to the switcher. */
  detachCurrent() {
    current = null;
    detached = true;
    persist();
  },
  /** Everything but the device id. */
  clearAll() {
    current = null;
    saved = {};
    persist();
  },
};

export const useSession = (): Session | null =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
/** The signed-in business's id ('' when signed out: queries keyed on it stay disabled). */
export const useBusinessId = (): string => useSession()?.business._id ?? '';
export const useSavedUsers = (): Record<string, SavedLogin> =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.savedUsers, sessionStore.savedUsers);

/** The role, lower-cased as spec 000 §6 says. */
export const roleOf = (session: Session | null): string => (session?.user.role ?? '').toLowerCase();
export const isAdmin = (session: Session | null): boolean => roleOf(session) === 'admin';

/** Admin has every permission; other roles have what their role grants ("module.action", e.g. "inventory.adjust_stock"). */
export const hasPermission = (session: Session | null, key: string): boolean =>
  isAdmin(session) || !!session?.user.permissions.includes(key);
