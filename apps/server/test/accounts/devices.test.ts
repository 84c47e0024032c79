import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, TEXT } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { addCashier, createTestApp, lastEmail, signUp, STRONG_PASSWORD, type TestApp } from '../helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Owner = Awaited<ReturnType<typeof signUp>>;

const listDevices = (token: string | undefined, device = 'test-device-1') =>
  t.request({ method: 'GET', url: '/v1/auth/merchant/devices', token, device });

const removeDevice = (token: string | undefined, id: string, device = 'test-device-1') =>
  t.request({ method: 'DELETE', url: `/v1/auth/merchant/device/${id}`, token, device });

const toggleOtp = (token: string | undefined, body: object) =>
  t.request({ method: 'POST', url: '/api/wallet/toggleotpsettings', token, body });

const loginFrom = (email: string, device: string) =>
  t.request({
    method: 'POST',
    url: '/v1/auth/login',
    device,
    body: {
      email,
      password: STRONG_PASSWORD,
      device: {
        deviceModel: 'Galaxy Tab',
        browserName: 'Chrome',
        browserVersion: '140',
        deviceType: 'Mobile',
      },
    },
  });

/** Logs the owner in from a second device (turning the device OTP off for that), returning its token. */
const secondDevice = async (owner: Owner, device = 'tablet') => {
  expect((await toggleOtp(owner.token, { enabled: false })).statusCode).toBe(200);
  const res = await loginFrom(owner.email, device);
  expect(res.statusCode).toBe(200);
  const row = await t.db
    .selectFrom('devices')
    .select('id')
    .where('business_id', '=', owner.businessId)
    .where('device_id', '=', device)
    .executeTakeFirstOrThrow();
  return { token: res.json().data.token as string, id: row.id, device };
};

const deviceRow = (businessId: string, id: string) =>
  t.db
    .selectFrom('devices')
    .select(['deleted_at', 'whitelisted'])
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const idOfDevice = async (owner: Owner, device = 'test-device-1') =>
  (
    await t.db
      .selectFrom('devices')
      .select('id')
      .where('business_id', '=', owner.businessId)
      .where('device_id', '=', device)
      .executeTakeFirstOrThrow()
  ).id;

describe('GET /v1/auth/merchant/devices', () => {
  it("lists this business's live devices, marking the caller's own", async () => {
    const owner = await signUp(t);
    const tablet = await secondDevice(owner);
    await signUp(t, {}, 'elsewhere-device');
    const res = await listDevices(owner.token);
    expect(res.statusCode).toBe(200);
    const devices = res.json().data as Record<string, unknown>[];
    expect(devices.map((d) => d.deviceId).sort()).toEqual(['tablet', 'test-device-1']);
    expect(devices.find((d) => d.deviceId === 'tablet')).toEqual({
      _id: tablet.id,
      deviceId: 'tablet',
      deviceModel: 'Galaxy Tab',
      browserName: 'Chrome',
      browserVersion: '140',
      deviceType: 'Mobile',
      whitelisted: true,
      current: false,
      user_name: 'Ada Obi',
      last_seen_at: expect.any(String),
      created_at: expect.any(String),
    });
    expect(devices.find((d) => d.deviceId === 'test-device-1')?.current).toBe(true);

    const fromTablet = await listDevices(tablet.token, 'tablet');
    const current = (fromTablet.json().data as { deviceId: string; current: boolean }[]).filter(
      (d) => d.current,
    );
    expect(current.map((d) => d.deviceId)).toEqual(['tablet']);
  });

  it('names the last user of each device', async () => {
    const owner = await signUp(t);
    await addCashier(t, owner);
    const devices = (await listDevices(owner.token)).json().data as { deviceId: string; user_name: string }[];
    expect(devices.find((d) => d.deviceId === 'test-device-1')?.user_name).toBe('Chidi Eze');
  });

  it('answers 401 without a token and 403 for a non-admin', async () => {
    const owner = await signUp(t);
    expect((await listDevices(undefined)).statusCode).toBe(401);
    const cashier = await addCashier(t, owner);
    const res = await listDevices(cashier.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: false, message: 'Only an admin can do this.', data: null });
  });
});

describe('DELETE /v1/auth/merchant/device/{id}', () => {
  it('removes the device: its tokens answer "Device not recognized", others keep working', async () => {
    const owner = await signUp(t);
    const tablet = await secondDevice(owner);
    const res = await removeDevice(owner.token, tablet.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: 'Device removed. It must log in again to be added back.',
      data: null,
    });
    const row = await deviceRow(owner.businessId, tablet.id);
    expect(row.deleted_at).not.toBeNull();
    expect(row.whitelisted).toBe(false);

    const blocked = await listDevices(tablet.token, 'tablet');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      status: false,
      message: 'Device not recognized - Logout and login again to add device',
      data: null,
      code: CODES.deviceNotRecognized,
    });
    const still = await listDevices(owner.token);
    expect(still.statusCode).toBe(200);
    expect((still.json().data as { deviceId: string }[]).map((d) => d.deviceId)).toEqual(['test-device-1']);
    expect((await removeDevice(owner.token, tablet.id)).statusCode).toBe(404);
  });

  it('lets an admin remove the device in use, and says so', async () => {
    const owner = await signUp(t);
    const res = await removeDevice(owner.token, await idOfDevice(owner));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('the device you are using');
    const after = await listDevices(owner.token);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(TEXT.deviceNotRecognized);
  });

  it('re-adds the device on the next login when the business does not ask for a device code', async () => {
    const owner = await signUp(t);
    const tablet = await secondDevice(owner);
    await removeDevice(owner.token, tablet.id);
    const again = await loginFrom(owner.email, 'tablet');
    expect(again.statusCode).toBe(200);
    const row = await deviceRow(owner.businessId, tablet.id);
    expect(row).toEqual({ deleted_at: null, whitelisted: true });
    expect((await listDevices(again.json().data.token, 'tablet')).statusCode).toBe(200);
    // The token issued before the removal does not come back to life.
    expect((await listDevices(tablet.token, 'tablet')).statusCode).toBe(401);
  });

  it('asks for the device code (DEV001) to re-add it when the business requires one', async () => {
    const owner = await signUp(t);
    const tablet = await secondDevice(owner);
    expect((await toggleOtp(owner.token, { enabled: true })).statusCode).toBe(200);
    await removeDevice(owner.token, tablet.id);

    const res = await loginFrom(owner.email, 'tablet');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(CODES.deviceOtpRequired);
    expect((await listDevices(tablet.token, 'tablet')).statusCode).toBe(401);
    const code = (await lastEmail(t, owner.email))!.meta.code!;
    const verified = await t.request({
      method: 'POST',
      url: '/v1/auth/verify/device',
      device: 'tablet',
      body: { email: owner.email, otp: code },
    });
    expect(verified.statusCode).toBe(200);
    expect(await deviceRow(owner.businessId, tablet.id)).toEqual({ deleted_at: null, whitelisted: true });
    expect((await listDevices(verified.json().data.token, 'tablet')).statusCode).toBe(200);
  });

  it("answers 404 for another business's device and leaves it alone", async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t, {}, 'stranger-device');
    const theirs = await idOfDevice(stranger, 'stranger-device');
    const res = await removeDevice(owner.token, theirs);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: 'Device not found', data: null });
    expect((await deviceRow(stranger.businessId, theirs)).deleted_at).toBeNull();
    expect((await removeDevice(owner.token, newId())).statusCode).toBe(404);
  });

  it('names the id on a malformed id (400)', async () => {
    const owner = await signUp(t);
    const res = await removeDevice(owner.token, 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The id must be a valid id.');
  });

  it('answers 401 without a token and 403 for a non-admin', async () => {
    const owner = await signUp(t);
    const id = await idOfDevice(owner);
    expect((await removeDevice(undefined, id)).statusCode).toBe(401);
    const cashier = await addCashier(t, owner);
    const res = await removeDevice(cashier.token, id);
    expect(res.statusCode).toBe(403);
    expect((await deviceRow(owner.businessId, id)).deleted_at).toBeNull();
  });
});

describe('POST /api/wallet/toggleotpsettings', () => {
  it('turned off, a new device logs in directly; turned on, it gets DEV001', async () => {
    const owner = await signUp(t);
    const off = await toggleOtp(owner.token, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ require_device_otp: false });
    expect((await loginFrom(owner.email, 'phone-a')).statusCode).toBe(200);

    const on = await toggleOtp(owner.token, { enabled: true });
    expect(on.json().data).toEqual({ require_device_otp: true });
    const business = await t.db
      .selectFrom('businesses')
      .select('require_device_otp')
      .where('id', '=', owner.businessId)
      .executeTakeFirstOrThrow();
    expect(business.require_device_otp).toBe(true);
    const res = await loginFrom(owner.email, 'phone-b');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(CODES.deviceOtpRequired);
    // A device approved while it was off stays approved.
    expect((await loginFrom(owner.email, 'phone-a')).statusCode).toBe(200);
  });

  it('changes only the caller’s business', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    await toggleOtp(owner.token, { enabled: false });
    expect((await loginFrom(other.email, 'phone-c')).json().code).toBe(CODES.deviceOtpRequired);
  });

  it('answers 401 without a token and 403 for a non-admin', async () => {
    const owner = await signUp(t);
    expect((await toggleOtp(undefined, { enabled: false })).statusCode).toBe(401);
    const cashier = await addCashier(t, owner);
    expect((await toggleOtp(cashier.token, { enabled: false })).statusCode).toBe(403);
    expect((await loginFrom(owner.email, 'phone-d')).json().code).toBe(CODES.deviceOtpRequired);
  });

  it('names the field on bad input (400)', async () => {
    const owner = await signUp(t);
    const res = await toggleOtp(owner.token, { enabled: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('enabled should be boolean');
    expect((await toggleOtp(owner.token, {})).json().message).toBe('enabled should be boolean');
  });
});

describe('a device in use is seen', () => {
  it('moves last_seen_at forward on an authenticated call made over a minute after the last one', async () => {
    const owner = await signUp(t);
    const id = await idOfDevice(owner);
    const longAgo = new Date(Date.now() - 13 * 60_000);
    // deleted_at is written too (unchanged): the auth cache keeps a session's row for a few seconds,
    // and a minute really passing would have let it go; this write empties it the same way.
    await t.db
      .updateTable('devices')
      .set({ last_seen_at: longAgo, deleted_at: null })
      .where('id', '=', id)
      .execute();
    expect((await listDevices(owner.token)).statusCode).toBe(200);
    await expect
      .poll(async () => {
        const row = await t.db
          .selectFrom('devices')
          .select('last_seen_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return Date.now() - row.last_seen_at!.getTime();
      })
      .toBeLessThan(60_000);
  });
});
