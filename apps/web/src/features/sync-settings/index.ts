/** What other parts of the app use from Sync Settings: the words for sync modules and waiting uploads. */
export { moduleLabel, pendingSummary } from './lib/labels';
export { useSyncNowDialog } from './components/sync-now';
