// The life of a profile editor (spec §4, §5, §8 Profiles): lib/use-editor.ts
// with the area's messages filled in the same way for both kinds of profile
// (saved / deleted by name, 409 = the name exists), and the impact preview
// in front of the save (./impact.tsx).
import { isApiError } from '../../lib/api/errors.ts';
import { type Editor, type EditorOptions, pleaseWaitUntil, useEditor } from '../../lib/use-editor.ts';
import type { ProfileImpact } from './api.ts';
import { type ImpactGate, useImpactGate } from './impact.tsx';

/** A kind of profile's spec §8 messages (profileMessages.app / .business). */
export interface ProfileMessages {
  nameExists: string;
  saveError: string;
  saved: (name: string) => string;
  deleted: (name: string) => string;
  deleteFailed: string;
}

/** Who may see a profile: the form fields of its Visible To. */
interface Audience {
  minimumRole: string;
  companyUuid: string | null;
}

export function useProfileEditor<
  R extends { uuid: string; name: string },
  Form extends Audience,
  Field extends string,
>({
  noun,
  messages: m,
  preview,
  ...options
}: Omit<EditorOptions<R, Form, Field>, 'uuidOf' | 'messages'> & {
  /** 'Application Profile': the save-in-progress warning names it. */
  noun: string;
  messages: ProfileMessages;
  /** Who a change of a saved profile reaches, asked before it is saved (and whether it changes who may see it). */
  preview: (form: Form, audienceChanged: boolean) => Promise<ProfileImpact>;
}): { editor: Editor<R, Form, Field>; gate: ImpactGate } {
  const saveInProgress = pleaseWaitUntil(`Updating ${noun}`);
  const saveFailed = (error: unknown) => (isApiError(error, 409) ? m.nameExists : m.saveError);
  const editor = useEditor<R, Form, Field>({
    ...options,
    uuidOf: (record) => record.uuid,
    messages: {
      saveInProgress,
      saved: (record) => m.saved(record.name),
      saveFailed,
      deleted: (record) => m.deleted(record.name),
      deleteFailed: () => m.deleteFailed,
    },
  });
  const audienceChanged = (form: Form) => {
    const saved = editor.record ? options.toForm(editor.record) : null;
    return !!saved && (saved.minimumRole !== form.minimumRole || saved.companyUuid !== form.companyUuid);
  };
  const gate = useImpactGate({ ...editor, preview, audienceChanged, saveFailed, saveInProgress });
  return { editor, gate };
}
