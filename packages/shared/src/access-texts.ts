// Texts of the access questions (designed: the spec has no such
// screens): the verdicts of Check access and the sentences that say the
// missing link plainly, and the notes of "Who has it".

export type RowKind = 'role' | 'element';

const noun = (kind: RowKind) => (kind === 'role' ? 'role' : 'element');

export const accessTexts = {
  checkTitle: 'Check Access',
  checkSubtitle: 'Whether a user holds a role or an element of an application, and why',
  holdersTitle: 'Who Has It',
  whoHasIt: 'Who has it',
  checkAccess: 'Check access',
  pickAll: 'Pick a user, an application, and a role or element to see the answer.',
  granted: (username: string, row: string, application: string) =>
    `Granted: ${username} holds ${row} in ${application}.`,
  grantedWithoutEffect: (username: string, row: string) =>
    `Granted by the profiles, but without effect: ${username} is inactive, so ${row} does not apply until the user is activated.`,
  notGranted: (username: string, row: string, application: string) =>
    `Not granted: ${username} does not hold ${row} in ${application}.`,
  incomplete:
    'The answer is incomplete: part of the path is a record you cannot see (of another company, or for the provider only), so whether the user holds it cannot be shown.',
  noBusinessProfile: (username: string) => `The user ${username} has no business profile.`,
  noAppProfile: (businessProfile: string, application: string) =>
    `The business profile ${businessProfile} has no application profile for ${application}.`,
  rowNotIncluded: (appProfile: string, row: string) => `The application profile ${appProfile} does not include ${row}.`,
  pathsHeading: (kind: RowKind) => `Paths that grant the ${noun(kind)}`,
  decisive: 'Decisive',
  wouldGrantHeading: 'Application profiles that would grant it',
  wouldGrantNone: (kind: RowKind) => `No application profile you can see includes this ${noun(kind)}.`,
  usedBy: 'Used by',
  usedByNone: 'no business profile you can see',
  withheldHolders: (n: number, application: string) =>
    n === 1
      ? `1 more user you can see reaches ${application} through a profile you cannot see: that user is not listed.`
      : `${n} more users you can see reach ${application} through a profile you cannot see: they are not listed.`,
  noHolders: 'Nobody holds it',
  noHoldersMatch: 'No holders match',
  exportCsv: 'Export CSV',
  exportFailed: 'The export failed',
  notOffered: 'This backend does not offer access questions',
  /** Who Has It worked out from the profiles' users (for a backend without the holders call). */
  deriving: (done: number, total: number, users: number) =>
    `Working out who has it from the users of each business profile that grants it: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} profiles, ${users.toLocaleString('en')} users loaded.`,
  derivedHolders: 'Worked out from the users of the business profiles: this backend does not offer Who Has It itself.',
  /** Check Access for a reader who sees no role or element of any application: told so, not offered empty pickers. */
  nothingToCheck:
    'Check Access answers for the roles and elements you can see, and you can see none in any application: ask an administrator who sees them.',
} as const;
