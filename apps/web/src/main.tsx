import './mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot, prepareFirstScreen } from './app/app-root';
import { Providers } from './app/providers';

// Drawn even if preparing failed (AppRoot decides again on its own).
void prepareFirstScreen()
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <AppRoot />
        </Providers>
      </StrictMode>,
    ),
  );
