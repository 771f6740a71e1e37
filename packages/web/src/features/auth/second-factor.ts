// The second factor of a sign-in (an extension: x-extension in the OpenAPI
// document). Where the backend offers it, POST /login, /auth/authorize and
// /auth/session may answer a step (`SecondFactorStep`) instead of their
// success; the step goes on with the calls below and then ends as the
// password sign-in would have. A backend that offers only spec §7 never
// answers a step, so nothing here runs and the sign-in stays spec §4's.
//
// The step's calls are anonymous (the ticket and the UPFACTOR cookie name the
// sign-in): a console session this browser may hold sends no token with them,
// so a wrong code's 401 is the step's answer and never ends that session.
import type { components } from '@userprofile/shared/generated/api';
import type { Middleware } from 'openapi-fetch';
import { api, expectFailure } from '../../lib/api/client.ts';
import { type ApiError, isApiError } from '../../lib/api/errors.ts';

export type SecondFactor = components['schemas']['SecondFactorStep']['secondFactor'];
export type FactorMethod = SecondFactor['methods'][number];
export type FactorDone = components['schemas']['SecondFactorDone'];
export type FactorEnrolment = components['schemas']['FactorEnrolment'];

/** The step an answer of login, authorize or the session check carries, or null when it is their own success. */
export function secondFactorOf(answer: unknown): SecondFactor | null {
  if (!answer || typeof answer !== 'object' || !('secondFactor' in answer)) return null;
  const step = (answer as { secondFactor: unknown }).secondFactor;
  if (!step || typeof step !== 'object') return null;
  const { ticket, methods } = step as Partial<SecondFactor>;
  if (typeof ticket !== 'string' || !Array.isArray(methods)) return null;
  return step as SecondFactor;
}

/** Drops the bearer token the client adds: the step's calls are the ticket's, not a console session's. */
const anonymous: Middleware = {
  onRequest({ request }) {
    request.headers.delete('Authorization');
    request.headers.delete('Algorithm');
    return request;
  },
};

// Every refusal of a step is said on the step itself, in a sentence; spec §8's
// global reload message (a 403 or 404 of a POST) would say nothing useful here.
const stepMiddleware = () => [anonymous, expectFailure(400, 401, 403, 404, 409, 429)];

/** POST /auth/factor/verify: a code, a recovery code or a passkey's answer (enrolling: its first code or credential). */
export async function verifyFactor(body: {
  ticket: string;
  method: FactorMethod;
  code?: string;
  credential?: Record<string, unknown>;
  name?: string;
}): Promise<FactorDone> {
  const { data } = await api().POST('/api/v1/auth/factor/verify', { body, middleware: stepMiddleware() });
  return data ?? {};
}

/** POST /auth/factor/enrol: a new TOTP key (and its otpauth URI), or a passkey's creation options. */
export async function startEnrolment(ticket: string, method: 'totp' | 'passkey'): Promise<FactorEnrolment> {
  const { data } = await api().POST('/api/v1/auth/factor/enrol', {
    body: { ticket, method },
    middleware: stepMiddleware(),
  });
  if (!data?.enrolment) throw new Error('POST /auth/factor/enrol answered no enrolment');
  return data;
}

/** POST /auth/factor/passkey: the options for signing in with one of the user's passkeys. */
export async function passkeyOptions(ticket: string): Promise<Record<string, unknown>> {
  const { data } = await api().POST('/api/v1/auth/factor/passkey', { body: { ticket }, middleware: stepMiddleware() });
  if (!data?.options) throw new Error('POST /auth/factor/passkey answered no options');
  return data.options;
}

/** What the step says; texts where spec §8 has none are designed, plain sentences. */
export const factorTexts = {
  heading: 'Two-step verification',
  totpPrompt: 'Enter the 6-digit code from your authenticator app.',
  totpLabel: 'Authentication code',
  recoveryPrompt: 'Enter one of your recovery codes. Each code works only once.',
  recoveryLabel: 'Recovery code',
  passkeyPrompt: 'Use your passkey to finish signing in.',
  verify: 'Verify',
  verifying: 'Verifying...',
  usePasskey: 'Use a passkey',
  useRecovery: 'Use a recovery code',
  useApp: 'Use your authenticator app',
  startAgain: 'Sign in again',
  cancel: 'Cancel and sign in again',
  enterCode: 'Please enter the 6-digit code.',
  enterRecovery: 'Please enter a recovery code.',
  wrongCode: 'The code is not valid.',
  timedOut: 'This sign-in has expired. Please sign in again.',
  expired: 'This sign-in has expired, or was closed after too many wrong codes. Please sign in again.',
  refused: 'This sign-in can no longer go on. Please sign in again.',
  enrolHeading: 'Set up a second factor',
  enrolIntro: 'Your account needs a second factor before you can go on.',
  /** The server's sentence of the rule (e.g. 'Every administrator must have a second factor.'), then what to do. */
  requiredBy: (rule: string) => `${/[.!?]$/.test(rule.trim()) ? rule.trim() : `${rule.trim()}.`} Set one up to go on.`,
  scan: 'Scan this QR code with your authenticator app, or type the key into it.',
  qrLabel: 'QR code of the key for your authenticator app',
  keyLabel: 'Key',
  copyKey: 'Copy key',
  firstCodeLabel: 'Code from the app',
  nameLabel: 'Name (optional)',
  totpName: 'Authenticator app',
  passkeyName: 'Passkey',
  turnOn: 'Turn on and continue',
  enrolPasskey: 'Create a passkey',
  passkeyInstead: 'Use a passkey instead',
  appInstead: 'Use an authenticator app instead',
  passkeyEnrolPrompt: 'Create a passkey on this device or a security key. Your browser will ask you to confirm.',
  codesHeading: 'Save your recovery codes',
  codesIntro:
    'If you lose your authenticator, each of these codes signs you in once. They are shown only now: keep them somewhere safe.',
  codesLabel: 'Recovery codes',
  copyCodes: 'Copy codes',
  copied: 'Copied',
  copyFailed: 'Your browser did not allow copying. Please select the codes and copy them, or download them.',
  downloadCodes: 'Download',
  savedThem: 'I have saved my recovery codes',
  continue: 'Continue',
  passkeyUnsupported: 'This browser cannot use passkeys here.',
  loading: 'Loading...',
} as const;

function retryAfter(error: ApiError): number | null {
  const value = Number(error.headers.get('Retry-After'));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/** What a refused step means for the page: say it and stay, or say it and start the sign-in again. */
export interface StepFailure {
  text: string;
  /** The ticket is spent or expired (400), or the step refused outright (403): only a new sign-in helps. */
  restart: boolean;
}

/**
 * The sentence for a failed step call. 401: a wrong code (the server's
 * sentence where it gives one); 429: the throttle, with its wait; 400 and 403:
 * the ticket is no good any more. Anything else is spec §8's unknown reason.
 */
export function stepFailure(error: unknown, unknownReason: string): StepFailure {
  if (isApiError(error, 401)) {
    const said = error.message && error.message !== `HTTP ${error.status}` ? error.message : null;
    return { text: said ?? factorTexts.wrongCode, restart: false };
  }
  if (isApiError(error, 429)) {
    const seconds = retryAfter(error);
    const text =
      seconds === null
        ? 'Too many wrong codes. Please wait a moment and try again.'
        : `Too many wrong codes. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;
    return { text, restart: false };
  }
  if (isApiError(error, 400)) return { text: factorTexts.expired, restart: true };
  if (isApiError(error, 403) || isApiError(error, 404)) return { text: factorTexts.refused, restart: true };
  return { text: unknownReason, restart: false };
}

/** A TOTP code as typed: spaces and dashes (as apps group the digits) left out; null unless 6 digits. */
export function totpCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A recovery code as typed: surrounding and inner spaces left out (the server compares the rest). */
export function recoveryCode(typed: string): string | null {
  const code = typed.replace(/\s+/g, '');
  return code === '' ? null : code;
}

/** A base32 key in groups of four, as authenticator apps show and accept it. */
export function groupedKey(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** The text file of the recovery codes, one a line, under a line saying what they are. */
export function recoveryCodesFile(codes: readonly string[], account: string, origin: string): string {
  const header = `Recovery codes for ${account ? `${account} at ` : ''}${origin}. Each signs you in once.`;
  return `${[header, '', ...codes].join('\n')}\n`;
}

/**
 * What the step offers first: the authenticator app where the user has one,
 * else a passkey (when this browser can use one), else a recovery code.
 */
export function firstMethod(methods: readonly FactorMethod[], passkeysUsable: boolean): FactorMethod | null {
  if (methods.includes('totp')) return 'totp';
  if (methods.includes('passkey') && passkeysUsable) return 'passkey';
  if (methods.includes('recovery')) return 'recovery';
  return null;
}

/** Where a verified step goes: the answer's redirect, else on as after a successful POST /login. */
export type AfterStep = { follow: string } | { signedIn: true };

export function afterStep(done: FactorDone): AfterStep {
  if (done.redirectUrl) return { follow: done.redirectUrl };
  if (done.success === true) return { signedIn: true };
  throw new Error('POST /auth/factor/verify answered neither success nor redirectUrl');
}
