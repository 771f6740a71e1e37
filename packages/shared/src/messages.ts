// The message catalogue of spec §8 and the fixed page texts of spec §2, §5
// and §6. Every text is copied verbatim from the spec, typos and casing
// included: users and tests look for these exact strings. Where the spec
// elides a text, the full sentence is designed in the style of its siblings
// and marked `// spec elides: designed`.
//
// Templated texts are written exactly as the spec writes them ('<name>',
// '{n}') and rendered by `template`, which fills the placeholders in order of
// appearance from the arguments. `allCatalogueTexts` lists every text in its
// template form.

/** A message with placeholders: call it with one argument per placeholder, in order. */
export type Template<A extends readonly (string | number)[]> = ((...args: A) => string) & {
  /** The catalogue texts this message is made of, placeholders unfilled. */
  readonly texts: readonly string[];
};

const PLACEHOLDER = /<[^<>]+>|\{[^{}]+\}/g;

function template<A extends readonly (string | number)[]>(text: string): Template<A> {
  const count = text.match(PLACEHOLDER)?.length ?? 0;
  const render = (...args: A): string => {
    if (args.length !== count) {
      throw new RangeError(`Message '${text}' takes ${count} argument(s), got ${args.length}`);
    }
    let i = 0;
    // One pass over the template, so a value that looks like a placeholder is never filled in turn.
    return text.replace(PLACEHOLDER, () => String(args[i++]));
  };
  return Object.assign(render, { texts: [text] });
}

function composite<A extends readonly unknown[]>(
  render: (...args: A) => string,
  parts: readonly Template<never>[],
): ((...args: A) => string) & { readonly texts: readonly string[] } {
  return Object.assign(render, { texts: parts.flatMap((p) => p.texts) });
}

const requestNotAuthorized = 'Request Was Not Authorized, Please Try Logging In Again';
const noResponseFromSync = 'No Response From The Sync, Please Try Again Later';

/** Spec §8 "Global" and the guard warning of spec §6. */
export const globalMessages = {
  /**
   * A signed-in user's call that ends at the login path: the session expired
   * or was ended (docs/console.md "Signing in"), not the login form's own answer.
   */
  sessionTimedOut: 'Session Timed Out, Please Try Logging In Again',
  /** HTTP 403 or 404 on a non-GET call. */
  reloadPage: "We're Sorry That You Need To Reload Page And Start Over Again",
  /** A logged-out visitor on a user route (spec §6). */
  pleaseLoginFirst: 'Please Login First',
} as const;

/** Spec §8 "Global": the login form's answers. */
export const loginMessages = {
  /** A failure that is neither wrong credentials nor a lockout. */
  failed: 'Login failed due to an unknown reason',
  // designed: the answer to wrong credentials (unknown user, wrong password, inactive account alike).
  invalidCredentials: 'Invalid username or password',
  // designed: the lockout after too many failed sign-ins, with the wait the server gives (Retry-After).
  lockedOut: template<[number]>('Too many failed sign-in attempts. Please wait {seconds} seconds and try again.'),
  /** The first wait of the sign-in throttle is one second (docs/oauth2-and-sign-in.md "Sign-in throttling"). */
  lockedOutOneSecond: 'Too many failed sign-in attempts. Please wait 1 second and try again.',
  lockedOutNoWait: 'Too many failed sign-in attempts. Please wait a moment and try again.',
} as const;

/**
 * The History and Effective Access tabs; the spec has neither, so
 * every text is designed.
 */
// spec elides: designed. What is withheld is counted, never named, so that history tells no more than the GET.
const withheldOne = template<[]>(
  '1 change is withheld: it was made while this record belonged to another company or needed a higher role than yours.',
);
const withheldMany = template<[number]>(
  '{n} changes are withheld: they were made while this record belonged to another company or needed a higher role than yours.',
);

// spec elides: designed: a file the server refused line by line is the file's fault, so the
// toast says what the table below it says; the spec's "please try again later" stays for failures of the server.
const importRefusedOne = template<[]>('The file was not imported: 1 line to fix, listed below');
const importRefusedMany = template<[number]>('The file was not imported: {n} lines to fix, listed below');

export const historyTexts = {
  historyTab: 'History',
  effectiveAccessTab: 'Effective Access',
  noHistory: 'No changes recorded yet',
  loadOlder: 'Load older',
  /** A backend without the designed calls answers 404, 405 or 501 (openapi: x-designed). */
  historyNotOffered: 'This backend does not offer record history',
  effectiveAccessNotOffered: 'This backend does not offer effective access',
  /** An entry made by the server itself (a sync, the seed). */
  serverActor: 'the server',
  /** An entry made by a user the reader may not open: named by no uuid and no username, so history reveals no one. */
  otherAdministrator: 'another administrator',
  /** The page's count of entries withheld from the reader (a period in another company, or above the reader's role). */
  withheldChanges: composite(
    (n: number): string => (n === 1 ? withheldOne() : withheldMany(n)),
    [withheldOne, withheldMany],
  ),
  /** An entry whose record the reader could not see before the change. */
  beforeWithheld: 'Before this change the record was outside what you may see: it is shown as it arrived.',
  beforeWithheldRecord: 'The record before this change is withheld.',
  secretChanged: template<[label: string]>('{label} changed'),
  inactiveUser: 'This user is inactive: none of the access below applies until the user is activated.',
  noBusinessProfile: 'This user has no business profile, so no application grants them anything.',
  /** Effective access of a user holding a profile the reader cannot see (designed). */
  profileWithheld: 'This user holds a profile you cannot see: what it grants is not shown.',
  /** In place of that profile's name. */
  profileNotShown: 'not shown',
  noApplications: 'The business profile grants no roles or elements.',
  /** An application of which the user's profiles grant rows the reader cannot see (designed): a part is not the whole. */
  partHidden:
    'Part of this is hidden from you: the profiles grant roles or elements here that you may not see, so they are not listed.',
} as const;

/** A user's sign-ins on the user editor (the spec has none, so all designed). */
export const signInTexts = {
  tab: 'Sign-ins',
  throttled: template<[username: string]>('Sign-ins of {username} are being slowed by failed attempts'),
  failures: template<[count: number, last: string]>('{count} failed sign-ins in a row, the last at {last}.'),
  addressWait: template<[address: string, until: string]>('From {address}: the next attempt waits until {until}.'),
  addressSlowed: template<[address: string]>(
    'From {address}: may try again now; each further failure doubles the wait.',
  ),
  accountWide: template<[until: string]>(
    'From addresses this user has not signed in from before: attempts wait until {until}.',
  ),
  knownGood: 'Addresses the user has signed in from before are not slowed by other addresses.',
  unlock: 'Unlock',
  unlocked: template<[username: string]>('{username} is unlocked: the failed sign-ins are forgotten'),
  unlockFailed: template<[username: string, reason: string]>('Could not unlock {username}: {reason}'),
  sessionsHeading: 'Active sign-in sessions',
  noSessions: template<[username: string]>('{username} has no active sign-in sessions.'),
  sessionsWhat: 'the sign-in sessions',
  started: 'Started',
  lastUsed: 'Last used',
  address: 'Address',
  method: 'Signed in with',
  applications: 'Applications',
  noApplications: 'No application has received a token yet',
  noAddress: 'not through a browser',
  methods: { password: 'Password', enterpriseSso: 'Enterprise SSO', issued: 'A token issued directly' },
  signOutEverywhere: 'Sign out everywhere',
  signOutTitle: template<[username: string]>('Sign {username} out everywhere?'),
  signOutText: template<[username: string, count: number]>(
    'This ends every sign-in session of {username} ({count} open) and every token issued under them: the console, the other applications of the suite and sign-ins through Enterprise SSO. Whoever uses them must sign in again. The account stays active.',
  ),
  signOutSelf: 'These include your own session: you will be signed out of the console too.',
  signedOut: template<[username: string]>('{username} is signed out everywhere'),
  signOutFailed: template<[username: string, reason: string]>('Could not sign {username} out everywhere: {reason}'),
  /** One session: a lost device is signed out without ending the user's other sessions. */
  signOutOne: 'Sign out',
  signOutOneLabel: template<[started: string]>('Sign out the session started {started}'),
  thisSession: 'This browser: your session',
  signOutOneTitle: template<[username: string]>('Sign {username} out of this session?'),
  signOutOneText: template<[started: string, address: string, applications: string]>(
    'This ends the session started {started} from {address} and every token issued under it ({applications}). Whoever uses it must sign in again. The other sessions go on, and the account stays active.',
  ),
  signOutOneSelf: 'This is your own session in this browser: you will be signed out of the console.',
  signedOutOne: template<[username: string]>('{username} is signed out of that session'),
  signOutOneFailed: template<[username: string, reason: string]>(
    'Could not sign {username} out of that session: {reason}',
  ),
  signOutOneNotOffered: 'This backend does not offer ending one session: Sign out everywhere ends them all.',
  forbidden: template<[reason: string]>('You may not manage the sign-ins of this user: {reason}'),
  notOffered: 'This backend does not offer sign-in management',
} as const;

/** Fixed texts of the screens of spec §2 and §6. */
export const pageTexts = {
  forbiddenTitle: '403 Forbidden',
  forbiddenText: 'You do not have permission to access this.',
  notFoundTitle: '404 Not Found',
  notFoundText: 'Page Not Found, please check URL is correct.',
  // designed: under the 404 texts when the link was to an edit screen (a stale bookmark of a deleted record).
  staleRecordText: 'The record this link points to does not exist any more: it may have been deleted.',
  /** Link back to a list from the 404 page ('Back to Users'). */
  backTo: template<[list: string]>('Back to {list}'),
  loading: 'Loading...',
  pulling: 'Pulling...',
  /** Tooltip of a user's disabled Status button. */
  noProfileAssigned: 'User does not have a Profile assigned',
  /** Marker of an external role row. */
  externalRole: '(External Role)',
  /** Notes of the Visible To selector. */
  loadingCustomerCompany: 'Loading customer company, please wait...',
  visibleToAllSco: 'Visible to all SCO customer',
  /** A profile editor opened by a customer admin on a provider-level profile (docs/roles-and-scoping.md "Writes"). */
  sharedProfileReadOnly:
    'This profile is shared by every company (it has no company): only a provider admin may change or delete it.', // spec elides: designed
  /** Application profile form while the applications load (spec §5). */
  loadingProfiles: 'Loading profiles, please wait...',
  /** Application delete modal; spec §2 says what it warns, not its words. */
  applicationDeleteWarning: 'Deleting This Application Also Deletes All Application Profiles That Use It', // spec elides: designed
  /** Forgot-password page text (spec §9: a message within 5 minutes, a support contact). */
  forgotPasswordInfo: template<[supportEmail: string]>(
    'An email with a password reset link will arrive within 5 minutes. If it does not, please contact {email}', // spec elides: designed
  ),
} as const;

const userSaveErrorBase = template<[username: string]>('Error Saving User {username}');
const userSaveErrorFailedApps = template<[list: string]>(', Failed Applications: {list}');

/** Spec §8 "Users", plus the submit warnings of spec §5. */
export const userMessages = {
  /** 'Error Saving User {username}', plus ', Failed Applications: {list}' when the response names failedUpdateApps. */
  saveError: composite(
    (username: string, failedApps?: readonly string[] | null): string =>
      userSaveErrorBase(username) +
      (failedApps && failedApps.length > 0 ? userSaveErrorFailedApps(failedApps.join(', ')) : ''),
    [userSaveErrorBase, userSaveErrorFailedApps],
  ),
  /** The save response has no uuid. */
  notSavedCorrectly: template<[username: string]>('User {username} Was Not Saved Correctly, Please Verify'),
  saved: template<[username: string]>('{username} Successfully Updated'),
  pullSuccess: 'User Info Pull Successful',
  pullFailed: 'User Info Pull Failed',
  activated: template<[username: string]>('{username} Activated'),
  inactivated: template<[username: string]>('{username} Inactivated'),
  /** Activate/inactivate answered 504 or 408. */
  updateTimedOut: 'User Update Timed Out, Please Try Again Later',
  /** Activate/inactivate answered 401. */
  notAuthorized: requestNotAuthorized,
  /** Activate/inactivate answered 444. */
  noResponseFromSync,
  activationFailed: template<[username: string, errorMessage: string]>(
    'Failed To Activate/Inactivate {username} Due To {error message}',
  ),
  resetEmailSent: 'Email Has Been Sent To The Email Address',
  resetEmailFailed: 'Failed To Send A Email',
  importSuccess: 'Users uploaded and updated successfully',
  importFailed: 'Failed to update users, please try again later',
  /** The server refused the file's lines (400 with the lines and reasons): nothing to try later, lines to fix. */
  importRefused: composite(
    (n: number): string => (n === 1 ? importRefusedOne() : importRefusedMany(n)),
    [importRefusedOne, importRefusedMany],
  ),
  /** Export failed (no failure is silent; the spec names no text). */
  exportFailed: 'Failed To Export Users, Please Try Again Later', // spec elides: designed
  /** A chosen import file that is not CSV (refused with a reason, never silently). */
  notCsv: template<[fileName: string]>('{file} is not a CSV file: choose a .csv file to import'), // spec elides: designed
  /** Submit of an invalid user form (spec §5). */
  formInvalid: 'Please Check Form Is Filled Correctly',
  /** Submit while a save is running (spec §5). */
  saveInProgress: 'Please Wait Until Updating User Completes',
  /** The second line of the save failure when the server answers 409 (say that the username is taken, the one thing to fix). */
  usernameTaken: template<[username: string]>('The username {username} is already taken'), // spec elides: designed
  /** The default tree rule (spec §5) when every default tree of the profile is hidden from the saver: the rule holds for every role alike. */
  defaultTreeHidden:
    'This business profile needs a default tree, and none of its default trees is visible to you: choose another business profile, or ask a provider admin to assign the default tree', // spec elides: designed
  /** A conditional update (If-Match) refused with 412 (an extension: no save silently overwrites another). */
  changedSinceRead: template<[username: string]>('{username} was changed since it was read; nothing was saved'), // spec elides: designed
} as const;

/** An editor whose record changed under it (the spec has none, so all designed). */
export const conflictTexts = {
  title: 'Changed since you opened it',
  intro: template<[what: string]>(
    '{what} was saved by someone else after you opened it. Choose, field by field, which value to keep.',
  ),
  field: 'Field',
  theirs: 'Theirs (saved)',
  yours: 'Yours',
  takeTheirs: 'Take All Theirs',
  keepMine: 'Keep All Mine',
  keepNewer: 'Keep The Newer',
  save: 'Save These Values',
  reload: 'Reload (Drop My Changes)',
  cancel: 'Cancel',
  none: '(empty)',
  reloaded: 'Reloaded: the form shows the record as saved now',
  /** Fields only the other save changed: taken without a question (their labels, joined). */
  taken: template<[fields: string]>('Taken from their save, as you had not changed it: {fields}'),
} as const;

/** What a Clone copied, said in one line on the new form. */
export const cloneTexts = {
  leftEmpty: template<[source: string, fields: string]>('Cloned from {source}: {fields} are left empty'),
  allCopied: template<[source: string]>('Cloned from {source}: every field is copied'),
} as const;

/** Spec §8 "Applications". */
export const applicationMessages = {
  saved: template<[applicationName: string]>('Application <application name> Saved Successfully'),
  /** Save answered 409. */
  nameExists: 'An Application with this name already exists',
  saveError: 'Error Saving Application',
  deleted: 'Application Deleted Successfully',
  deleteFailed: 'Failed to Delete Application',
  syncSuccess: template<[roles: number, elements: number]>(
    'Application Synced Successfully With {n} Roles And {m} Elements',
  ),
  syncFailed: 'Failed To Sync Application',
  syncAllSuccess: template<[applications: number]>('{n} Applications Synced'),
  /** Warning: sync all answered an empty list. */
  syncAllEmpty: 'Response Contains No Applications, Sync Failed',
  syncAllFailed: 'Failed To Sync Apps',
} as const;

/** Spec §8 "Profiles": application, business and visibility profiles. */
// spec elides: designed: what a business profile's delete leaves its users with, and its
// offer to deactivate the active ones (so that an administrator can lock out its users in the same step).
const deactivateLeftOne = template<[]>('Also deactivate its 1 active user, so that they cannot sign in');
const deactivateLeftMany = template<[number]>('Also deactivate its {count} active users, so that they cannot sign in');
const leftDeactivatedOne = template<[]>('1 user it left is deactivated');
const leftDeactivatedMany = template<[number]>('{count} users it left are deactivated');
const leftRefusedOne = template<[]>('1 user it left could not be deactivated');
const leftRefusedMany = template<[number]>('{count} users it left could not be deactivated');

export const profileMessages = {
  app: {
    /** Save answered 409. */
    nameExists: 'An Application Profile with this name already exists',
    saveError: 'Error Saving Application Profile',
    saved: template<[name: string]>('Application Profile <name> Is Saved Successfully'),
    deleted: template<[name: string]>('Application Profile <name> Is Deleted Successfully'), // spec elides: designed
    deleteFailed: 'Failed to Delete Application Profile',
    /** Loading the business profiles shown in the delete confirmation failed. */
    dependantsLoadFailed: 'There Was Error While Fetching Business Profiles Who Use This App Profile',
  },
  business: {
    nameExists: 'A Business Profile with this name already exists',
    saveError: 'Error Saving Business Profile',
    saved: template<[name: string]>('Profile <name> Is Saved Successfully'),
    deleted: template<[name: string]>('Profile <name> Is Deleted Successfully'), // spec elides: designed
    deleteFailed: 'Failed to Delete Business Profile',
    dependantsLoadFailed: 'There Was Error While Fetching Users Who Use This Business Profile', // spec elides: designed
    /** The delete confirmation: what its users are left with, said before it is done. */
    deleteText: template<[name: string]>(
      'Delete the business profile {name}? Its users are left without a business profile: they hold none of its roles or elements, and an inactive one cannot be activated until given another profile. Active users stay active unless you deactivate them here.',
    ),
    deactivateLeft: composite(
      (n: number): string => (n === 1 ? deactivateLeftOne() : deactivateLeftMany(n)),
      [deactivateLeftOne, deactivateLeftMany],
    ),
    leftDeactivated: composite(
      (n: number): string => (n === 1 ? leftDeactivatedOne() : leftDeactivatedMany(n)),
      [leftDeactivatedOne, leftDeactivatedMany],
    ),
    leftRefused: composite(
      (n: number): string => (n === 1 ? leftRefusedOne() : leftRefusedMany(n)),
      [leftRefusedOne, leftRefusedMany],
    ),
    leftFailed: template<[reason: string]>('The users it left could not be deactivated: {reason}'),
  },
  visibility: {
    nameExists: 'A Visibility Profile with this name already exists',
    saveError: 'Error Saving Visibility Profile',
    saved: template<[name: string]>('Visibility <name> Is Saved Successfully'),
    deleted: template<[name: string]>('Visibility <name> Is Deleted Successfully'), // spec elides: designed
    deleteFailed: 'Failed to Delete Visibility Profile',
    dependantsLoadFailed: 'There Was Error While Fetching Users Who Use This Visibility Profile', // spec elides: designed
  },
} as const;

/** Spec §8 "Visibility": element syncs and the cluster tree of the visibility profile editor. */
export const visibilityMessages = {
  /** Sync answered 504 or 408. */
  syncTimedOut: 'Syncing Timed Out, Please Try Again Later',
  /** Sync answered 401. */
  notAuthorized: requestNotAuthorized,
  /** Sync answered 444. */
  noResponseFromSync,
  syncError: 'Error During Syncing',
  /** `kind` is the label of the sync kind ('Cluster Group'), see VISIBILITY_SYNC_KINDS. */
  syncCompleted: template<[kind: string, elements: number]>('<kind> Sync Completed, {n} Elements Synced'),
  allSyncsCompleted: template<[elements: number]>('All Syncs Completed Successfully, {n} Elements Synced'),
  clusterAddedWithChildren: template<[name: string, children: number]>(
    'Cluster <name> And Its {n} Children Were Added To Profile',
  ),
  clusterRemovedWithChildren: template<[name: string, children: number]>(
    'Cluster <name> And Its {n} Children Were Removed From Profile', // spec elides: designed
  ),
  clusterAdded: template<[name: string]>('Cluster <name> Was Added Successfully To Profile'),
  clusterRemoved: template<[name: string]>('Cluster <name> Was Removed Successfully From Profile'), // spec elides: designed
  /** Warning: the primary visibility cannot be removed (spec §4). */
  primaryVisibilityNotRemovable: template<[name: string]>(
    'Cluster <name> Is The Primary Visibility And Cannot Be Removed', // spec elides: designed
  ),
} as const;

/** Spec §8 "OAuth2 client". */
export const oauthClientMessages = {
  saved: 'client updated',
  saveError: 'error updating client',
} as const;

/** Spec §8 "Password reset and forgot password". */
export const passwordMessages = {
  /** Reset answered 406. */
  reused: 'You have used this password before, please choose another password',
  resetFailed: 'Failed to reset password, please try again later or use a different link',
  tokenFailed: 'Password reset token failed verification, please use another password reset link',
  /** Page message after a failed token check. */
  invalidLink: 'This password reset link is invalid or has expired',
  resetSuccess: 'Successfully reset password a confirmation email will be sent shortly',
  forgotSuccess: 'An email with password reset link has been sent to the user',
  forgotFailed: 'Could not send an email with password reset to the user, please try again later',
  /** Forgot password: the user lookup failed (502, docs/wire-and-errors.md "Calls the spec names without showing them"). */
  forgotLookupFailed: 'An error occurred when trying to find this user, please try again later',
} as const;

/** Field messages of the validation rules of spec §5 (used by ./validation.ts). */
export const validationMessages = {
  requiredMax255: 'This field is required. (Max 255 Characters)',
  max255: 'This must be under 255 characters',
  max1023: 'This must be under 1023 characters',
  usernamePattern: 'Only alphanumeric letters, _ (underscore), and . (period) are allowed',
  required: 'This field is required',
  /** Client secret: the spec gives only 'under 64 characters'. */
  clientSecret: 'This field is required and must be under 64 characters', // spec elides: designed
  /** Allowed redirect target: security-checklist.md (absolute URL, no javascript:), no spec text. */
  redirectTarget: 'This must be an absolute https URL (http only on localhost, 127.0.0.1 or [::1]) without a fragment', // spec elides: designed
  defaultTreeMustBeAssigned: 'Please Select an Business Profile From the list',
  selectApplication: 'Please select an application',
  /** Business profile: spec §2 offers one dropdown per application; the API must refuse a second. */
  oneAppProfilePerApplication: 'Only one application profile per application', // spec elides: designed
  visibilityRequired: 'Either primary visibility or a network group has to be set',
  passwordsRequired: 'Please fill in the two password fields',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsMismatch: 'Passwords do not match',
  forgotUsernameRequired: 'Please a valid username',
} as const;

function collectTexts(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    into.add(value);
  } else if (typeof value === 'function' && 'texts' in value) {
    for (const text of value.texts as readonly string[]) into.add(text);
  } else if (value !== null && typeof value === 'object') {
    for (const nested of Object.values(value)) collectTexts(nested, into);
  }
}

/** Every text of the catalogue, templated ones with their placeholders unfilled ('{username} Successfully Updated'). */
export const allCatalogueTexts: readonly string[] = (() => {
  const texts = new Set<string>();
  for (const area of [
    globalMessages,
    loginMessages,
    pageTexts,
    historyTexts,
    userMessages,
    applicationMessages,
    profileMessages,
    visibilityMessages,
    oauthClientMessages,
    passwordMessages,
    validationMessages,
  ]) {
    collectTexts(area, texts);
  }
  return [...texts];
})();
