import { useSyncExternalStore } from 'react';
import { MODULES } from './modules';

/**
 * How often each module syncs (spec 000 §3 "Sync settings", §9 defaults), editable on the Sync
 * Settings screen and kept per business in localStorage.
 */
export type SyncSetting = { name: string; frequency: number };

/** Shortest allowed period: faster than this would keep a cashier's phone busy syncing. */
export const MIN_FREQUENCY_MS = 10_000;

const key = (businessId: string) => `ms.syncSettings.${businessId}`;

let activeBusiness: string | null = null;
let cache: readonly SyncSetting[] = [];
const listeners = new Set<() => void>();

const readSaved = (businessId: string): Record<string, number> => {
  try {
    return JSON.parse(localStorage.getItem(key(businessId)) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
};

const settingsOf = (businessId: string | null): SyncSetting[] => {
  const saved = businessId ? readSaved(businessId) : {};
  return MODULES.map((m) => ({ name: m.name, frequency: saved[m.name] ?? m.defaultFrequency }));
};

const refresh = () => {
  cache = settingsOf(activeBusiness);
  listeners.forEach((l) => l());
};

/** The business whose settings the hooks show (set by the engine when a session starts). */
export const setSettingsBusiness = (businessId: string | null): void => {
  activeBusiness = businessId;
  refresh();
};

/** A module's period in ms for a business (saved value, else the spec's default). */
export const frequencyOf = (businessId: string, name: string): number =>
  settingsOf(businessId).find((s) => s.name === name)?.frequency ?? MODULES[0]!.defaultFrequency;

/** Change a module's period (ms) for the active business; the next run uses it. */
export const setSyncFrequency = (name: string, ms: number, businessId = activeBusiness): void => {
  if (!businessId) throw new Error('setSyncFrequency: no business is signed in');
  if (!MODULES.some((m) => m.name === name)) throw new Error(`setSyncFrequency: unknown module ${name}`);
  if (!Number.isFinite(ms) || ms < MIN_FREQUENCY_MS)
    throw new Error(`setSyncFrequency: frequency must be at least ${MIN_FREQUENCY_MS} ms`);
  localStorage.setItem(key(businessId), JSON.stringify({ ...readSaved(businessId), [name]: Math.round(ms) }));
  if (businessId === activeBusiness) refresh();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => (cache.length ? cache : (cache = settingsOf(activeBusiness)));

export const useSyncSettings = (): readonly SyncSetting[] =>
  useSyncExternalStore(subscribe, snapshot, snapshot);
