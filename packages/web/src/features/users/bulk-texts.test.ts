import { describe, expect, it } from 'vitest';
import { bulkSummary, undoSummary } from './bulk-texts.ts';

describe('undoSummary', () => {
  it('says what the Undo did, with its own counts, not the action it took back', () => {
    const line = undoSummary('assignVisibilityProfile', { done: 194, unchanged: 0, refused: 0 });
    expect(line).toBe('Undone: 194 users given their previous visibility profile back.');
    expect(line).not.toContain(bulkSummary('assignVisibilityProfile', { done: 194, unchanged: 0, refused: 0 }));
  });

  it('counts the users already back, refused, and those who keep the profile (none before)', () => {
    expect(undoSummary('assignBusinessProfile', { done: 3, unchanged: 1, refused: 2 }, 4)).toBe(
      'Undone: 3 users given their previous business profile back, 1 already had it back, 2 refused, 4 kept it (they had none before).',
    );
    expect(undoSummary('deactivate', { done: 1, unchanged: 0, refused: 0 })).toBe('Undone: 1 user activated again.');
    expect(undoSummary('activate', { done: 2, unchanged: 0, refused: 0 })).toBe('Undone: 2 users deactivated again.');
  });
});
