// Clone Profile hands the copied form to the new-profile screen in the
// history entry's state (like Clone User), so a reload of that screen or a
// link to it starts empty rather than from a stale copy.

interface CloneState<Form> {
  profileClone: Form;
  /** The cloned profile's name, for the new form's note. */
  profileCloneFrom?: string;
}

export function writeCloneState<Form>(form: Form, from: string): CloneState<Form> {
  return { profileClone: form, profileCloneFrom: from };
}

/** The name of the profile this new form was cloned from; null when it was not. */
export function readClonedFrom(): string | null {
  const state = window.history.state as Partial<CloneState<unknown>> | null;
  return state?.profileClone ? (state.profileCloneFrom ?? '') : null;
}

export function readCloneState<Form>(): Form | null {
  const state = window.history.state as Partial<CloneState<Form>> | null;
  return state?.profileClone ?? null;
}
