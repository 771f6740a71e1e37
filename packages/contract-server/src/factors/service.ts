// Second factors: what a user has, what the sign-in asks, enrolment, removal,
// recovery codes and the policy, over the store. Every change of a user's
// factors is a write of the user record through the record history (so it is
// saved in the write's transaction, recorded as "Second factors: added ...",
// and an activity event), and a secret never leaves this module: answers name
// a factor by its kind, name and times.
//
// Wrong codes and wrong passwords typed again are throttled per user and
// address like sign-ins (auth/sign-in-throttle.ts): five free, then waits
// that double. A TOTP code is accepted once (totp.ts), a recovery code once
// (recovery.ts), a passkey's signature counter must move on when it counts.
import { randomBytes } from 'node:crypto';
import type { FactorRefusal, FactorStepNeeded, Principal } from '../auth/contract.ts';
import { verifyPassword } from '../auth/password.ts';
import { DEFAULT_LOGIN_LIMITS, SignInThrottle } from '../auth/sign-in-throttle.ts';
import { type Caller, canChange, canSee, requireArea, requireUserWrite } from '../store/access.ts';
import { ConflictError, ForbiddenError, InvalidError, notFound, TooManyRequestsError } from '../store/errors.ts';
import type { StoredFactor, StoredPasskey, StoredTotp } from '../store/factor-types.ts';
import type { ChangeSource } from '../store/history.ts';
import type { StoreState } from '../store/store-state.ts';
import type { UserRecord } from '../store/types.ts';
import { getUser } from '../store/users.ts';
import {
  authenticationOptions,
  passkeysPossible,
  type RelyingParty,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
} from './passkeys.ts';
import { type Requirement, requirementOf } from './policy.ts';
import { newRecoveryCodes, spendRecoveryCode } from './recovery.ts';
import { matchTotp, newTotpSecret, totpUri } from './totp.ts';

/** How long an enrolment (a key shown, a passkey asked for) waits for its confirmation. */
const ENROLMENT_MS = 10 * 60_000;
/** Enrolments kept at most (each is a few hundred bytes; the oldest go first). */
const ENROLMENTS_MAX = 10_000;

/** A factor as answers show it. */
export interface FactorView {
  id: string;
  kind: 'totp' | 'passkey';
  name: string;
  addedAt: string;
  lastUsedAt: string | null;
}

const factorView = (f: StoredFactor): FactorView => ({
  id: f.id,
  kind: f.kind,
  name: f.name,
  addedAt: new Date(f.addedAt).toISOString(),
  lastUsedAt: f.lastUsedAt === null ? null : new Date(f.lastUsedAt).toISOString(),
});

interface Enrolment {
  userUuid: string;
  kind: 'totp' | 'passkey';
  /** TOTP: the new key; passkey: the challenge. */
  secret: string;
  expiresAt: number;
}

type CodeCheck = { ok: true; userUuid: string } | FactorRefusal;

const newId = () => randomBytes(12).toString('base64url');

export class FactorService {
  private readonly throttle: SignInThrottle;
  private readonly enrolments = new Map<string, Enrolment>();

  constructor(
    private readonly state: () => StoreState,
    readonly rp: RelyingParty,
    private readonly now: () => number,
    /** The suite's name in authenticator apps (the otpauth issuer). */
    private readonly issuer = 'Network Operations Suite',
  ) {
    this.throttle = new SignInThrottle(DEFAULT_LOGIN_LIMITS, now);
  }

  /** Forgets enrolments under way and the wrong-code counts (a reset). */
  clear(): void {
    this.enrolments.clear();
    this.throttle.clear();
  }

  // ---------------------------------------------------------- the sign-in

  /** null: the password is enough for this user; else what the sign-in must ask. */
  stepFor(userUuid: string): FactorStepNeeded | null {
    const user = this.state().users.get(userUuid);
    if (!user) return null;
    const factors = user.factors ?? [];
    const required = requirementOf(this.state(), user);
    if (factors.length === 0 && !required) return null;
    if (factors.length === 0) return { methods: this.enrollable(), enrol: true, requiredBy: required?.text ?? null };
    const methods: FactorStepNeeded['methods'] = [];
    if (factors.some((f) => f.kind === 'totp')) methods.push('totp');
    if (factors.some((f) => f.kind === 'passkey')) methods.push('passkey');
    if ((user.recoveryCodes ?? []).length > 0) methods.push('recovery');
    return { methods, enrol: false, requiredBy: required?.text ?? null };
  }

  private enrollable(): FactorStepNeeded['methods'] {
    return passkeysPossible(this.rp) ? ['totp', 'passkey'] : ['totp'];
  }

  /** Refused while throttled: 429 with the wait. */
  private waitFor(userUuid: string, address: string): FactorRefusal | null {
    const wait = this.throttle.retryAfterSeconds(userUuid, address);
    return wait > 0
      ? { ok: false, status: 429, retryAfter: wait, message: 'Too many wrong codes; try again later.' }
      : null;
  }

  /** A TOTP or recovery code of the user at sign-in; a right one is spent (and the factor's use noted). */
  checkCode(
    userUuid: string,
    method: 'totp' | 'recovery',
    code: string,
    address: string,
    source: ChangeSource,
  ): CodeCheck {
    const throttled = this.waitFor(userUuid, address);
    if (throttled) return throttled;
    const attempt = this.throttle.begin(userUuid, address);
    const user = this.state().users.get(userUuid);
    if (!user) return { ok: false, status: 401, message: 'The code is not valid.' };
    const now = this.now();
    if (method === 'totp') {
      for (const f of user.factors ?? []) {
        if (f.kind !== 'totp') continue;
        const step = matchTotp(f.secret, code, now, f.lastStep);
        if (step === null) continue;
        attempt.succeeded();
        this.write(user, { factors: this.replaced(user, { ...f, lastStep: step, lastUsedAt: now }) }, source);
        return { ok: true, userUuid };
      }
    } else {
      const left = spendRecoveryCode(user.recoveryCodes ?? [], code);
      if (left) {
        attempt.succeeded();
        this.write(user, { recoveryCodes: left }, source);
        return { ok: true, userUuid };
      }
    }
    return { ok: false, status: 401, message: 'The code is not valid.' };
  }

  /** navigator.credentials.get's options for the user's passkeys, and the challenge to keep. */
  async passkeyOptions(userUuid: string) {
    const passkeys = this.passkeysOf(userUuid);
    if (passkeys.length === 0)
      throw new InvalidError('This account has no passkey.', [{ field: 'body.ticket', reason: 'no passkey' }]);
    return authenticationOptions(this.rp, passkeys);
  }

  /** A passkey's answer to `challenge`; right, its counter and use are noted. */
  async checkPasskey(
    userUuid: string,
    response: unknown,
    challenge: string,
    address: string,
    source: ChangeSource,
  ): Promise<CodeCheck> {
    const throttled = this.waitFor(userUuid, address);
    if (throttled) return throttled;
    const attempt = this.throttle.begin(userUuid, address);
    const found = await verifyAuthentication(this.rp, response, challenge, this.passkeysOf(userUuid));
    const user = this.state().users.get(userUuid);
    if (!found || !user) return { ok: false, status: 401, message: 'The passkey was not accepted.' };
    attempt.succeeded();
    const current = (user.factors ?? []).find(
      (f): f is StoredPasskey => f.kind === 'passkey' && f.id === found.passkey.id,
    );
    if (current)
      this.write(
        user,
        { factors: this.replaced(user, { ...current, counter: found.counter, lastUsedAt: this.now() }) },
        source,
      );
    return { ok: true, userUuid };
  }

  private passkeysOf(userUuid: string): StoredPasskey[] {
    return (this.state().users.get(userUuid)?.factors ?? []).filter((f): f is StoredPasskey => f.kind === 'passkey');
  }

  // ---------------------------------------------------------- enrolment

  /** A new key (TOTP) or passkey options for the user; confirmed by finishEnrolment. */
  async startEnrolment(userUuid: string, kind: 'totp' | 'passkey') {
    const user = this.state().users.get(userUuid);
    if (!user) throw notFound('User', userUuid);
    if ((user.factors ?? []).length >= 20)
      throw new ConflictError('An account has at most 20 second factors: remove one first.');
    this.sweep();
    const enrolment = randomBytes(24).toString('base64url');
    if (kind === 'totp') {
      const secret = newTotpSecret();
      this.enrolments.set(enrolment, { userUuid, kind, secret, expiresAt: this.now() + ENROLMENT_MS });
      return { enrolment, secret, uri: totpUri(secret, user.username, this.issuer) };
    }
    if (!passkeysPossible(this.rp))
      throw new InvalidError(
        `Passkeys need the console at a host name, not ${this.rp.id}: open it at http://localhost or its DNS name.`,
        [{ field: 'body.method', reason: 'passkeys need a host name' }],
      );
    const { options, challenge } = await registrationOptions(
      this.rp,
      { uuid: user.uuid, username: user.username, displayName: `${user.firstName} ${user.lastName}`.trim() },
      this.passkeysOf(userUuid),
    );
    this.enrolments.set(enrolment, { userUuid, kind, secret: challenge, expiresAt: this.now() + ENROLMENT_MS });
    return { enrolment, options: options as unknown as Record<string, unknown> };
  }

  /**
   * The enrolment's proof (the key's first code, or the new passkey): the
   * factor is kept; an account's first factor comes with its recovery codes.
   * The code is throttled like any other.
   */
  async finishEnrolment(
    userUuid: string,
    enrolmentId: string,
    proof: { code?: string; credential?: unknown },
    name: string | undefined,
    address: string,
    source: ChangeSource,
  ): Promise<{ factor: FactorView; recoveryCodes?: string[] } | FactorRefusal> {
    const enrolment = this.enrolments.get(enrolmentId);
    if (!enrolment || enrolment.userUuid !== userUuid || enrolment.expiresAt <= this.now())
      throw new InvalidError('This enrolment has expired: start again.', [
        { field: 'body.enrolment', reason: 'expired or unknown' },
      ]);
    const throttled = this.waitFor(userUuid, address);
    if (throttled) return throttled;
    const attempt = this.throttle.begin(userUuid, address);
    const now = this.now();
    let factor: StoredFactor;
    if (enrolment.kind === 'totp') {
      const step = matchTotp(enrolment.secret, proof.code ?? '', now, null);
      if (step === null) return { ok: false, status: 401, message: 'The code is not valid.' };
      factor = {
        id: newId(),
        kind: 'totp',
        name: cleanName(name, 'Authenticator app'),
        addedAt: now,
        lastUsedAt: now,
        secret: enrolment.secret,
        lastStep: step,
      } satisfies StoredTotp;
    } else {
      const passkey = await verifyRegistration(this.rp, proof.credential, enrolment.secret);
      if (!passkey) return { ok: false, status: 401, message: 'The passkey was not accepted.' };
      factor = {
        id: newId(),
        kind: 'passkey',
        name: cleanName(name, 'Passkey'),
        addedAt: now,
        lastUsedAt: now,
        ...passkey,
      };
    }
    attempt.succeeded();
    this.enrolments.delete(enrolmentId);
    const user = this.state().users.get(userUuid);
    if (!user) throw notFound('User', userUuid);
    const first = (user.factors ?? []).length === 0;
    const codes = first ? newRecoveryCodes() : null;
    this.write(
      user,
      {
        factors: [...(user.factors ?? []), factor],
        factorEnrolmentRequested: false,
        ...(codes ? { recoveryCodes: codes.hashes } : {}),
      },
      source,
    );
    return { factor: factorView(factor), ...(codes ? { recoveryCodes: codes.codes } : {}) };
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, e] of this.enrolments) if (e.expiresAt <= now) this.enrolments.delete(id);
    while (this.enrolments.size >= ENROLMENTS_MAX)
      this.enrolments.delete(this.enrolments.keys().next().value as string);
  }

  // ---------------------------------------------------------- the account

  /** The signed-in person as the account page shows them. */
  account(principal: Principal) {
    const user = this.state().users.get(principal.userUuid);
    if (!user) throw notFound('User', principal.userUuid);
    const company = user.companyUuid ? (this.state().companies.get(user.companyUuid)?.name ?? null) : null;
    return {
      uuid: user.uuid,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      company,
      role: principal.role,
      factors: (user.factors ?? []).map(factorView),
      required: this.requirementView(requirementOf(this.state(), user), null),
      recoveryCodesLeft: (user.recoveryCodes ?? []).length,
    };
  }

  /** The caller's own password typed again: throttled; a wrong one is a 403 naming nothing else. */
  async confirmPassword(userUuid: string, password: string, address: string): Promise<void> {
    const wait = this.throttle.retryAfterSeconds(`password ${userUuid}`, address);
    if (wait > 0) throw new TooManyRequestsError('Too many wrong passwords; try again later.', wait);
    const attempt = this.throttle.begin(`password ${userUuid}`, address);
    const user = this.state().users.get(userUuid);
    if (!user || !(await verifyPassword(password, user.passwordHash)))
      throw new ForbiddenError('The password is not right.');
    attempt.succeeded();
  }

  renameOwn(userUuid: string, id: string, name: string, source: ChangeSource): FactorView {
    const user = this.state().users.get(userUuid);
    const factor = user?.factors?.find((f) => f.id === id);
    if (!user || !factor) throw notFound('Factor', id);
    const renamed = { ...factor, name: cleanName(name, factor.name) };
    this.write(user, { factors: this.replaced(user, renamed) }, source);
    return factorView(renamed);
  }

  /** Removes one of one's own factors (password checked by the caller first); the last of a required one is refused. */
  removeOwn(userUuid: string, id: string, source: ChangeSource): void {
    const user = this.state().users.get(userUuid);
    if (!user?.factors?.some((f) => f.id === id)) throw notFound('Factor', id);
    const left = user.factors.filter((f) => f.id !== id);
    const required = requirementOf(this.state(), user);
    if (left.length === 0 && required)
      throw new ConflictError(`${required.text} Add another factor before removing this one.`);
    this.write(user, { factors: left, ...(left.length === 0 ? { recoveryCodes: [] } : {}) }, source);
  }

  renewRecoveryCodes(userUuid: string, source: ChangeSource): string[] {
    const user = this.state().users.get(userUuid);
    if (!user) throw notFound('User', userUuid);
    if ((user.factors ?? []).length === 0)
      throw new ConflictError('Recovery codes come with a second factor: add one first.');
    const codes = newRecoveryCodes();
    this.write(user, { recoveryCodes: codes.hashes }, source);
    return codes.codes;
  }

  // ---------------------------------------------------------- administrators

  /** A user's factors, by the rule of every user action (404 unseen, 403 not changeable). */
  userFactors(caller: Caller, uuid: string) {
    const user = this.userToActOn(caller, uuid);
    return {
      factors: (user.factors ?? []).map(factorView),
      required: this.requirementView(requirementOf(this.state(), user), caller),
      enrolmentRequested: user.factorEnrolmentRequested === true,
      recoveryCodesLeft: (user.recoveryCodes ?? []).length,
    };
  }

  /** Removes one factor or all (the administrator's password checked by the caller first). */
  removeUserFactors(caller: Caller, uuid: string, factor: string | undefined, requireEnrolment: boolean): void {
    const user = this.userToActOn(caller, uuid);
    const factors = user.factors ?? [];
    if (factor !== undefined && !factors.some((f) => f.id === factor)) throw notFound('Factor', factor);
    const left = factor === undefined ? [] : factors.filter((f) => f.id !== factor);
    this.write(
      user,
      {
        factors: left,
        ...(left.length === 0 ? { recoveryCodes: [] } : {}),
        ...(requireEnrolment ? { factorEnrolmentRequested: true } : {}),
      },
      this.state().sourceOf(caller),
    );
  }

  requireEnrolment(caller: Caller, uuid: string, required: boolean): void {
    const user = this.userToActOn(caller, uuid);
    this.write(user, { factorEnrolmentRequested: required }, this.state().sourceOf(caller));
  }

  userToActOn(caller: Caller, uuid: string): UserRecord {
    const user = getUser(this.state(), caller, uuid);
    requireUserWrite(caller, user, this.state());
    return user;
  }

  /** The rule in words; a company or profile the reader cannot see is not named. */
  private requirementView(r: Requirement | null, reader: Caller | null) {
    if (!r) return null;
    if (reader === null || this.mayName(reader, r))
      return { rule: r.rule, ...(r.name ? { name: r.name } : {}), text: r.text };
    return { rule: r.rule, text: 'A rule of the second factor policy requires one.' };
  }

  /** Whether the rule's business profile or company is one the reader may see named. */
  private mayName(reader: Caller, r: Requirement): boolean {
    if (r.rule === 'businessProfile' && r.uuid) {
      const bp = this.state().businessProfiles.get(r.uuid);
      return bp !== undefined && canSee(reader, bp);
    }
    return r.rule !== 'company' || reader.role === 'ERRIGAL_ADMIN' || reader.companyUuid === r.uuid;
  }

  // ---------------------------------------------------------- the policy

  /** The rules; only the companies and business profiles the caller sees are named. */
  policy(caller: Caller) {
    requireArea(caller, 'users');
    const state = this.state();
    const p = state.factorPolicy;
    return {
      administrators: p.administrators,
      companies: p.companies
        .filter((c) => caller.role === 'ERRIGAL_ADMIN' || c === caller.companyUuid)
        .map((uuid) => ({ uuid, name: state.companies.get(uuid)?.name ?? uuid })),
      businessProfiles: p.businessProfiles
        .map((uuid) => state.businessProfiles.get(uuid))
        .filter((bp) => bp !== undefined && canSee(caller, bp))
        .map((bp) => ({ uuid: (bp as { uuid: string }).uuid, name: (bp as { name: string }).name })),
    };
  }

  /**
   * ERRIGAL_ADMIN sets the rules for administrators and per company; a
   * business profile's, whoever may change that profile (ADMIN and up).
   */
  updatePolicy(
    caller: Caller,
    change: { scope: 'administrators' | 'company' | 'businessProfile'; uuid?: string; required: boolean },
  ) {
    const state = this.state();
    const p = state.factorPolicy;
    const toggled = (list: string[], uuid: string) =>
      change.required ? [...new Set([...list, uuid])] : list.filter((u) => u !== uuid);
    if (change.scope === 'businessProfile') {
      requireArea(caller, 'profiles');
      const bp = change.uuid ? state.businessProfiles.get(change.uuid) : undefined;
      if (!bp || !canSee(caller, bp)) throw notFound('Business profile', change.uuid ?? '');
      if (!canChange(caller, bp))
        throw new ForbiddenError('You may only set the policy of business profiles you may change');
      state.factorPolicy = { ...p, businessProfiles: toggled(p.businessProfiles, bp.uuid) };
    } else {
      if (caller.role !== 'ERRIGAL_ADMIN')
        throw new ForbiddenError(
          'Only ERRIGAL_ADMIN sets the second factor policy for every administrator or a company',
        );
      if (change.scope === 'administrators') state.factorPolicy = { ...p, administrators: change.required };
      else {
        if (!change.uuid || !state.companies.has(change.uuid)) throw notFound('Company', change.uuid ?? '');
        state.factorPolicy = { ...p, companies: toggled(p.companies, change.uuid) };
      }
    }
    state.touch();
    return this.policy(caller);
  }

  // ---------------------------------------------------------- writes

  private replaced(user: UserRecord, factor: StoredFactor): StoredFactor[] {
    return (user.factors ?? []).map((f) => (f.id === factor.id ? factor : f));
  }

  /** A change of the user's factor fields, as a write of the user through the record history. */
  private write(user: UserRecord, change: Partial<UserRecord>, source: ChangeSource): void {
    const state = this.state();
    const current = state.users.get(user.uuid) ?? user;
    const pending = state.history.begin('user', current);
    const changed = { ...current, ...change };
    // A new record, put in as every user write puts one (the list order and the rows kept per record follow).
    state.insertUser(changed);
    state.history.commit(pending, 'update', changed, source);
  }
}

/** A factor's name: trimmed, one line, at most 60 characters; the default when blank. */
function cleanName(name: string | undefined, fallback: string): string {
  const clean = (name ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  return clean || fallback;
}
