// The account page's rules, apart from its layout: the forms' checks, the
// order sessions are listed in, the key as it is read out, what a refusal
// says, and what the page shows of who you are on a backend that offers only
// spec §7 (GET /me).
import { type ValidationErrors, validatePasswordReset } from '@userprofile/shared/validation';
import { isApiError } from '../../lib/api/errors.ts';
import type { CurrentUser } from '../../lib/session.ts';
import type { Account, Factor, SignInSession } from './api.ts';
import { accountTexts as t } from './texts.ts';

export interface OwnPasswordForm {
  currentPassword: string;
  password: string;
  rePassword: string;
}

export type OwnPasswordField = keyof OwnPasswordForm;

/** The current password must be there; the new one follows spec §5's rules (the shared reset rules). */
export function validateOwnPassword(form: OwnPasswordForm): ValidationErrors<OwnPasswordField> {
  const errors: ValidationErrors<OwnPasswordField> = { ...validatePasswordReset(form) };
  if (form.currentPassword === '') errors.currentPassword = t.currentRequired;
  return errors;
}

/** Where a refused change belongs: a field's message, or the form's line. */
export function passwordRefusal(error: unknown): { field?: OwnPasswordField; message: string } {
  if (isApiError(error, 406)) return { field: 'password', message: t.passwordUsedBefore };
  if (isApiError(error, 403)) return { field: 'currentPassword', message: t.passwordWrong };
  if (isApiError(error, 400)) {
    const body = error.body as { errors?: { field: string; reason: string }[] } | null;
    const first = body?.errors?.[0];
    const field = first?.field.replace(/^body\./, '');
    if (first && (field === 'password' || field === 'rePassword' || field === 'currentPassword'))
      return { field, message: first.reason };
    return { field: 'password', message: error.message };
  }
  return { message: t.passwordFailed(error instanceof Error ? error.message : String(error)) };
}

/** A TOTP code as typed (spaces and a dash allowed between the digits), or null when it is no 6 digits. */
export function totpCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A factor's name: trimmed, 1 to 60 characters, or null. */
export function factorName(typed: string): string | null {
  const name = typed.trim();
  return name.length >= 1 && [...name].length <= 60 ? name : null;
}

/** A name for a new factor no other factor has: "Authenticator app", then "Authenticator app 2". */
export function freshFactorName(base: string, factors: readonly Pick<Factor, 'name'>[]): string {
  const taken = new Set(factors.map((f) => f.name));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`)) return `${base} ${n}`;
}

/** The base32 key in groups of four, as it is read out and typed into an app. */
export function groupedKey(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** This browser's session first, then the most recently used. */
export function sessionsInOrder(sessions: readonly SignInSession[], mine: string | null): SignInSession[] {
  return [...sessions].sort((a, b) => {
    if ((a.id === mine) !== (b.id === mine)) return a.id === mine ? -1 : 1;
    return Date.parse(b.lastUsedAt) - Date.parse(a.lastUsedAt);
  });
}

export function kindLabel(kind: Factor['kind']): string {
  return kind === 'totp' ? 'Authenticator app' : 'Passkey';
}

/** The recovery codes as a text file to keep. */
export function recoveryCodesFile(codes: readonly string[], username: string, origin: string): string {
  return [`Recovery codes of ${username} at ${origin}`, 'Each signs in once.', '', ...codes, ''].join('\n');
}

/** One row of "who you are". */
export interface WhoRow {
  label: string;
  value: string;
}

/** Who you are, from the account where the backend offers it, else from GET /me (username and roles only). */
export function whoRows(account: Account | null, me: CurrentUser | null): WhoRow[] {
  if (account) {
    return [
      { label: t.name, value: `${account.firstName} ${account.lastName}`.trim() },
      { label: t.username, value: account.username },
      { label: t.email, value: account.email },
      { label: t.company, value: account.company ?? t.noCompany },
      { label: t.role, value: account.role ?? t.noRole },
    ];
  }
  const roles = me?.roles ?? [];
  return [
    { label: t.username, value: me?.username ?? '' },
    { label: t.roles, value: roles.length > 0 ? roles.join(', ') : t.noRole },
  ];
}
