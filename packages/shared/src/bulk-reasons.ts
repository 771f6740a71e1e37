// Why a bulk action leaves a user as it was: one set of reasons for every
// backend. The server's POST /user/bulk (contract-server store/user-bulk.ts)
// and the console's derived path (web lib/bulk-users/bulk-run.ts: spec §7's
// single-user calls, one user at a time, on a backend without the bulk call)
// both word a refusal here, so the same selection is refused in the same
// words wherever it runs, and a reason names what is missing or not allowed
// rather than a form field's message ("This field is required" says nothing
// in a list of users).
//
// Where the spec has words for a case they are used as they are: a user
// without a business profile is 'User does not have a Profile assigned'
// (spec §2, the Status button's tooltip; the spec's "Profile" is the business
// profile, as the Users list's Profile column). The other texts are designed
// in the same style.
import { hiddenProfileReason } from './access/walk.ts';
import type { components } from './generated/api.ts';
import { pageTexts, validationMessages } from './messages.ts';

/** The bulk actions (openapi BulkUserBody.action). */
export type BulkActionName = components['schemas']['BulkUserBody']['action'];

export const bulkReasons = {
  /** A user the caller cannot see (or that does not exist): names nothing, as the single-user calls' 404. */
  noSuchUser: 'No such user',
  /** spec §2: activating needs a business profile, and so does a save, which assigning a visibility profile is. */
  noBusinessProfile: pageTexts.noProfileAssigned,
  /** A save needs a visibility profile too (spec §5), which assigning a business profile is. */
  noVisibilityProfile: 'User does not have a Visibility Profile assigned',
  /** What could lock the signed-in administrator out is not done in bulk: it is done in the user's own editor. */
  ownAccount: 'This is your own account: a bulk action does not deactivate it or change its business profile',
  /** The user write rule (access.ts userWriteRefusal), `label` being "User 'ann'". */
  anotherCompany: (label: string) =>
    `${label} belongs to another company: you may only change records of your own company`,
  sharedByEveryCompany: (label: string) =>
    `${label} is shared by every company (it has no company): only ERRIGAL_ADMIN may change or delete it`,
  roleAbove: (label: string) =>
    `${label} holds a role above your own: only an administrator at that role or above may change this user`,
  hiddenProfile: hiddenProfileReason,
  /** Require a second factor on a backend that keeps none. */
  noSecondFactors: 'This backend does not offer second factors',
  /** Neither side says more when a call fails without a reason of its own. */
  refused: 'Refused',
} as const;

/** What the rule below reads of a user (and of who asks). */
export interface BulkRowFacts {
  /** The user is the signed-in administrator. */
  ownAccount: boolean;
  hasBusinessProfile: boolean;
  hasVisibilityProfile: boolean;
}

/**
 * The refusals of a bulk action that are not the user write rule's (which
 * comes first): the signed-in administrator's own access, and a profile the
 * action needs the user to hold already. Null: the action may go on (it may
 * still find the user unchanged, or a save's rule may refuse it).
 */
export function bulkRowRefusal(action: BulkActionName, row: BulkRowFacts): string | null {
  if (row.ownAccount && (action === 'deactivate' || action === 'assignBusinessProfile')) return bulkReasons.ownAccount;
  // Taking access away never needs a profile; giving it does (the single-user Activate refuses the same).
  if (action === 'activate' && !row.hasBusinessProfile) return bulkReasons.noBusinessProfile;
  // Assigning one profile is a save of the user, which needs both (spec §5): the other must be there.
  if (action === 'assignVisibilityProfile' && !row.hasBusinessProfile) return bulkReasons.noBusinessProfile;
  if (action === 'assignBusinessProfile' && !row.hasVisibilityProfile) return bulkReasons.noVisibilityProfile;
  return null;
}

/** The user form's labels (spec §2) of the fields a save may refuse. */
const FIELD_LABELS: Record<string, string> = {
  username: 'Username',
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  deskPhone: 'Desk Phone',
  mobilePhone: 'Mobile Phone',
  active: 'Status',
  location: 'Location',
  minimumRole: 'Minimum role',
  errigalCustomerCompany: 'Visible To',
  elements: 'Element',
};

/** A field's path as either side gives it ('body.user.email', 'email', 'elements.2') to the form's field. */
const fieldOf = (path: string): string =>
  path
    .replace(/^body\./, '')
    .replace(/^user\./, '')
    .split('.')[0] ?? '';

/**
 * A save's field errors for one user, as a bulk action's reason: a missing
 * profile in the words above, a field's message with the field's name ("Email:
 * This field is required. (Max 255 Characters)"), a sentence of its own as it
 * is. Each reason once.
 */
export function saveRefusal(errors: readonly { field: string; reason: string }[]): string {
  const reasons = errors.map(({ field, reason }) => {
    const name = fieldOf(field);
    const generic = reason === validationMessages.required || reason === validationMessages.requiredMax255;
    if (name === 'businessProfile' && generic) return bulkReasons.noBusinessProfile;
    if (name === 'visibilityProfile' && generic) return bulkReasons.noVisibilityProfile;
    const label = FIELD_LABELS[name];
    return label && /^(This field|This must|Only )/.test(reason) ? `${label}: ${reason}` : reason;
  });
  return [...new Set(reasons)].join('; ') || bulkReasons.refused;
}
