import { beforeEach, describe, expect, it } from 'vitest';
import { loading, useLoading } from './loading.ts';

describe('loading store (spec §4: start, start with text, change, change with text, stop)', () => {
  beforeEach(() => loading.stop());
  const state = () => useLoading.getState();

  it('start and startWithText turn the overlay on, with or without text', () => {
    loading.start();
    expect(state()).toEqual({ loading: true, text: null });
    loading.startWithText('Saving...');
    expect(state()).toEqual({ loading: true, text: 'Saving...' });
  });

  it('change sets the flag and keeps the text; changeWithText sets both', () => {
    loading.startWithText('Loading users');
    loading.change(false);
    expect(state()).toEqual({ loading: false, text: 'Loading users' });
    loading.changeWithText(true, 'Syncing');
    expect(state()).toEqual({ loading: true, text: 'Syncing' });
  });

  it('stop clears flag and text', () => {
    loading.startWithText('x');
    loading.stop();
    expect(state()).toEqual({ loading: false, text: null });
  });
});
