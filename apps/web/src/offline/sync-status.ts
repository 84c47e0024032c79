import { useSyncExternalStore } from 'react';

/**
 * What the top bar's sync indicator shows (spec 000 §2.4, §3 "Sync module progress"). The offline
 * engine reports each module's progress here; until it exists no module is running, so the
 * indicator reads "No ongoing sync operation".
 */
export type SyncModuleProgress = {
  name: string;
  done: number;
  total: number;
  type: 'fetch' | 'offline';
  error: string | null;
};

export type SyncPhase = 'none' | 'syncing' | 'done';

let modules: readonly SyncModuleProgress[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const syncStatus = {
  get: (): readonly SyncModuleProgress[] => modules,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Add or replace one module's progress (matched by name). */
  report(progress: SyncModuleProgress) {
    const rest = modules.filter((m) => m.name !== progress.name);
    modules = [...rest, progress];
    emit();
  },
  /** Forget every module (e.g. on logout). */
  clear() {
    modules = [];
    emit();
  },
};

/** none: nothing reported; syncing: a module has work left and no error; done: every module finished or failed. */
export const phaseOf = (list: readonly SyncModuleProgress[]): SyncPhase => {
  if (list.length === 0) return 'none';
  return list.some((m) => !m.error && m.done < m.total) ? 'syncing' : 'done';
};

export const useSyncModules = (): readonly SyncModuleProgress[] =>
  useSyncExternalStore(syncStatus.subscribe, syncStatus.get, syncStatus.get);
