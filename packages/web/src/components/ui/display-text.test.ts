import { describe, expect, it } from 'vitest';
import { CELL_MAX, displayText, TITLE_MAX, titleText } from './display-text.ts';

describe('displayText', () => {
  it('keeps a name that fits, whole', () => {
    expect(displayText('Runte Inc Communications NOC Operators')).toBe('Runte Inc Communications NOC Operators');
    expect(displayText(undefined)).toBe('');
    expect(displayText('abc', 3)).toBe('abc');
  });
  it('cuts at the end, never the front, with an ellipsis, to at most max characters', () => {
    expect(displayText('abcdef', 4)).toBe('abc…');
    const long = `Runte Inc ${'x'.repeat(1_000_000)}`;
    const cut = displayText(long);
    expect(cut.length).toBe(CELL_MAX);
    expect(cut.startsWith('Runte Inc ')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
  });
  it('does not split a surrogate pair', () => {
    expect(displayText('ab😀cd', 4)).toBe('ab…');
  });
  it('a title holds every real name whole and bounds a hostile one', () => {
    expect(titleText('x'.repeat(300))).toBe('x'.repeat(300));
    expect(titleText('x'.repeat(30_000_000)).length).toBe(TITLE_MAX);
  });
});
