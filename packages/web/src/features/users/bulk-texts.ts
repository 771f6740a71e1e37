// What the bulk actions of the Users list say: the confirmation in
// numbers before, and what happened per user after.
import type { BulkAction, BulkResult } from '../../lib/bulk-users/bulk-call.ts';

export const users = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'user' : 'users'}`;

export const BULK_LABELS: Record<BulkAction, string> = {
  activate: 'Activate',
  deactivate: 'Deactivate',
  assignBusinessProfile: 'Assign business profile',
  assignVisibilityProfile: 'Assign visibility profile',
  sendPasswordReset: 'Send password reset e-mail',
  requireSecondFactor: 'Require a second factor',
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
    case 'requireSecondFactor':
      return `Require ${users(count)} to add a second factor at their next sign-in: those who have one already stay as they are`;
  }
}

const DONE: Record<BulkAction, string> = {
  activate: 'activated',
  deactivate: 'deactivated',
  assignBusinessProfile: 'given the business profile',
  assignVisibilityProfile: 'given the visibility profile',
  sendPasswordReset: 'sent a password reset e-mail',
  requireSecondFactor: 'asked to add a second factor at their next sign-in',
};

const UNCHANGED: Record<BulkAction, string> = {
  activate: 'already active',
  deactivate: 'already inactive',
  assignBusinessProfile: 'already had it',
  assignVisibilityProfile: 'already had it',
  sendPasswordReset: '',
  requireSecondFactor: 'already have one',
};

/** The result line: '35 users deactivated, 1 already inactive, 2 refused.' */
export function bulkSummary(action: BulkAction, result: Pick<BulkResult, 'done' | 'unchanged' | 'refused'>): string {
  const parts = [`${users(result.done)} ${DONE[action]}`];
  if (result.unchanged > 0) parts.push(`${result.unchanged.toLocaleString('en-US')} ${UNCHANGED[action]}`);
  if (result.refused > 0) parts.push(`${result.refused.toLocaleString('en-US')} refused`);
  return `${parts.join(', ')}.`;
}

/** What an Undo did, by the action it took back: the users given back what they had. */
const UNDONE: Record<BulkAction, string> = {
  activate: 'deactivated again',
  deactivate: 'activated again',
  assignBusinessProfile: 'given their previous business profile back',
  assignVisibilityProfile: 'given their previous visibility profile back',
  sendPasswordReset: '',
  requireSecondFactor: '',
};

const UNDO_UNCHANGED: Record<BulkAction, string> = {
  activate: 'already inactive',
  deactivate: 'already active',
  assignBusinessProfile: 'already had it back',
  assignVisibilityProfile: 'already had it back',
  sendPasswordReset: '',
  requireSecondFactor: '',
};

/**
 * The result line of an Undo, with the Undo's own counts (the action's line
 * would report the action again): 'Undone: 194 users given their previous
 * visibility profile back, 2 refused.' `kept`: users changed by the action
 * who had no such profile before, so it stays with them.
 */
export function undoSummary(
  undone: BulkAction,
  result: Pick<BulkResult, 'done' | 'unchanged' | 'refused'>,
  kept = 0,
): string {
  const parts = [`Undone: ${users(result.done)} ${UNDONE[undone]}`];
  if (result.unchanged > 0) parts.push(`${result.unchanged.toLocaleString('en-US')} ${UNDO_UNCHANGED[undone]}`);
  if (result.refused > 0) parts.push(`${result.refused.toLocaleString('en-US')} refused`);
  if (kept > 0) parts.push(`${kept.toLocaleString('en-US')} kept it (they had none before)`);
  return `${parts.join(', ')}.`;
}

/** The Undo's question: the opposite action on exactly the users changed. */
export function undoQuestion(action: BulkAction, count: number, profile: string | null, cannot: number): string {
  const kept = cannot > 0 ? ` (${users(cannot)} had none before and keep it)` : '';
  switch (action) {
    case 'activate':
      return `Deactivate again the ${users(count)} just activated`;
    case 'deactivate':
      return `Activate again the ${users(count)} just deactivated`;
    case 'assignBusinessProfile':
      return `Give the ${users(count)} just given '${profile}' their previous business profile back${kept}`;
    case 'assignVisibilityProfile':
      return `Give the ${users(count)} just given '${profile}' their previous visibility profile back${kept}`;
    case 'sendPasswordReset':
    case 'requireSecondFactor':
      return '';
  }
}

/** Before the confirmation: how many of the selection the reader may not change. */
export const mayNotChange = (refused: number, count: number): string =>
  `${refused.toLocaleString('en-US')} of the ${users(count)} you may not change, and will be refused:`;

/** While the single-user calls run: '312 of 1,000'. */
export const progressText = (answered: number, total: number): string =>
  `${answered.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;

/** Users the admin's Cancel kept from being asked. */
export const notSentText = (n: number): string => `${users(n)} not sent (cancelled): they stay selected.`;
