import { describe, expect, it, vi, afterEach } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { PinInput } from './pin-input';
import { renderUi } from './test-utils';

afterEach(cleanup);

const Controlled = ({ onChange }: { onChange: (v: string) => void }) => {
  const [pin, setPin] = useState('');
  return (
    <PinInput
      value={pin}
      onChange={(v) => {
        setPin(v);
        onChange(v);
      }}
    />
  );
};

describe('PinInput', () => {
  it('shows four masked boxes and emits the combined value as digits are typed', () => {
    const onChange = vi.fn();
    renderUi(<Controlled onChange={onChange} />);
    const boxes = screen.getAllByLabelText('PIN');
    expect(boxes).toHaveLength(4);
    boxes.forEach((b) => expect(b.getAttribute('type')).toBe('password'));

    '1234'.split('').forEach((digit, i) => fireEvent.change(boxes[i]!, { target: { value: digit } }));
    expect(onChange).toHaveBeenLastCalledWith('1234');
    expect(onChange.mock.calls.map((c) => c[0])).toEqual(['1', '12', '123', '1234']);
  });

  it('ignores letters', () => {
    const onChange = vi.fn();
    renderUi(<Controlled onChange={onChange} />);
    fireEvent.change(screen.getAllByLabelText('PIN')[0]!, { target: { value: 'a' } });
    expect(onChange).not.toHaveBeenCalledWith('a');
  });
});
