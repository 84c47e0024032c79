/**
 * What a full load shows while the first screen's code arrives (React Router's hydrate fallback):
 * plain markup, no UI kit, so it adds almost nothing to the first download.
 */
export const AppLoading = () => (
  <div
    role="status"
    aria-live="polite"
    style={{
      minHeight: '100dvh',
      display: 'grid',
      placeItems: 'center',
      font: '500 15px system-ui, sans-serif',
      color: '#495057',
    }}
  >
    Loading…
  </div>
);
