import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { notifications, notificationsStore } from '@mantine/notifications';
import { Providers } from './providers';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const shims = () => {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
};

describe('Providers toasts', () => {
  it('loads the toast list with the first toast and shows it', async () => {
    shims();
    render(<Providers>page</Providers>);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => void notifications.show({ title: 'Something went wrong', message: 'Server said no' }));
    expect(await screen.findByText('Server said no')).toBeTruthy();
  });

  it('sets the store up like the mounted list: three at a time, top right', () => {
    expect(notificationsStore.getState().limit).toBe(3);
    expect(notificationsStore.getState().defaultPosition).toBe('top-right');
  });
});
