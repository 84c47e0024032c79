/** Business constants and limits of spec 000 §9 and spec 001 §9. */
export const TOKEN_REFRESH_AFTER_MS = 23 * 60 * 60 * 1000;
export const TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const DASHBOARD_GRAPH_DAYS = 7;
export const PLATFORM_VERSION = '1.0.20250902.143147';
export const PLATFORM = 'web';
export const LOCAL_DB_VERSION = 1;
export const TOAST_TIMEOUT_MS = 8000;
export const SEARCH_DEBOUNCE_MS = 1000;
export const ONLINE_BANNER_HIDE_MS = 4000;
export const DROPDOWN_SELECT_ALL_MS = 100;
export const MULTISELECT_VISIBLE_NAMES = 2;
export const SYNC_START_DELAY_MS = 7000;
export const SYNC_STAGGER_MS = 3000;
export const SYNC_DEFAULT_FREQUENCY_MS = 300_000;
export const SYNC_CUSTOMERS_FREQUENCY_MS = 60_000;
export const SYNC_PRODUCTS_FREQUENCY_MS = 80_000;
export const SYNC_MONITOR_POLL_MS = 5000;
export const SYNC_STALE_AFTER_MS = 86_400_000;
export const KYC_CHECK_EVERY_MS = 86_400_000;
export const TRANSACTING_CHECK_PERIOD_MS = 2_629_800_000;
export const TRANSACTING_THRESHOLD_NAIRA = 100_000;
export const SHELL_COLLAPSE_PX = 640;
export const CATEGORY_COLLAPSE_PX = 800;
export const DEVICE_OTP_LENGTH = 4;
export const PIN_LENGTH = 4;
export const SERIAL_PAD = 3;
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_UPLOAD_MAX_BYTES = 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const PAYMENT_METHODS = [
  { id: 'cash', label: 'cash' },
  { id: 'fixed_account', label: 'bank transfer (fixed)' },
] as const;

/** Exact user-facing texts the spec quotes. */
export const TEXT = {
  deviceNotRecognized: 'Device not recognized - Logout and login again to add device',
  loggedOutOnSwitch: "Logged you out because of an update. Kindly log back in and you'd be fine",
  fraud: 'We noticed an issue with your ID. Kindly contact support to rectify.',
  reload: 'Click to Roload',
  criticalUpdate: 'Critical New Update',
  clickToUpdate: 'Click to update',
  updating: 'Updating. This might take a while....',
  youAreOnline: 'You are online!',
  logoutConfirm: 'Do you want to log out?',
  logoutConfirmNamed: (name: string) => `Are you sure you wan to log ${name} out?`,
  noResultsFor: 'No Results for',
  invalidType: 'Invalid Type',
  syncing: 'Syncing',
  synced: 'Synced',
  noSync: 'No ongoing sync operation',
  syncOngoing: 'Syncing is ongoing',
  syncDone: 'Syncing is done',
  syncFailed: 'Syncing failed. You can try again',
  syncError: 'A sync error occured',
  incorrectPin: 'Incorrect PIN',
  walletBlocked: 'Access to Wallet Blocked. Please Contact the provider',
  tagCreated: 'Tag has been created successfully.',
  tagEdited: 'Tag has been edited successfully.',
  tagDeleted: 'Tag has been deleted successfully.',
  modifierSetCreated: 'Modifier set created successfully',
  noProductYet: 'No product added yet.',
  addTagOptional: 'Add Tag (Optional)',
} as const;

/** Error codes carried in the envelope's `code`. */
export const CODES = { deviceOtpRequired: 'DEV001', deviceNotRecognized: 'DEV002' } as const;
