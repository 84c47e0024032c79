import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { TEXT } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { SearchableSidebar } from './searchable-sidebar';

afterEach(cleanup);

describe('searchable sidebar', () => {
  it('says "No Results for" and the typed text when nothing matches, and asks before logging out', () => {
    const onLogout = vi.fn();
    renderUi(<SearchableSidebar onLogout={onLogout} />);
    fireEvent.change(screen.getByPlaceholderText('Search the menu'), { target: { value: 'Zebra' } });
    expect(screen.getByTestId('nav-no-results').textContent).toBe(`${TEXT.noResultsFor} "Zebra"`);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
