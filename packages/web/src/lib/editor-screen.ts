// The screen of an editor's routes ('/…/new' and '/…/edit/:uuid'): the
// editor mounted once per record, keyed by the route's uuid, so saving a new
// record (its edit route) or cloning one (the new route) opens a fresh editor
// instead of carrying the previous one's state over.
import { type ComponentType, createElement, type FunctionComponent } from 'react';
import { useParams } from 'wouter';

export function editorScreen(Editor: ComponentType<{ uuid: string | null }>): FunctionComponent {
  function EditorScreen() {
    const { uuid } = useParams<{ uuid?: string }>();
    return createElement(Editor, { key: uuid ?? 'new', uuid: uuid ?? null });
  }
  return EditorScreen;
}
