// The account page's calls (every signed-in person, administrator or not),
// an administrator's calls on a user's factors, and the policy. All are
// extensions of the document. Asking the password again (removing a factor,
// new recovery codes, an administrator's removal) is throttled with the
// wrong codes (service.ts).
import type { FastifyReply } from 'fastify';
import { caller, callOf, principal, type Req, type RouteContext, type Routes, type S } from '../routes/context.ts';
import { sessionsView } from '../routes/sign-ins.ts';
import { effectiveAccess } from '../store/effective-access.ts';
import { InvalidError, TooManyRequestsError } from '../store/errors.ts';
import { changeOwnPassword } from '../store/password-reset.ts';
import type { FactorService } from './service.ts';

/**
 * An enrolment's answer: the factor, or why not. A wrong code or passkey is a
 * 400 naming the field (the caller is signed in: a 401 would read as the end of
 * its session); too many wrong ones, 429 with the wait.
 */
function enrolled(done: Awaited<ReturnType<FactorService['finishEnrolment']>>, field: string): S['FactorAdded'] {
  if ('factor' in done) return done;
  if (done.status === 429) throw new TooManyRequestsError(done.message, done.retryAfter ?? 1);
  throw new InvalidError(done.message, [{ field, reason: done.message }]);
}

export function factorRoutes(ctx: RouteContext, factors: FactorService): Routes {
  /** The signed-in person as the history names an actor, with the call. */
  const sourceOf = (request: Req) => {
    const who = principal(request);
    return { actor: { uuid: who.userUuid, username: who.username }, call: callOf(request) };
  };
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');
  // The signed-in person's own enrolment, one way for an app and a passkey: started (a key or the
  // passkey options), then finished with its proof; a refusal names `field`, the proof's.
  const startOwnEnrolment = (request: Req, reply: FastifyReply, kind: 'totp' | 'passkey') => {
    noStore(reply);
    return factors.startEnrolment(principal(request).userUuid, kind);
  };
  const finishOwnEnrolment = async (
    request: Req<{ enrolment: string; name?: string }>,
    reply: FastifyReply,
    proof: { code: string } | { credential: unknown },
    field: string,
  ) => {
    noStore(reply);
    const { enrolment, name } = request.body;
    const done = await factors.finishEnrolment(
      principal(request).userUuid,
      enrolment,
      proof,
      name,
      request.ip,
      sourceOf(request),
    );
    return enrolled(done, field);
  };

  return {
    async getAccount(request: Req, reply: FastifyReply): Promise<S['Account']> {
      noStore(reply);
      return factors.account(principal(request));
    },
    async getAccountAccess(request: Req): Promise<S['EffectiveAccess']> {
      const who = principal(request);
      // One's own access, whatever one's console role: every grant the account holds is its own to read.
      const self = {
        userUuid: who.userUuid,
        role: 'ERRIGAL_ADMIN' as const,
        companyUuid: null,
        layoutCodes: who.layoutCodes,
      };
      return effectiveAccess(ctx.store(), self, who.userUuid);
    },
    async changeOwnPassword(request: Req<S['OwnPasswordChange']>, reply: FastifyReply) {
      const who = principal(request);
      await factors.confirmPassword(who.userUuid, request.body.currentPassword, request.ip);
      await changeOwnPassword(
        ctx.store(),
        who.userUuid,
        request.body.password,
        request.body.rePassword,
        callOf(request),
      );
      return reply.code(204).send();
    },
    async startTotpEnrolment(request: Req, reply: FastifyReply): Promise<S['FactorEnrolment']> {
      return startOwnEnrolment(request, reply, 'totp');
    },
    async confirmTotpEnrolment(request: Req<S['TotpConfirm']>, reply: FastifyReply) {
      return finishOwnEnrolment(request, reply, { code: request.body.code }, 'body.code');
    },
    async startPasskeyEnrolment(request: Req, reply: FastifyReply): Promise<S['FactorEnrolment']> {
      return startOwnEnrolment(request, reply, 'passkey');
    },
    async confirmPasskeyEnrolment(request: Req<S['PasskeyConfirm']>, reply: FastifyReply) {
      return finishOwnEnrolment(request, reply, { credential: request.body.credential }, 'body.credential');
    },
    async renameOwnFactor(request: Req<S['FactorName'], { id: string }>, reply: FastifyReply): Promise<S['Factor']> {
      noStore(reply);
      return factors.renameOwn(principal(request).userUuid, request.params.id, request.body.name, sourceOf(request));
    },
    async removeOwnFactor(request: Req<S['PasswordAgain'], { id: string }>, reply: FastifyReply) {
      const who = principal(request);
      await factors.confirmPassword(who.userUuid, request.body.password, request.ip);
      factors.removeOwn(who.userUuid, request.params.id, sourceOf(request));
      return reply.code(204).send();
    },
    async renewRecoveryCodes(request: Req<S['PasswordAgain']>, reply: FastifyReply): Promise<S['RecoveryCodes']> {
      noStore(reply);
      const who = principal(request);
      await factors.confirmPassword(who.userUuid, request.body.password, request.ip);
      return { recoveryCodes: factors.renewRecoveryCodes(who.userUuid, sourceOf(request)) };
    },
    async listOwnSessions(request: Req, reply: FastifyReply): Promise<S['OwnSessions']> {
      noStore(reply);
      const who = principal(request);
      return { sessions: sessionsView(ctx.store(), ctx.signIns.signInsOf(who.userUuid, who.username).sessions) };
    },
    async endOwnSession(request: Req<unknown, { sessionId: string }>, reply: FastifyReply) {
      ctx.signIns.endUserSession(principal(request).userUuid, request.params.sessionId);
      return reply.code(204).send();
    },

    async getUserFactors(request: Req<unknown, { uuid: string }>, reply: FastifyReply): Promise<S['UserFactors']> {
      noStore(reply);
      return factors.userFactors(caller(request), request.params.uuid);
    },
    async removeUserFactors(request: Req<S['RemoveUserFactors'], { uuid: string }>, reply: FastifyReply) {
      const who = caller(request);
      // The rule first (a 404 or 403 costs no password check), then the administrator's own password.
      factors.userToActOn(who, request.params.uuid);
      await factors.confirmPassword(who.userUuid, request.body.password, request.ip);
      factors.removeUserFactors(who, request.params.uuid, request.body.factor, request.body.requireEnrolment === true);
      // A factor removed is a way in gone: whoever holds a session of the user must sign in again.
      ctx.revokeUserSessions(request.params.uuid);
      return reply.code(204).send();
    },
    async requireUserEnrolment(request: Req<S['RequireEnrolment'], { uuid: string }>, reply: FastifyReply) {
      factors.requireEnrolment(caller(request), request.params.uuid, request.body.required);
      return reply.code(204).send();
    },
    async getFactorPolicy(request: Req): Promise<S['FactorPolicy']> {
      return factors.policy(caller(request));
    },
    async updateFactorPolicy(request: Req<S['FactorPolicyChange']>): Promise<S['FactorPolicy']> {
      return factors.updatePolicy(caller(request), request.body);
    },
  } satisfies Routes;
}
