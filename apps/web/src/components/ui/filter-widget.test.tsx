import { describe, expect, it, vi, afterEach } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { DateFilter, presetRange, summarizeNames } from './filter-widget';
import { renderUi } from './test-utils';

afterEach(cleanup);

// A Wednesday, mid-morning local time.
const now = new Date(2025, 2, 12, 10, 30);

describe('date presets', () => {
  it('Today and Yesterday are single local days', () => {
    expect(presetRange('Today', now)).toEqual({ preset: 'Today', start: '2025-03-12', end: '2025-03-12' });
    expect(presetRange('Yesterday', now)).toEqual({
      preset: 'Yesterday',
      start: '2025-03-11',
      end: '2025-03-11',
    });
  });

  it('Last Week and Last Month run up to today', () => {
    expect(presetRange('Last Week', now)).toEqual({
      preset: 'Last Week',
      start: '2025-03-05',
      end: '2025-03-12',
    });
    expect(presetRange('Last Month', now)).toEqual({
      preset: 'Last Month',
      start: '2025-02-12',
      end: '2025-03-12',
    });
  });

  it('crosses month and year ends, and keeps a short month', () => {
    expect(presetRange('Yesterday', new Date(2025, 0, 1))).toMatchObject({
      start: '2024-12-31',
      end: '2024-12-31',
    });
    expect(presetRange('Last Month', new Date(2025, 2, 31))).toMatchObject({
      start: '2025-02-28',
      end: '2025-03-31',
    });
  });

  it('the widget emits the range of the chosen preset', () => {
    const onChange = vi.fn();
    renderUi(<DateFilter value="Today" onChange={onChange} now={() => now} />);
    fireEvent.click(screen.getByText('Yesterday'));
    expect(onChange).toHaveBeenCalledWith({ preset: 'Yesterday', start: '2025-03-11', end: '2025-03-11' });
  });
});

describe('multi-select summary', () => {
  it('shows two names then +N', () => {
    expect(summarizeNames(['Ikeja'])).toBe('Ikeja');
    expect(summarizeNames(['Ikeja', 'Yaba'])).toBe('Ikeja, Yaba');
    expect(summarizeNames(['Ikeja', 'Yaba', 'Lekki', 'Ajah'])).toBe('Ikeja, Yaba +2');
  });
});
