import type { DeviceInfo } from '@ms/contracts';
import { localId } from './local-id';

const KEY = 'ms.deviceId';

/** This browser's device id: made once, kept across logouts so an approved device stays approved. */
export const getDeviceId = (): string => {
  let id = localStorage.getItem(KEY);
  if (!id) {
    id = localId(24);
    localStorage.setItem(KEY, id);
  }
  return id;
};

/** What the security screen shows about this device. */
export const describeDevice = (ua: string = navigator.userAgent): DeviceInfo => {
  const browser = /Edg\/([\d.]+)/.exec(ua)
    ? ['Edge', /Edg\/([\d.]+)/.exec(ua)![1]]
    : /Chrome\/([\d.]+)/.exec(ua)
      ? ['Chrome', /Chrome\/([\d.]+)/.exec(ua)![1]]
      : /Firefox\/([\d.]+)/.exec(ua)
        ? ['Firefox', /Firefox\/([\d.]+)/.exec(ua)![1]]
        : /Version\/([\d.]+).*Safari/.exec(ua)
          ? ['Safari', /Version\/([\d.]+)/.exec(ua)![1]]
          : ['Browser', ''];
  const model =
    /Android[^;)]*;\s*([^;)]+)/.exec(ua)?.[1]?.trim() ??
    /iPhone|iPad/.exec(ua)?.[0] ??
    /Windows|Mac OS X|Linux/.exec(ua)?.[0] ??
    'Computer';
  return {
    browserName: browser[0],
    browserVersion: (browser[1] ?? '').split('.')[0],
    deviceModel: model,
    deviceType: /Mobi|Android/.test(ua) ? 'Mobile' : 'browser',
  };
};
