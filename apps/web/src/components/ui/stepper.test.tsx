import { describe, expect, it, vi, afterEach } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Stepper } from './stepper';
import { renderUi } from './test-utils';

afterEach(cleanup);

const steps = ['Bank details', 'Confirm PIN', 'Thank you'];

describe('Stepper', () => {
  it('shows where the user is, the last step reading "Thank you"', () => {
    renderUi(<Stepper steps={steps} current={3} />);
    expect(screen.getByText(/Step 3 of 3/)).toBeTruthy();
    expect(screen.getByText('Thank you (current)')).toBeTruthy();
    expect(screen.getByText('Bank details (done)')).toBeTruthy();
  });

  it('throws when the current step is past the last one', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderUi(<Stepper steps={steps} current={4} />)).toThrow(
      /Step 4 does not exist: there are 3 steps/,
    );
    quiet.mockRestore();
  });
});
