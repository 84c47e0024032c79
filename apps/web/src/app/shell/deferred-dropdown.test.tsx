import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderUi } from '@/components/ui/test-utils';
import { MoreOptionsMenu } from './more-options-menu';
import { SyncIndicator } from './sync-indicator';

afterEach(cleanup);

describe('top bar dropdowns loaded on first use', () => {
  it('the more-options button looks like a closed menu target, then opens the real menu', async () => {
    const onLogout = vi.fn();
    renderUi(<MoreOptionsMenu onLogout={onLogout} />);
    const button = screen.getByRole('button', { name: 'More options' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    act(() => button.focus());
    await act(async () => void fireEvent.click(button));
    const logout = await screen.findByRole('menuitem', { name: 'Logout' });
    const target = screen.getByRole('button', { name: 'More options' });
    expect(target.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(logout);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('the sync popover opens and closes from its button', async () => {
    renderUi(<SyncIndicator />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /^Sync status/ })));
    expect(await screen.findByText('Sync Settings')).toBeTruthy();
    const target = screen.getByRole('button', { name: /^Sync status/ });
    expect(target.getAttribute('aria-expanded')).toBe('true');
    await act(async () => void fireEvent.click(target));
    expect(target.getAttribute('aria-expanded')).toBe('false');
  });
});
