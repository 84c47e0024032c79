import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ONLINE_BANNER_HIDE_MS, TEXT } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { ConnectivityBanner, OFFLINE_TEXT } from './connectivity-banner';
import { ContentErrorBoundary } from './content-error-boundary';
import { FraudBlock } from './fraud-block';
import { UpdatePrompt } from './update-prompt';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('connectivity banner', () => {
  it('shows offline at once and "You are online!" for 4 s when back', () => {
    vi.useFakeTimers();
    renderUi(<ConnectivityBanner />);
    expect(screen.queryByTestId('connectivity-banner')).toBeNull();
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText(OFFLINE_TEXT)).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByText(TEXT.youAreOnline)).toBeTruthy();
    act(() => void vi.advanceTimersByTime(ONLINE_BANNER_HIDE_MS - 10));
    expect(screen.getByText(TEXT.youAreOnline)).toBeTruthy();
    act(() => void vi.advanceTimersByTime(20));
    expect(screen.queryByTestId('connectivity-banner')).toBeNull();
  });
});

describe('application error', () => {
  it('replaces a crashed page with the reload button', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Boom = () => {
      throw new Error('Cannot read the basket');
    };
    renderUi(
      <ContentErrorBoundary resetKey="/x">
        <Boom />
      </ContentErrorBoundary>,
    );
    expect(screen.getByRole('button', { name: TEXT.reload })).toBeTruthy();
    expect(screen.getByText(/Cannot read the basket/)).toBeTruthy();
    quiet.mockRestore();
  });
});

describe('fraud block', () => {
  it('says what to do and links to support by e-mail', () => {
    renderUi(<FraudBlock />);
    expect(screen.getByText(TEXT.fraud)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Contact Support/ }).getAttribute('href')).toMatch(/^mailto:/);
  });
});

describe('forced update', () => {
  it('reads "Click to update", then "Updating..." and asks the worker to update', () => {
    const onUpdate = vi.fn(() => new Promise<void>(() => {}));
    renderUi(<UpdatePrompt onUpdate={onUpdate} />);
    expect(screen.getByText(TEXT.criticalUpdate)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TEXT.clickToUpdate }));
    expect(onUpdate).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: TEXT.updating })).toBeTruthy();
  });
});
