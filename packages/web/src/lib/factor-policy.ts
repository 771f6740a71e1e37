// Who must have a second factor (an extension, lib/extensions.ts): every
// administrator, the users of a company, the users of a business profile.
// Here because two areas set it: the business profile editor (its switch,
// for the profiles an ADMIN may change) and the sign-in policy screen
// (ERRIGAL_ADMIN: every administrator, per company), and the menu shows the
// latter only where the backend offers it.
import type { components } from '@userprofile/shared/generated/api';
import { api, expectFailure, withLoading } from './api/client.ts';
import { callExtension, useProbedOffer } from './extensions.ts';

export type FactorPolicy = components['schemas']['FactorPolicy'];
export type FactorPolicyChange = components['schemas']['FactorPolicyChange'];

/** The policy; NotOfferedError where the backend has none, 403 (no role that may read it) the caller's business. */
export async function fetchFactorPolicy(): Promise<FactorPolicy> {
  return callExtension('getFactorPolicy', async (offer) => {
    const { data } = await api().GET('/api/v1/factorPolicy', { middleware: [...offer, expectFailure(403)] });
    return data as FactorPolicy;
  });
}

/** One rule on or off; answers the whole policy afterwards. 403 and 404 are the caller's to say. */
export async function updateFactorPolicy(change: FactorPolicyChange): Promise<FactorPolicy> {
  return callExtension('updateFactorPolicy', async (offer) => {
    const { data } = await api().POST('/api/v1/factorPolicy/update', {
      body: change,
      middleware: [withLoading(), ...offer, expectFailure(403, 404)],
    });
    return data as FactorPolicy;
  });
}

/** Whether the policy names this business profile (its users must have a second factor). */
export function requiresProfile(policy: FactorPolicy, uuid: string): boolean {
  return policy.businessProfiles.some((p) => p.uuid === uuid);
}

/** Whether the policy names this company. */
export function requiresCompany(policy: FactorPolicy, uuid: string): boolean {
  return policy.companies.some((c) => c.uuid === uuid);
}

/**
 * Whether the backend keeps a second-factor policy, for the menu (lib/extensions.ts
 * useProbedOffer): asked once (when `ask`), while the browser is idle.
 */
export function useFactorPolicyOffered(ask: boolean): boolean {
  return useProbedOffer('getFactorPolicy', fetchFactorPolicy, { later: true, ask });
}
