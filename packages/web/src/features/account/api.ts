// The account calls (all extensions, lib/extensions.ts), and the one spec §7
// call the page falls back to: the forgot-password mail for oneself. A
// refusal a form shows itself (a wrong password typed again, a rule of the
// new password, a throttle) is expected here, so the global handling of
// spec §8 stays out of it. A wrong password must never come back as 401: that
// status ends the console's session (lib/api/middleware.ts).
import type { components } from '@userprofile/shared/generated/api';
import { api, expectFailure, withLoading } from '../../lib/api/client.ts';
import { callExtension } from '../../lib/extensions.ts';

export type Account = components['schemas']['Account'];
export type Factor = components['schemas']['Factor'];
export type FactorEnrolment = components['schemas']['FactorEnrolment'];
export type FactorAdded = components['schemas']['FactorAdded'];
export type EffectiveAccess = components['schemas']['EffectiveAccess'];
export type SignInSession = components['schemas']['SignInSession'];

/** The statuses a form of this page answers itself. */
const FORM_FAILURES = [400, 403, 406, 409, 429, 503];

export async function fetchAccount(): Promise<Account> {
  return callExtension('getAccount', async (offer) => {
    const { data } = await api().GET('/api/v1/account', { middleware: offer });
    return data as Account;
  });
}

export async function fetchAccountAccess(): Promise<EffectiveAccess> {
  return callExtension('getAccountAccess', async (offer) => {
    const { data } = await api().GET('/api/v1/account/access', { middleware: offer });
    return data as EffectiveAccess;
  });
}

export async function fetchOwnSessions(): Promise<SignInSession[]> {
  return callExtension('listOwnSessions', async (offer) => {
    const { data } = await api().GET('/api/v1/account/sessions', { middleware: offer });
    return data?.sessions ?? [];
  });
}

export async function endOwnSession(sessionId: string): Promise<void> {
  await callExtension('endOwnSession', async (offer) => {
    await api().POST('/api/v1/account/sessions/{sessionId}/logout', {
      params: { path: { sessionId } },
      middleware: [withLoading(), ...offer, expectFailure(400)],
    });
  });
}

export async function changeOwnPassword(body: {
  currentPassword: string;
  password: string;
  rePassword: string;
}): Promise<void> {
  await callExtension('changeOwnPassword', async (offer) => {
    await api().POST('/api/v1/account/password', {
      body,
      middleware: [withLoading(), ...offer, expectFailure(...FORM_FAILURES)],
    });
  });
}

/** Spec §7's reset mail, asked by username: the one way to a new password every backend and every role has. */
export async function sendOwnResetMail(username: string): Promise<void> {
  await api().POST('/api/v1/password/forgot', {
    body: { username },
    middleware: [withLoading(), expectFailure(400, 403, 429, 502, 503)],
  });
}

export async function startTotpEnrolment(): Promise<FactorEnrolment> {
  return callExtension('startTotpEnrolment', async (offer) => {
    const { data } = await api().POST('/api/v1/account/factors/totp', {
      middleware: [withLoading(), ...offer, expectFailure(429)],
    });
    return data as FactorEnrolment;
  });
}

export async function confirmTotpEnrolment(body: {
  enrolment: string;
  code: string;
  name: string;
}): Promise<FactorAdded> {
  return callExtension('confirmTotpEnrolment', async (offer) => {
    const { data } = await api().POST('/api/v1/account/factors/totp/confirm', {
      body,
      middleware: [withLoading(), ...offer, expectFailure(...FORM_FAILURES)],
    });
    return data as FactorAdded;
  });
}

export async function startPasskeyEnrolment(): Promise<FactorEnrolment> {
  return callExtension('startPasskeyEnrolment', async (offer) => {
    const { data } = await api().POST('/api/v1/account/factors/passkey', {
      middleware: [withLoading(), ...offer, expectFailure(429)],
    });
    return data as FactorEnrolment;
  });
}

export async function confirmPasskeyEnrolment(body: {
  enrolment: string;
  credential: Record<string, unknown>;
  name: string;
}): Promise<FactorAdded> {
  return callExtension('confirmPasskeyEnrolment', async (offer) => {
    const { data } = await api().POST('/api/v1/account/factors/passkey/confirm', {
      body,
      middleware: [withLoading(), ...offer, expectFailure(...FORM_FAILURES)],
    });
    return data as FactorAdded;
  });
}

export async function renameOwnFactor(id: string, name: string): Promise<Factor> {
  return callExtension('renameOwnFactor', async (offer) => {
    const { data } = await api().POST('/api/v1/account/factors/{id}/rename', {
      params: { path: { id } },
      body: { name },
      middleware: [withLoading(), ...offer, expectFailure(400, 404, 503)],
    });
    return data as Factor;
  });
}

export async function removeOwnFactor(id: string, password: string): Promise<void> {
  await callExtension('removeOwnFactor', async (offer) => {
    await api().POST('/api/v1/account/factors/{id}/remove', {
      params: { path: { id } },
      body: { password },
      middleware: [withLoading(), ...offer, expectFailure(...FORM_FAILURES, 404)],
    });
  });
}

export async function renewRecoveryCodes(password: string): Promise<string[]> {
  return callExtension('renewRecoveryCodes', async (offer) => {
    const { data } = await api().POST('/api/v1/account/recoveryCodes', {
      body: { password },
      middleware: [withLoading(), ...offer, expectFailure(...FORM_FAILURES)],
    });
    return data?.recoveryCodes ?? [];
  });
}
