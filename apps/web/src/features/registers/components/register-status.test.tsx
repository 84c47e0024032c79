import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { Register, RegisterSession } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { RegisterStatus } from './register-status';

let registers: Register[] = [];
let canOperate = true;
const openMutate = vi.fn();

vi.mock('../api/registers', () => ({
  useRegisters: () => ({ isPending: false, error: null, data: registers, refetch: vi.fn() }),
  useCanOperateRegisters: () => canOperate,
  useOpenRegisterMutation: () => ({ mutate: openMutate, isPending: false, error: null }),
}));
vi.mock('@/lib/session-store', () => ({ useSession: () => ({ user: { _id: 'me' } }) }));

const session = (over: Partial<RegisterSession>): RegisterSession => ({
  _id: 's',
  id: 's',
  register_id: 'r',
  store_id: 'st',
  status: 'open',
  opened_by: 'other',
  opened_by_name: 'Other',
  opened_at: '2026-11-22T08:00:00.000Z',
  operator_id: 'other',
  operator_name: 'Other',
  float_amount: 0,
  totals: { float: 0, sales: 0, refunds: 0, cash_added: 0, cash_removed: 0, expected_cash: 0 },
  expected_cash: 0,
  counted_cash: null,
  difference: null,
  closed_by: null,
  closed_by_name: null,
  closed_at: null,
  closing_note: null,
  ...over,
});

const reg = (id: string, name: string, s: RegisterSession | null): Register => ({
  _id: id,
  id,
  business_id: 'b',
  store_id: 'st',
  store_name: 'Wuse',
  name,
  status: s ? 'open' : 'closed',
  session: s,
  expected_cash: s ? s.expected_cash : null,
  created_at: '2026-11-22T07:00:00.000Z',
  updated_at: '2026-11-22T07:00:00.000Z',
});

beforeEach(() => {
  canOperate = true;
  openMutate.mockReset();
});
afterEach(cleanup);

describe('RegisterStatus', () => {
  it('shows the open register the user operates, before a newer one of someone else', () => {
    registers = [
      reg(
        'r1',
        'Till 1',
        session({ operator_id: 'me', opened_at: '2026-11-22T08:00:00.000Z', expected_cash: 1500 }),
      ),
      reg('r2', 'Till 2', session({ opened_at: '2026-11-22T09:00:00.000Z', expected_cash: 99 })),
    ];
    renderUi(<RegisterStatus storeId="st" />);
    expect(screen.getByText(/Till 1 open · ₦1,500\.00/)).toBeTruthy();
    expect(screen.queryByText(/Till 2/)).toBeNull();
  });

  it('says the register is closed and opens one with a float', async () => {
    registers = [reg('r1', 'Main till', null)];
    renderUi(<RegisterStatus storeId="st" />);
    expect(screen.getByText('Register closed')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Open register' })));
    const input = await screen.findByLabelText('Opening float');
    await act(async () => void fireEvent.change(input, { target: { value: '2500' } }));
    const submit = screen.getAllByRole('button', { name: 'Open register' }).at(-1)!;
    await act(async () => void fireEvent.click(submit));
    expect(openMutate).toHaveBeenCalledWith({ id: 'r1', body: { float: 2500 } }, expect.anything());
  });

  it('offers no "Open register" to a role that cannot take sales', () => {
    canOperate = false;
    registers = [reg('r1', 'Main till', null)];
    renderUi(<RegisterStatus storeId="st" />);
    expect(screen.getByText('Register closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open register' })).toBeNull();
  });
});
