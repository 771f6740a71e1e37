import { describe, expect, it } from 'vitest';
import { FORM_INVALID, formChanged, pleaseWaitUntil, shownErrors } from './use-editor.ts';

describe('editor rules', () => {
  it("uses spec §5's warnings", () => {
    expect(FORM_INVALID).toBe('Please Check Form Is Filled Correctly');
    expect(pleaseWaitUntil('Updating User')).toBe('Please Wait Until Updating User Completes');
  });

  it('shows the errors of touched fields, and every error once a submit was tried', () => {
    const errors = { username: 'required', email: 'bad' };
    expect(shownErrors(errors, new Set(['email']), false)).toEqual({ email: 'bad' });
    expect(shownErrors(errors, new Set(), true)).toEqual(errors);
    // A corrected field has no error to show, submitted or not.
    expect(shownErrors({ email: 'bad' }, new Set(['username']), true)).toEqual({ email: 'bad' });
  });

  it('shows the untouched errors once the touched fields are all right', () => {
    expect(shownErrors({ apiAuthType: 'required' }, new Set(['name', 'apiHost']), false)).toEqual({
      apiAuthType: 'required',
    });
    // Nothing changed yet: a new form is not marked all over.
    expect(shownErrors({ apiAuthType: 'required' }, new Set(), false)).toEqual({});
  });

  it('calls a form changed only when its data differs from the loaded one', () => {
    expect(formChanged({ a: '1', b: [1] }, { a: '1', b: [1] })).toBe(false);
    expect(formChanged({ a: '2' }, { a: '1' })).toBe(true);
  });
});
