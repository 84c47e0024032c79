import { describe, expect, it } from 'vitest';
import type { TransferStatus } from '@ms/contracts';
import { transferActions, type TransferViewer } from './transfer-actions';

const IKEJA = 'store-ikeja';
const YABA = 'store-yaba';
const LEKKI = 'store-lekki';
const transfer = (status: TransferStatus) => ({
  status,
  from_store_id: IKEJA,
  to_store_id: YABA,
});
const admin: TransferViewer = { admin: true, storeIds: [], initiateTransfer: true, receiveTransfer: true };
const staff = (over: Partial<TransferViewer>): TransferViewer => ({
  admin: false,
  storeIds: [IKEJA, YABA],
  initiateTransfer: true,
  receiveTransfer: true,
  ...over,
});

describe('transferActions', () => {
  it('offers what each state allows to an admin', () => {
    expect(transferActions(transfer('in_transit'), admin)).toEqual(['receive', 'hold', 'cancel']);
    expect(transferActions(transfer('on_hold'), admin)).toEqual(['release', 'cancel']);
    expect(transferActions(transfer('partially_received'), admin)).toEqual(['receive', 'hold', 'cancel']);
  });

  it('offers nothing on a received or cancelled transfer, whoever asks', () => {
    for (const status of ['received', 'cancelled'] as const) {
      expect(transferActions(transfer(status), admin)).toEqual([]);
      expect(transferActions(transfer(status), staff({}))).toEqual([]);
    }
  });

  it('never offers receive on hold: it must be released first', () => {
    expect(transferActions(transfer('on_hold'), admin)).not.toContain('receive');
  });

  it('lets only the receiving store receive, and only the sending store cancel', () => {
    const atSource = staff({ storeIds: [IKEJA] });
    const atDestination = staff({ storeIds: [YABA] });
    expect(transferActions(transfer('in_transit'), atSource)).toEqual(['hold', 'cancel']);
    expect(transferActions(transfer('in_transit'), atDestination)).toEqual(['receive', 'hold']);
    expect(transferActions(transfer('in_transit'), staff({ storeIds: [LEKKI] }))).toEqual([]);
  });

  it('follows the role: receive needs receive_transfer, cancel needs initiate_transfer', () => {
    expect(transferActions(transfer('in_transit'), staff({ receiveTransfer: false }))).toEqual([
      'hold',
      'cancel',
    ]);
    expect(transferActions(transfer('in_transit'), staff({ initiateTransfer: false }))).toEqual([
      'receive',
      'hold',
    ]);
    expect(
      transferActions(transfer('on_hold'), staff({ initiateTransfer: false, receiveTransfer: false })),
    ).toEqual([]);
  });
});
