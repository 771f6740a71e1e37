// A user's open sign-in sessions as the admin console lists them
// (GET /user/{uuid}/signIns): nothing secret (no cookie value, no token).
import type { SessionSummary } from './contract.ts';
import type { Session } from './core.ts';

export function sessionSummaries(sessions: Session[]): SessionSummary[] {
  return sessions
    .map((s) => ({
      id: s.id,
      startedAt: s.authTime * 1000,
      lastUsedAt: s.lastUsedAt,
      address: s.address,
      method:
        s.ticket !== undefined
          ? ('enterpriseSso' as const)
          : s.address !== null
            ? ('password' as const)
            : ('issued' as const),
      clientIds: [...s.clients],
    }))
    .sort((a, b) => b.lastUsedAt - a.lastUsedAt);
}
