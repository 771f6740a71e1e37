import { describe, expect, it } from 'vitest';
import { documentTitle } from './use-document-title.ts';

describe('document titles', () => {
  it('name the screen, then the product', () => {
    expect(documentTitle('Users')).toBe('Users · User Profile');
    expect(documentTitle('Editing User aaron.labadie')).toBe('Editing User aaron.labadie · User Profile');
  });

  it('are the product alone when a screen names nothing', () => {
    expect(documentTitle(null)).toBe('User Profile');
    expect(documentTitle('  ')).toBe('User Profile');
  });
});
