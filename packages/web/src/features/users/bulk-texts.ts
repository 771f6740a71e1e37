// What the bulk actions of the Users list say (issue 27): the confirmation in
// numbers before, and what happened per user after.
import type { BulkAction, BulkResult } from './api.ts';

const users = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'user' : 'users'}`;

export const BULK_LABELS: Record<BulkAction, string> = {
  activate: 'Activate',
  deactivate: 'Deactivate',
  assignBusinessProfile: 'Assign business profile',
  assignVisibilityProfile: 'Assign visibility profile',
  sendPasswordReset: 'Send password reset e-mail',
};

/** The question before the action: what will happen, in numbers. */
export function bulkQuestion(action: BulkAction, count: number, profile: string | null): string {
  switch (action) {
    case 'activate':
      return `Activate ${users(count)}: they can sign in again`;
    case 'deactivate':
      return `Deactivate ${users(count)}: their sign-ins end`;
    case 'assignBusinessProfile':
      return `Give ${users(count)} the business profile ${profile ? `'${profile}'` : '(choose one)'}: their roles and elements become what it grants`;
    case 'assignVisibilityProfile':
      return `Give ${users(count)} the visibility profile ${profile ? `'${profile}'` : '(choose one)'}: what they see becomes what it allows`;
    case 'sendPasswordReset':
      return `Send ${users(count)} a password reset e-mail: each gets a new link that works once, within one hour`;
  }
}

const DONE: Record<BulkAction, string> = {
  activate: 'activated',
  deactivate: 'deactivated',
  assignBusinessProfile: 'given the business profile',
  assignVisibilityProfile: 'given the visibility profile',
  sendPasswordReset: 'sent a password reset e-mail',
};

const UNCHANGED: Record<BulkAction, string> = {
  activate: 'already active',
  deactivate: 'already inactive',
  assignBusinessProfile: 'already had it',
  assignVisibilityProfile: 'already had it',
  sendPasswordReset: '',
};

/** The result line: '35 users deactivated, 1 already inactive, 2 refused.' */
export function bulkSummary(action: BulkAction, result: Pick<BulkResult, 'done' | 'unchanged' | 'refused'>): string {
  const parts = [`${users(result.done)} ${DONE[action]}`];
  if (result.unchanged > 0) parts.push(`${result.unchanged.toLocaleString('en-US')} ${UNCHANGED[action]}`);
  if (result.refused > 0) parts.push(`${result.refused.toLocaleString('en-US')} refused`);
  return `${parts.join(', ')}.`;
}
