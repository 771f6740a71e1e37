// Who must have a second factor: every administrator (a user whose business
// profile grants a console role), the users of a company, the users of a
// business profile, or one user an administrator asked to enrol. The first
// rule that holds is the one named (the user screen and the sign-in step say
// which), in that order: the widest first, as an administrator reads it.
import type { StoreState } from '../store/store-state.ts';
import type { UserRecord } from '../store/types.ts';

export type RequirementRule = 'administrators' | 'company' | 'businessProfile' | 'administrator';

export interface Requirement {
  rule: RequirementRule;
  /** The company's or business profile's uuid (for the reader's check before naming it). */
  uuid?: string;
  name?: string;
  text: string;
}

/** Why the user must have a second factor; null when nothing requires one. */
export function requirementOf(state: StoreState, user: UserRecord): Requirement | null {
  const policy = state.factorPolicy;
  if (policy.administrators && state.rolesGrantedBy(user.businessProfileUuid).length > 0)
    return { rule: 'administrators', text: 'Every administrator must have a second factor.' };
  if (user.companyUuid && policy.companies.includes(user.companyUuid)) {
    const name = state.companies.get(user.companyUuid)?.name;
    return {
      rule: 'company',
      uuid: user.companyUuid,
      ...(name ? { name } : {}),
      text: `Every user of the company ${name ?? ''} must have a second factor.`.replace('  ', ' '),
    };
  }
  if (user.businessProfileUuid && policy.businessProfiles.includes(user.businessProfileUuid)) {
    const name = state.businessProfiles.get(user.businessProfileUuid)?.name;
    return {
      rule: 'businessProfile',
      uuid: user.businessProfileUuid,
      ...(name ? { name } : {}),
      text: `Every user of the business profile ${name ?? ''} must have a second factor.`.replace('  ', ' '),
    };
  }
  if (user.factorEnrolmentRequested)
    return { rule: 'administrator', text: 'An administrator asked for a second factor at the next sign-in.' };
  return null;
}
