// Passwords (spec §7 "Passwords"): the reset e-mail an administrator sends,
// forgot-password, the reset link's token, the new password, and the two
// message templates.
import { BASE_PATH } from '@userprofile/shared/constants';
import type { FastifyReply } from 'fastify';
import { sendHtml, sendJson } from '../http/send.ts';
import { caller, callOf, type Req, type RouteContext, type Routes, type S } from './context.ts';

export function passwordRoutes(ctx: RouteContext): Routes {
  return {
    async sendPasswordResetEmail(request: Req<S['User']>) {
      ctx.store().sendPasswordReset(caller(request), request.body.uuid, request.body.username);
      return { sent: true };
    },
    async forgotPassword(request: Req<S['ForgotPasswordBody']>) {
      ctx.store().forgotPassword(request.body.username, request.ip);
      return { sent: true };
    },
    async verifyPasswordResetToken(request: Req<unknown, { token: string }>, reply: FastifyReply) {
      return sendJson(reply, JSON.stringify(ctx.store().verifyResetToken(request.params.token)));
    },
    async updatePassword(request: Req<S['PasswordReset']>, reply: FastifyReply) {
      const { token, password, rePassword } = request.body;
      const userUuid = await ctx.store().resetPassword(token, password, rePassword, callOf(request));
      ctx.revokeUserSessions(userUuid);
      return reply.code(204).send();
    },
    async passwordSentTemplate(_request: Req, reply: FastifyReply) {
      const { supportEmail } = ctx.startupConfig;
      return sendHtml(
        reply,
        `<p>An email with a password reset link has been sent to the user.</p><p>It should arrive within 5 minutes. If it does not, please contact <a href="mailto:${supportEmail}">${supportEmail}</a>.</p>`,
      );
    },
    async passwordCompleteTemplate(_request: Req, reply: FastifyReply) {
      return sendHtml(
        reply,
        `<p>Your password has been reset.</p><p>A confirmation email will be sent shortly. You can now <a href="${BASE_PATH}/">sign in</a> with the new password.</p>`,
      );
    },
  } satisfies Routes;
}
