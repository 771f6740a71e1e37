// The account page's and the sign-in policy screen's sentences, in one place
// so the end-to-end tests read the same words the screens show.
export const accountTexts = {
  title: 'Your Account',
  notAdministrator:
    "This console's other screens are for administrators. Here you see who you are, what you may use, your sessions and your second factors.",
  whoHeading: 'Who you are',
  name: 'Name',
  username: 'Username',
  email: 'Email',
  company: 'Company',
  role: 'Console role',
  roles: 'Roles',
  noCompany: 'None (provider)',
  noRole: 'None: you use the suite’s applications, not this console',

  accessHeading: 'What you may use',
  accessNotOffered: 'This backend does not show the applications and roles you hold.',
  accessWhat: 'what you may use',
  inactive: 'Your account is inactive: none of the access below applies until an administrator activates it.',
  withheld: 'You hold a profile the console does not show you: what it grants is not listed.',
  noBusinessProfile: 'You have no business profile, so no application grants you anything.',

  sessionsHeading: 'Your sessions',
  sessionsWhat: 'your sessions',
  sessionsNotOffered: 'This backend does not list your sessions. Sign out ends this browser’s session.',
  noSessions: 'No open sessions.',
  signOutOthers: 'Sign out of other sessions',
  signOutAll: 'Sign out everywhere',
  signOutAllTitle: 'Sign out everywhere?',
  signOutAllText: (count: number) =>
    `This ends all ${count} of your sessions and every token issued under them, this browser’s last: you will sign in again here.`,
  signOutOthersTitle: 'Sign out of your other sessions?',
  signOutOthersText: (count: number) =>
    `This ends ${count} other session${count === 1 ? '' : 's'} and every token issued under them. This browser stays signed in.`,
  signOutOneTitle: 'Sign out of this session?',
  signedOutOne: 'The session has ended',
  signedOutOthers: 'Your other sessions have ended',
  signOutFailed: (reason: string) => `Could not end the session: ${reason}`,

  passwordHeading: 'Password',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  changePassword: 'Change Password',
  passwordChanged: 'Your password has been changed. Your other sessions stay signed in.',
  currentRequired: 'Please type your current password',
  passwordUsedBefore: 'This password was used before: choose another one.',
  passwordWrong: 'The current password is not right.',
  passwordFailed: (reason: string) => `The password was not changed: ${reason}`,
  resetMailIntro: (email: string | null) =>
    email
      ? `This backend does not change a password here. It can send you a password reset email (to ${email}); its link lets you choose a new password.`
      : 'This backend does not change a password here. It can send you a password reset email; its link lets you choose a new password.',
  sendResetMail: 'Send Me a Password Reset Email',
  resetMailSent: 'If your account can receive it, a password reset email is on its way.',
  resetMailFailed: (reason: string) => `The email could not be sent: ${reason}`,

  factorsHeading: 'Second factors',
  factorsIntro:
    'A second factor is asked after your password when you sign in: a code of an authenticator app, or a passkey. A recovery code stands in for a lost one, each once.',
  factorsNone: 'You have no second factor yet.',
  factorsRequired: (text: string) => `You must have one: ${text}`,
  recoveryLeft: (n: number) => (n === 1 ? '1 recovery code left.' : `${n} recovery codes left.`),
  addTotp: 'Add Authenticator App',
  addPasskey: 'Add Passkey',
  newRecoveryCodes: 'New Recovery Codes',
  rename: 'Rename',
  remove: 'Remove',
  renameTitle: (name: string) => `Rename ${name}`,
  renamed: 'The factor has been renamed',
  removeTitle: (name: string) => `Remove ${name}?`,
  removeText:
    'Signing in will no longer accept it. Type your password again: a factor is what stands between someone holding your session and your account.',
  removed: (name: string) => `${name} has been removed`,
  removeLast: 'You must have a second factor, and this is your last one: add another before removing it.',
  renewTitle: 'New recovery codes?',
  renewText: 'Ten new codes replace every earlier one: the old ones stop working at once. Type your password again.',
  factorsNotOffered: 'This backend does not offer second factors.',
  passkeysUnsupported: 'This browser cannot make a passkey.',

  totpTitle: 'Add an authenticator app',
  totpScan: 'Scan this code with your authenticator app, or type the key in.',
  totpKey: 'Key',
  totpCode: 'Code from the app',
  totpCodeHelp: 'The 6 digits the app shows now.',
  totpCodeInvalid: 'Type the 6 digits the app shows.',
  totpCodeWrong: 'That code is not right: type the one the app shows now.',
  factorName: 'Name',
  totpDefaultName: 'Authenticator app',
  passkeyDefaultName: 'Passkey',
  nameRequired: 'Please give it a name (up to 60 characters).',
  add: 'Add',
  cancel: 'Cancel',
  totpAdded: 'The authenticator app has been added',
  passkeyTitle: 'Add a passkey',
  passkeyText:
    'Your browser or device asks how to keep the passkey (this device, a phone, a security key) once you continue.',
  continue: 'Continue',
  passkeyAdded: 'The passkey has been added',
  passkeyCancelled: 'No passkey was made: the browser’s request was cancelled or timed out.',
  enrolFailed: (reason: string) => `The factor was not added: ${reason}`,

  codesTitle: 'Your recovery codes',
  codesText:
    'Keep these ten codes somewhere safe: each signs you in once where your factor is lost. They are shown only now.',
  codesDone: 'I Have Kept Them',
  codesCopy: 'Copy codes',
  codesDownload: 'Download',

  password: 'Your Password',
  passwordAgainRequired: 'Please type your password',

  specOnly:
    'This backend offers only the standard calls: it does not show your name and company, the applications you may use or your sessions, nor change a password here or keep second factors.',
} as const;

export const policyTexts = {
  title: 'Sign-in Policy',
  intro:
    'Who must have a second factor (an authenticator app or a passkey) to sign in, to this console and every application of the suite. A user without one enrols at their next sign-in.',
  administrators: 'Require a second factor for every administrator',
  administratorsHelp: 'Everyone with a role in this console: ERRIGAL_ADMIN, ADMIN and SCO_ADMIN.',
  companiesHeading: 'Per company',
  companiesHelp: 'Every user of the company, administrator or not.',
  companyLabel: (name: string) => `Require a second factor for the users of ${name}`,
  profilesHeading: 'Per business profile',
  profilesHelp: 'Set on each business profile’s editor. These require one now:',
  noProfiles: 'No business profile requires one.',
  notOffered: 'This backend does not offer second factors, so it keeps no policy for them.',
  forbidden: 'Only an ERRIGAL_ADMIN sets this policy.',
  what: 'the sign-in policy',
  saved: 'The sign-in policy has been saved',
  failed: (reason: string) => `The sign-in policy was not saved: ${reason}`,
} as const;
