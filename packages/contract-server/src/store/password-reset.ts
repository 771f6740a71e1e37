// Password reset: the reset tokens, the dev outbox the mails go to, the
// forgot-password limits, and a new password set through a token.
import { randomBytes } from 'node:crypto';
import { validatePasswordReset } from '@userprofile/shared/validation';
import { targetOf } from '../activity/target.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { FailureLimiter } from '../auth/rate-limit.ts';
import { type Caller, requireArea, requireUserWrite } from './access.ts';
import { InvalidError, NotAcceptableError, NotFoundError, TooManyRequestsError } from './errors.ts';
import type { StoreState } from './store-state.ts';
import type { OutboxMail, ResetTokenRecord, UserRecord } from './types.ts';
import { getUser, getUserByUsername } from './users.ts';
import { FieldErrors } from './validate.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * Forgot-password (docs/oauth2-and-sign-in.md "Password reset"): the
 * sign-in limits, counting every request, per username and per address; and at
 * most one e-mail per user in this time (the page says a mail arrives within 5 minutes).
 */
export const FORGOT_LIMITS = { perUsernameAndAddress: 5, perAddress: 20, windowMs: 15 * 60 * 1000 } as const;
export const FORGOT_RESEND_MS = 5 * 60 * 1000;
/** The dev outbox keeps a mail as long as a link in it can work, and at most this many. */
export const OUTBOX_MAX = 1000;
/** How many earlier passwords a reset may not reuse (besides the current one). */
const PASSWORD_HISTORY = 4;

/**
 * Each store's forgot-password limiters, made at its first request. They read
 * the store's clock, which tests may replace; storage keeps none of them.
 */
const forgotLimiters = new WeakMap<StoreState, { byPair: FailureLimiter; byAddress: FailureLimiter }>();

function limitersOf(state: StoreState): { byPair: FailureLimiter; byAddress: FailureLimiter } {
  let limiters = forgotLimiters.get(state);
  if (!limiters) {
    const now = () => state.now();
    limiters = {
      byPair: new FailureLimiter(FORGOT_LIMITS.perUsernameAndAddress, FORGOT_LIMITS.windowMs, now),
      byAddress: new FailureLimiter(FORGOT_LIMITS.perAddress, FORGOT_LIMITS.windowMs, now),
    };
    forgotLimiters.set(state, limiters);
  }
  return limiters;
}

export function resetLink(state: StoreState, token: string): string {
  return `${state.publicOrigin}/userprofile/password/new/${token.replaceAll('.', '~')}`;
}

/** A new token voids the user's older ones; it holds a '.' (the link carries '~' instead). */
function issueResetToken(state: StoreState, user: UserRecord): string {
  sweepResetTokens(state);
  for (const [t, rec] of state.resetTokens) if (rec.userUuid === user.uuid) state.resetTokens.delete(t);
  const token = `${randomBytes(12).toString('base64url')}.${randomBytes(24).toString('base64url')}`;
  const rec: ResetTokenRecord = {
    token,
    userUuid: user.uuid,
    expiresAt: state.now() + RESET_TOKEN_TTL_MS,
    used: false,
    mailedAt: state.now(),
  };
  state.resetTokens.set(token, rec);
  mailResetLink(state, user, rec);
  state.touch();
  return token;
}

function mailResetLink(state: StoreState, user: UserRecord, rec: ResetTokenRecord): void {
  const link = resetLink(state, rec.token);
  rec.mailedAt = state.now();
  sendMail(
    state,
    user,
    'Password reset',
    `Hello ${user.firstName},\n\nTo choose a new password, open ${link}\nThe link works once, within one hour.`,
    link,
  );
}

/** Forgets reset tokens that can no longer work (at most one per user is kept anyway). */
function sweepResetTokens(state: StoreState): void {
  const now = state.now();
  for (const [t, rec] of state.resetTokens) if (rec.used || rec.expiresAt <= now) state.resetTokens.delete(t);
}

function sendMail(state: StoreState, user: UserRecord, subject: string, text: string, link: string | null): void {
  // Mails older than any link they carry can be are swept, then the oldest beyond OUTBOX_MAX.
  const since = new Date(state.now() - RESET_TOKEN_TTL_MS).toISOString();
  let drop = 0;
  while (drop < state.outbox.length && (state.outbox[drop] as OutboxMail).sentAt < since) drop++;
  drop = Math.max(drop, state.outbox.length + 1 - OUTBOX_MAX);
  if (drop > 0) state.outbox.splice(0, drop);
  state.outbox.push({
    id: ++state.mailsSent,
    to: user.email,
    username: user.username,
    subject,
    text,
    link,
    sentAt: new Date(state.now()).toISOString(),
  });
}

/** "Send Password Reset Email" from the user screen: the user must be visible to the caller. */
export function sendPasswordReset(
  state: StoreState,
  caller: Caller,
  userUuid: string | null | undefined,
  username: string | null | undefined,
): string {
  requireArea(caller, 'users');
  const user = userUuid ? getUser(state, caller, userUuid) : getUserByUsername(state, caller, username ?? '');
  requireUserWrite(caller, user, state);
  const token = issueResetToken(state, user);
  // A mail changes no record (no history entry): the activity log records it here, for one user or a bulk send.
  state.activity.record({
    action: 'passwordResetMail',
    outcome: 'succeeded',
    kind: 'user',
    ...targetOf(state, 'user', user.uuid),
  });
  return token;
}

/**
 * Forgot password (public). An unknown or inactive username sends nothing,
 * and the answer is the same. Every request counts against the limits per
 * username and address pair (known username or not) and per address (429
 * beyond them): a burst for a user from one address does not shut the user's
 * own requests out, and cannot flood the user either (below). An anonymous
 * request never voids a link that still works: within FORGOT_RESEND_MS of
 * the last mail it sends nothing (that mail is on its way), later it sends
 * the same link again; only a user without a working link gets a new one.
 */
export function forgotPassword(state: StoreState, username: string, address: string): void {
  const { byPair, byAddress } = limitersOf(state);
  const key = `${username.toLowerCase()}\n${address}`;
  const wait = Math.max(byPair.retryAfterSeconds(key), byAddress.retryAfterSeconds(address));
  if (wait > 0) throw new TooManyRequestsError('Too many password reset requests; try again later.', wait);
  byPair.fail(key);
  byAddress.fail(address);
  const user = state.findUserByUsername(username);
  if (!user?.active) return;
  const now = state.now();
  const live = [...state.resetTokens.values()].find(
    (rec) => rec.userUuid === user.uuid && !rec.used && rec.expiresAt > now,
  );
  if (!live) {
    issueResetToken(state, user);
    return;
  }
  if (now - live.mailedAt < FORGOT_RESEND_MS) return;
  mailResetLink(state, user, live);
  state.touch();
}

function liveToken(state: StoreState, token: string): ResetTokenRecord {
  const rec = state.resetTokens.get(token.replaceAll('~', '.'));
  if (!rec || rec.used || rec.expiresAt <= state.now() || !state.users.has(rec.userUuid)) {
    throw new NotFoundError('This password reset link is invalid or has expired');
  }
  return rec;
}

export function verifyResetToken(state: StoreState, token: string): string {
  const rec = liveToken(state, token);
  return (state.users.get(rec.userUuid) as UserRecord).username;
}

// A new password is checked, kept and announced alike through a reset link and on the account page.

/** The rules of a new password: 400 naming the fields. */
function checkPasswordRules(password: string, rePassword: string): void {
  const errors = new FieldErrors('body.');
  errors.addAll(validatePasswordReset({ password, rePassword }));
  if (errors.list.length > 0) throw new InvalidError('The new password is not valid', errors.list);
}

/** The new password's hash; 406 when it is the user's current password or one of the earlier ones. */
async function newPasswordHash(user: UserRecord, password: string): Promise<string> {
  for (const old of [user.passwordHash, ...user.passwordHistory]) {
    if (old && (await verifyPassword(password, old))) {
      throw new NotAcceptableError('You have used this password before, please choose another password');
    }
  }
  return hashPassword(password);
}

/** The earlier passwords once the current one is replaced (newest first, at most PASSWORD_HISTORY). */
function historyAfterChange(user: UserRecord): string[] {
  return user.passwordHash
    ? [user.passwordHash, ...user.passwordHistory].slice(0, PASSWORD_HISTORY)
    : user.passwordHistory;
}

function mailPasswordChanged(state: StoreState, user: UserRecord): void {
  sendMail(
    state,
    user,
    'Password changed',
    `Hello ${user.firstName},\n\nYour password was changed. If this was not you, contact your administrator.`,
    null,
  );
}

/**
 * Sets a new password through a reset token. 406 when it matches the current
 * or one of the earlier passwords. Answers the user's uuid (whose other
 * sessions the caller ends).
 */
export async function resetPassword(
  state: StoreState,
  token: string,
  password: string,
  rePassword: string,
  call: string,
): Promise<string> {
  checkPasswordRules(password, rePassword);
  const rec = liveToken(state, token);
  const user = state.users.get(rec.userUuid) as UserRecord;
  const hash = await newPasswordHash(user, password);
  // The token may have been used or replaced while hashing: check again before writing.
  const again = liveToken(state, token);
  const pending = state.history.begin('user', user);
  again.used = true;
  user.passwordHistory = historyAfterChange(user);
  user.passwordHash = hash;
  mailPasswordChanged(state, user);
  state.touch();
  // The holder of the reset link changed the password.
  state.history.commit(pending, 'update', user, { actor: { uuid: user.uuid, username: user.username }, call });
  return user.uuid;
}

/**
 * A signed-in person changes their own password (the account page): the
 * current one was checked by the caller; the rules and the reuse check are a
 * reset's. The other sessions stay signed in (the person is at the keyboard).
 */
export async function changeOwnPassword(
  state: StoreState,
  userUuid: string,
  password: string,
  rePassword: string,
  call: string,
): Promise<void> {
  checkPasswordRules(password, rePassword);
  const user = state.users.get(userUuid);
  if (!user) throw new NotFoundError(`User ${userUuid} was not found`);
  const hash = await newPasswordHash(user, password);
  const current = state.users.get(userUuid) as UserRecord;
  const pending = state.history.begin('user', current);
  const changed = { ...current, passwordHash: hash, passwordHistory: historyAfterChange(current) };
  state.users.set(userUuid, changed);
  state.order.replace(current, changed);
  mailPasswordChanged(state, changed);
  state.touch();
  state.history.commit(pending, 'update', changed, { actor: { uuid: userUuid, username: changed.username }, call });
}
