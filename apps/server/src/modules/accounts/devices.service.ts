import { deviceType, type Device } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import type { AuthContext } from '../../plugins/auth.js';
import { notFound } from '../../lib/errors.js';
import { listDevices, markDeviceRemoved, setRequireDeviceOtp } from './devices.repository.js';

/** The admin's view of the devices allowed into the business, and whether new ones need an OTP. */
export const devicesOf = async (deps: Deps, auth: AuthContext): Promise<Device[]> =>
  (await listDevices(deps.db, auth.businessId)).map((d) => ({
    _id: d.id,
    deviceId: d.device_id,
    deviceModel: d.device_model,
    browserName: d.browser_name,
    browserVersion: d.browser_version,
    deviceType: deviceType.catch('browser').parse(d.device_type),
    whitelisted: d.whitelisted,
    current: d.device_id === auth.deviceId,
    user_name: d.user_name,
    last_seen_at: d.last_seen_at?.toISOString() ?? null,
    created_at: d.created_at.toISOString(),
  }));

/**
 * Removes a device. Its sessions stay so that their next call answers "Device not recognized"
 * (what the app shows the unsanctioned-device modal for) rather than a bare 401.
 */
export const removeDevice = async (deps: Deps, auth: AuthContext, id: string): Promise<string> => {
  const removed = await markDeviceRemoved(deps.db, auth.businessId, id);
  if (!removed) throw notFound('Device');
  return removed.device_id === auth.deviceId
    ? 'Device removed. It is the device you are using now: log in again to add it back.'
    : 'Device removed. It must log in again to be added back.';
};

export const toggleDeviceOtp = async (deps: Deps, auth: AuthContext, enabled: boolean) => ({
  require_device_otp: await setRequireDeviceOtp(deps.db, auth.businessId, enabled),
});
