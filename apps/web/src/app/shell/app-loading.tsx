import type { CSSProperties } from 'react';

/** Plain markup, no UI kit, so these add almost nothing to the first download. */
const whole: CSSProperties = {
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  font: '500 15px system-ui, sans-serif',
  color: '#495057',
  textAlign: 'center',
  padding: 16,
};

/** What a full load shows while the first screen's code arrives (also React Router's hydrate fallback). */
export const AppLoading = () => (
  <div role="status" aria-live="polite" style={whole}>
    Loading…
  </div>
);

/** The router's code could not be fetched (offline before the app was saved, or a broken connection). */
export const AppLoadFailed = () => (
  <div role="alert" style={whole}>
    <div>
      <p>The app could not load. Check your connection.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{ font: 'inherit', padding: '8px 16px' }}
      >
        Try again
      </button>
    </div>
  </div>
);
