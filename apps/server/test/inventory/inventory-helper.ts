import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { RequestOptions, signUp, TestApp } from '../helper.js';

/** Inventory tests' shared steps. */
export type Owner = Awaited<ReturnType<typeof signUp>>;

/** Calls the API as `who` (owner, employee or cashier: anything with a token) on the owner's device. */
export const as =
  (t: TestApp, owner: Owner) =>
  (who: { token: string } | null, method: RequestOptions['method'], url: string, body?: unknown) =>
    t.request({ method, url, token: who?.token, device: owner.device, body });

/** Expects a status (the body is shown when it differs) and returns the envelope's data. */
export const dataOf = <T>(res: LightMyRequestResponse, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
};

export const messageOf = (res: LightMyRequestResponse): string => res.json().message as string;

export const OTHER_UUID = '01890000-0000-7000-8000-000000000000';
