// The user editor's Second Factor tab in words (./user-factors.tsx), apart
// so the end-to-end tests read the same sentences.
export const factorTexts = {
  tab: 'Second Factor',
  what: 'the second factors',
  notOffered: 'This backend does not offer second factors.',
  forbidden: (reason: string) => `You may not see this user's second factors: ${reason}`,
  required: (text: string) => `A second factor is required: ${text}`,
  notRequired: 'No rule requires a second factor of this user.',
  none: (username: string) => `${username} has no second factor.`,
  listLabel: (username: string) => `Second factors of ${username}`,
  recoveryLeft: (n: number) => (n === 1 ? '1 recovery code left.' : `${n} recovery codes left.`),
  requireEnrolment: 'Require a new enrolment at next sign-in',
  requireEnrolmentHelp: 'After the password, the next sign-in asks the user to add a factor before going on.',
  requested: 'A new enrolment is asked at the next sign-in',
  withdrawn: 'The enrolment request has been withdrawn',
  requireFailed: (reason: string) => `The enrolment request was not saved: ${reason}`,
  remove: 'Remove',
  removeAll: 'Remove All Factors',
  removeTitle: (name: string, username: string) => `Remove ${name} from ${username}?`,
  removeAllTitle: (username: string) => `Remove every second factor of ${username}?`,
  removeText: (username: string) =>
    `Signing in will no longer accept it, and every session of ${username} ends: the console, the other applications of the suite and their tokens. They must sign in again.`,
  removeAllText: (username: string) =>
    `Every factor and recovery code of ${username} goes, and every session of ${username} ends: the console, the other applications of the suite and their tokens. They must sign in again.`,
  removeSelf: 'This is you: your own session here ends too.',
  askEnrolment: 'Ask for a new enrolment at the next sign-in',
  password: 'Your Password',
  passwordRequired: 'Please type your password',
  passwordWrong: 'That password is not right.',
  removed: (username: string) => `Removed; every session of ${username} has ended`,
} as const;
