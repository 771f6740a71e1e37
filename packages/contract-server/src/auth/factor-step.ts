// The second factor step of a sign-in: after the right password, a user who
// has a factor (or must have one) gets no session yet, but a ticket for this
// step, bound to the browser that typed the password (an HttpOnly cookie
// whose hash the ticket keeps) and to what it was signing in to (the
// console's own sign-in, or one client's checked authorization request). The
// session is made only when the factor is right; a ticket serves one
// sign-in, for a few minutes, and a few wrong codes.
import { createHash, randomBytes } from 'node:crypto';
import type { CheckedAuthorizeRequest } from './authorize-request.ts';

/** How long the step stays open. */
export const STEP_SECONDS = 300;
/** Wrong answers a ticket takes before the sign-in must start again (the user's own throttle counts too). */
const WRONG_ANSWERS = 5;
/** Tickets kept at most: the oldest go first (each is a password already proven). */
const TICKETS_MAX = 20_000;

export const FACTOR_COOKIE = 'UPFACTOR';

export interface StepTicket {
  userUuid: string;
  /** What the sign-in was for: the console's sign-in form, or a client's authorization request. */
  purpose: { kind: 'login' } | { kind: 'authorize'; request: CheckedAuthorizeRequest };
  /** The browser cookie the password sign-in would have set (the browser known from then on). */
  browser: string | undefined;
  /** A session this step upgrades (opened before its user needed the factor): ended when it succeeds. */
  replaces: string | undefined;
  enrol: boolean;
  /** The enrolment under way (FactorPort.startEnrolment), while enrolling. */
  enrolment?: string;
  /** The challenge of the passkey options last given. */
  passkeyChallenge?: string;
  expiresAt: number;
  wrong: number;
  /** Hash of the cookie value this ticket belongs to. */
  cookieHash: string;
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

export class StepTickets {
  private readonly tickets = new Map<string, StepTicket>();

  constructor(private readonly now: () => number) {}

  /** A new ticket, and the cookie value to set for it. */
  open(fields: Omit<StepTicket, 'expiresAt' | 'wrong' | 'cookieHash'>): {
    ticket: string;
    cookie: string;
    expiresIn: number;
  } {
    this.sweep();
    const ticket = randomBytes(32).toString('base64url');
    const cookie = randomBytes(32).toString('base64url');
    this.tickets.set(ticket, {
      ...fields,
      expiresAt: this.now() + STEP_SECONDS * 1000,
      wrong: 0,
      cookieHash: hash(cookie),
    });
    return { ticket, cookie, expiresIn: STEP_SECONDS };
  }

  /**
   * The live ticket this browser holds: 'gone' when it expired or never was
   * (start again), 'foreign' when another browser presents it.
   */
  find(ticket: unknown, cookie: string | undefined): StepTicket | 'gone' | 'foreign' {
    const found = typeof ticket === 'string' ? this.tickets.get(ticket) : undefined;
    if (!found || found.expiresAt <= this.now()) return 'gone';
    if (!cookie || hash(cookie) !== found.cookieHash) return 'foreign';
    return found;
  }

  /** A wrong answer; the ticket is closed after WRONG_ANSWERS of them. */
  wrong(ticket: string): void {
    const found = this.tickets.get(ticket);
    if (found && ++found.wrong >= WRONG_ANSWERS) this.tickets.delete(ticket);
  }

  close(ticket: string): void {
    this.tickets.delete(ticket);
  }

  clear(): void {
    this.tickets.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, t] of this.tickets) if (t.expiresAt <= now) this.tickets.delete(id);
    while (this.tickets.size >= TICKETS_MAX) this.tickets.delete(this.tickets.keys().next().value as string);
  }
}
