// The frame of the sign-in pages without React (docs/console.md
// "Start-up"): a centred card under the product name, the
// colour-mode toggle in the corner, and the pieces of their forms. Same
// texts, roles and look as the console's Chakra pages.
import './sign-in.css';
import { toggleColorMode, useColorMode } from '../../../lib/color-mode.ts';
import { href } from '../../../lib/paths.ts';
import { APP_TITLE, documentTitle } from '../../../lib/use-document-title.ts';
import { h, icon, icons } from './dom.ts';

/** A mounted page: its root element and what it must undo when it goes. */
export interface PageFrame {
  root: HTMLElement;
  /** The card's body: replace its children to change what the page shows. */
  body: HTMLElement;
  unmount(): void;
}

/** Where a plain page goes next: the console's router inside the app, the sign-in pages' own alone. */
export interface PageHost {
  go(path: string, options?: { replace?: boolean }): void;
}

/** The header's 'Dark mode' toggle (components/ui/color-mode-toggle.tsx), following the shared colour mode. */
function colorModeToggle(): { element: HTMLButtonElement; stop: () => void } {
  const button = h('button', {
    type: 'button',
    class: 'si-ghost',
    'aria-label': 'Dark mode',
    onClick: toggleColorMode,
  });
  const show = (dark: boolean) => {
    button.setAttribute('aria-pressed', String(dark));
    button.title = dark ? 'Switch to light mode' : 'Switch to dark mode';
    button.replaceChildren(icon(dark ? icons.sun : icons.moon));
  };
  show(useColorMode.getState().mode === 'dark');
  const stop = useColorMode.subscribe(({ mode }) => show(mode === 'dark'));
  return { element: button, stop };
}

/** The card with its title (also the tab's title) in `container`. */
export function mountCard(container: HTMLElement, title: string): PageFrame {
  const toggle = colorModeToggle();
  const body = h('div', { class: 'si-card-body' });
  const root = h(
    'div',
    { class: 'si-page' },
    h('div', { class: 'si-corner' }, toggle.element),
    h('header', {}, h('p', { class: 'si-banner' }, APP_TITLE)),
    h(
      'main',
      { class: 'si-main' },
      h('div', { class: 'si-card' }, h('div', { class: 'si-card-header' }, h('h1', {}, title)), body),
    ),
  );
  container.append(root);
  document.title = documentTitle(title);
  return {
    root,
    body,
    unmount() {
      toggle.stop();
      root.remove();
      document.title = APP_TITLE;
    },
  };
}

export function loadingText(text: string): HTMLElement {
  return h('p', { role: 'status', class: 'si-muted' }, text);
}

/** A one-line error inside the page (components/ui/notice.tsx's error), announced as an alert. */
export function errorNotice(text: string): HTMLElement {
  return h('div', { role: 'alert', class: 'si-notice' }, icon(icons.alert), h('div', {}, text));
}

let fieldCount = 0;

/**
 * A field (required unless `optional`): its label, the input, and a message
 * under it when set. `inputMode` and `maxLength` suit codes (the second
 * factor's), which are typed, not checked by spelling.
 */
export function field(options: {
  label: string;
  name: string;
  type?: 'password';
  autoComplete: string;
  autoFocus?: boolean;
  optional?: boolean;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
  code?: boolean;
  placeholder?: string;
}): { element: HTMLElement; input: HTMLInputElement; setError(text: string | null): void } {
  const id = `si-field-${++fieldCount}`;
  const input = h('input', {
    id,
    class: options.code ? 'si-input si-code-input' : 'si-input',
    name: options.name,
    type: options.type ?? 'text',
    autocomplete: options.autoComplete,
    required: !options.optional,
    'aria-required': options.optional ? null : 'true',
    inputmode: options.inputMode,
    maxlength: options.maxLength,
    placeholder: options.placeholder,
    ...(options.code ? { spellcheck: 'false', autocapitalize: 'off', autocorrect: 'off' } : {}),
  });
  const message = h('div', { id: `${id}-error`, class: 'si-field-error', hidden: true });
  const element = h(
    'div',
    { class: 'si-field' },
    h('label', { class: 'si-label', for: id }, options.label),
    input,
    message,
  );
  if (options.autoFocus) queueMicrotask(() => input.isConnected && input.focus());
  return {
    element,
    input,
    setError(text) {
      message.hidden = !text;
      message.textContent = text ?? '';
      if (text) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', message.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    },
  };
}

/** A button of the form; `busy` shows a spinner and its busy text, and disables it. */
export function button(
  text: string,
  options: { type?: 'submit' | 'button'; outline?: boolean; busyText?: string; onClick?: () => void } = {},
): { element: HTMLButtonElement; setBusy(busy: boolean): void } {
  const element = h(
    'button',
    {
      type: options.type ?? 'button',
      class: options.outline ? 'si-button si-outline' : 'si-button',
      ...(options.onClick ? { onClick: options.onClick } : {}),
    },
    text,
  );
  return {
    element,
    setBusy(busy) {
      element.disabled = busy;
      if (busy) element.setAttribute('aria-busy', 'true');
      else element.removeAttribute('aria-busy');
      element.replaceChildren(
        ...(busy ? [h('span', { class: 'si-spinner', 'aria-hidden': 'true' }), options.busyText ?? text] : [text]),
      );
    },
  };
}

/** A link under a form ('Forgot Password'): a real link, followed inside the console without a page load. */
export function pageLink(path: string, text: string, host: PageHost): HTMLElement {
  const link = h('a', { class: 'si-link', href: href(path) }, text);
  link.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    host.go(path);
  });
  return h('div', { class: 'si-center' }, link);
}
