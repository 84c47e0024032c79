import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderUi } from '@/components/ui/test-utils';
import { CashDifference, differenceLabel } from './cash-difference';

describe('CashDifference', () => {
  it('says short in red when less cash was counted than expected', () => {
    renderUi(<CashDifference difference={-145.5} />);
    const text = screen.getByText('Short by ₦145.50');
    expect(text.dataset.state).toBe('short');
    expect(text.getAttribute('style') ?? '').toContain('red');
  });

  it('says over in amber when more cash was counted', () => {
    renderUi(<CashDifference difference={50} />);
    const text = screen.getByText('Over by ₦50.00');
    expect(text.dataset.state).toBe('over');
    expect(text.getAttribute('style') ?? '').toContain('orange');
  });

  it('says exact in green when the drawer balances', () => {
    renderUi(<CashDifference difference={0} />);
    const text = screen.getByText('Exact');
    expect(text.dataset.state).toBe('exact');
    expect(text.getAttribute('style') ?? '').toContain('teal');
  });

  it('labels with thousands separators and ignores float dust', () => {
    expect(differenceLabel(-12345.6)).toBe('Short by ₦12,345.60');
    expect(differenceLabel(0.001)).toBe('Exact');
  });
});
