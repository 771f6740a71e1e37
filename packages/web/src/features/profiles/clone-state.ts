// Clone Profile hands the copied form to the new-profile screen in the
// history entry's state (like Clone User), so a reload of that screen or a
// link to it starts empty rather than from a stale copy.

interface CloneState<Form> {
  profileClone: Form;
}

export function writeCloneState<Form>(form: Form): CloneState<Form> {
  return { profileClone: form };
}

export function readCloneState<Form>(): Form | null {
  const state = window.history.state as Partial<CloneState<Form>> | null;
  return state?.profileClone ?? null;
}
