import { describe, expect, it, vi, afterEach } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderUi } from '@/components/ui/test-utils';
import { DeviceOtpModal, normalizeDeviceCode } from './device-otp-modal';

afterEach(cleanup);

const open = () =>
  renderUi(
    <DeviceOtpModal
      opened
      email="ada@shop.ng"
      password="Secret@123"
      onClose={vi.fn()}
      onVerified={vi.fn()}
    />,
  );

describe('DeviceOtpModal', () => {
  it('keeps Verify disabled until exactly 4 characters are entered', () => {
    open();
    const input = screen.getByLabelText(/Verification code/) as HTMLInputElement;
    const submit = screen.getByRole('button', { name: /Verify and continue/ }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'k7q' } });
    expect(input.value).toBe('K7Q');
    expect(submit.disabled).toBe(true);
    fireEvent.blur(input);
    expect(screen.getByText('The otp must be exactly 4 characters long.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'k7q2' } });
    expect(input.value).toBe('K7Q2');
    expect(submit.disabled).toBe(false);
  });

  it('says where the code was sent', () => {
    open();
    expect(screen.getByText('ada@shop.ng')).toBeTruthy();
  });

  it('accepts only capitals and digits, at most 4', () => {
    expect(normalizeDeviceCode(' k7-q2x9 ')).toBe('K7Q2');
  });
});
