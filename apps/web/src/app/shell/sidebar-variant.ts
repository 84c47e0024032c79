import { useSyncExternalStore } from 'react';

/** Which sidebar the shell draws (spec 000 §2.5 / §2.6); chosen on the Settings page, kept on this device. */
export type SidebarVariant = 'searchable' | 'rail';

const KEY = 'ms.sidebarVariant';
const listeners = new Set<() => void>();

const read = (): SidebarVariant => {
  try {
    return localStorage.getItem(KEY) === 'rail' ? 'rail' : 'searchable';
  } catch {
    return 'searchable';
  }
};

let current: SidebarVariant = read();

export const setSidebarVariant = (variant: SidebarVariant) => {
  current = variant;
  try {
    localStorage.setItem(KEY, variant);
  } catch {
    // Private mode or a full disk: the choice lasts until reload.
  }
  listeners.forEach((l) => l());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const get = () => current;

export const useSidebarVariant = (): SidebarVariant => useSyncExternalStore(subscribe, get, get);
