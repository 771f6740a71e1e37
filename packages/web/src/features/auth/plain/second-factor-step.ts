// The second factor of a sign-in, on the provider's page (../second-factor.ts
// has the calls and the rules): a code of the authenticator app, a passkey or
// a recovery code; or, for a user who must have a factor and has none, its
// enrolment (a QR code and the key as text, or a passkey), then the recovery
// codes shown once. Plain DOM like the login page it replaces the form of;
// loaded only when a backend asks for the step, so the login page itself
// carries none of it (nor the QR encoder, nor the WebAuthn helpers).
import { qrDrawing } from '../../../components/ui/qr-matrix.ts';
import { saveDownload } from '../../../lib/download.ts';
import {
  type AfterStep,
  afterStep,
  type FactorDone,
  type FactorEnrolment,
  type FactorMethod,
  firstMethod,
  groupedKey,
  passkeyOptions,
  recoveryCode,
  recoveryCodesFile,
  type SecondFactor,
  startEnrolment,
  stepFailure,
  factorTexts as t,
  totpCode,
  verifyFactor,
} from '../second-factor.ts';
import { button, errorNotice, field, loadingText } from './card.ts';
import { h } from './dom.ts';

export interface StepHost {
  /** The card's body: the step draws itself here. */
  body: HTMLElement;
  /** The page is still shown (an answer arriving after it went is dropped). */
  isAlive(): boolean;
  /** Spec §8's sentence for a failure without a better one. */
  unknownReason: string;
  /** Whose sign-in it is, when typed on this page (named in the recovery codes' file). */
  account: string;
  /** Verified: go on as the password sign-in would have. */
  done(next: AfterStep): void;
  /** The step is over without a sign-in: the form again, saying why (null: the person chose to). */
  restart(text: string | null): void;
}

/** Whether this page may use WebAuthn at all (a secure context with the API); the server decides the rest. */
function passkeysUsable(): boolean {
  return window.isSecureContext && typeof window.PublicKeyCredential === 'function';
}

/** The sentence for a WebAuthn ceremony that did not end with a credential. */
function passkeyFailure(error: unknown, creating: boolean): string {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return 'This passkey is already registered for your account. Please use another one.';
  }
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return creating
      ? 'No passkey was created: the request was cancelled or timed out. Please try again.'
      : 'No passkey was used: the request was cancelled or timed out. Please try again.';
  }
  if (name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') {
    return 'Passkeys cannot be used at this address. Please use another way to sign in.';
  }
  return creating
    ? 'The passkey could not be created. Please try again.'
    : 'The passkey could not be used. Please try again.';
}

/** A heading of the step, focusable so moving to a view without a field still tells where one is. */
function heading(text: string): HTMLElement {
  return h('h2', { class: 'si-step-heading', tabindex: '-1' }, text);
}

type Field = ReturnType<typeof field>;

/** The optional name of a factor being enrolled, `placeholder` saying what it is called without one. */
function nameField(placeholder: string): Field {
  return field({
    label: t.nameLabel,
    name: 'factor-name',
    autoComplete: 'off',
    optional: true,
    maxLength: 60,
    placeholder,
  });
}

/** The name typed in a nameField as the verify call takes it: none when left empty. */
function chosenName(name: Field): { name?: string } {
  const chosen = name.input.value.trim();
  return chosen ? { name: chosen } : {};
}

/** A link-looking button under the form ('Use a recovery code'). */
function textButton(text: string, onClick: () => void): HTMLElement {
  return h(
    'div',
    { class: 'si-center' },
    h('button', { type: 'button', class: 'si-link si-text-button', onClick }, text),
  );
}

/** A small button that copies `value()`, saying 'Copied' for a moment, or why it could not. */
function copyButton(label: string, value: () => string, onFailure: (text: string) => void): HTMLElement {
  const element = h('button', { type: 'button', class: 'si-button si-outline si-small-button' }, label);
  element.addEventListener('click', () => {
    // Not every page may write to the clipboard (an http address other than localhost is no secure context).
    const write = navigator.clipboard?.writeText(value()) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => {
        element.textContent = t.copied;
        window.setTimeout(() => {
          element.textContent = label;
        }, 1500);
      },
      () => onFailure(t.copyFailed),
    );
  });
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';

/** The QR code of `uri`: dark on white in either colour mode (what scanners read), drawn as rectangles. */
function qrCode(uri: string): SVGSVGElement {
  const { size, runs } = qrDrawing(uri);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t.qrLabel);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('class', 'si-qr');
  const rect = (x: number, y: number, width: number, height: number, fill: string) => {
    const element = document.createElementNS(SVG, 'rect');
    element.setAttribute('x', String(x));
    element.setAttribute('y', String(y));
    element.setAttribute('width', String(width));
    element.setAttribute('height', String(height));
    element.setAttribute('fill', fill);
    svg.append(element);
  };
  rect(0, 0, size, size, '#ffffff');
  for (const run of runs) rect(run.x, run.y, run.width, 1, '#000000');
  return svg;
}

/** Draws the step into `host.body`; answers what stops it (its expiry timer) when the page goes. */
export function mountSecondFactorStep(step: SecondFactor, host: StepHost): () => void {
  let over = false;
  const alive = () => host.isAlive() && !over;
  // The ticket's time runs out: say so before a code is typed in vain.
  const expiry = window.setTimeout(() => finish(() => host.restart(t.timedOut)), Math.max(step.expiresIn, 1) * 1000);
  const finish = (then: () => void) => {
    if (over) return;
    over = true;
    window.clearTimeout(expiry);
    then();
  };
  const stop = () => {
    over = true;
    window.clearTimeout(expiry);
  };

  const message = h('div', { hidden: true });
  const setError = (text: string | null) => {
    message.hidden = !text;
    message.replaceChildren(...(text ? [errorNotice(text)] : []));
  };
  const show = (...children: HTMLElement[]) => {
    setError(null);
    host.body.replaceChildren(h('div', { class: 'si-stack' }, ...children));
  };
  const focus = (element: HTMLElement) => queueMicrotask(() => element.isConnected && element.focus());
  const cancel = () => textButton(t.cancel, () => finish(() => host.restart(null)));

  /** A failed call: said on the step, or the sign-in starts again when the ticket is no good. */
  const failed = (error: unknown) => {
    if (!alive()) return;
    const failure = stepFailure(error, host.unknownReason);
    if (failure.text === host.unknownReason) console.error('The second factor step failed', error);
    if (failure.restart) finish(() => host.restart(failure.text));
    else setError(failure.text);
  };

  /** Verified: the recovery codes first when the answer carries them (an enrolment), then on. */
  const verified = (done: FactorDone) => {
    if (!alive()) return;
    let next: AfterStep;
    try {
      next = afterStep(done);
    } catch (error) {
      failed(error);
      return;
    }
    // The ticket is spent: its expiry no longer applies, and the codes may take their time.
    window.clearTimeout(expiry);
    if (done.recoveryCodes?.length) showCodes(done.recoveryCodes, next);
    else finish(() => host.done(next));
  };

  /**
   * The form of a code (with `fields` after it): a code `read` does not take is said on the step;
   * otherwise `send` gets it, the button busy meanwhile, and a refused code is selected for the next try.
   */
  const codeForm = (options: {
    label: string;
    code: Field;
    fields?: HTMLElement[];
    submitText: string;
    read: (typed: string) => string | null;
    missing: string;
    send: (code: string) => Promise<FactorDone>;
  }) => {
    const { code } = options;
    const submit = button(options.submitText, { type: 'submit', busyText: t.verifying });
    let busy = false;
    const onSubmit = async (event: Event) => {
      event.preventDefault();
      if (busy) return;
      const typed = options.read(code.input.value);
      if (!typed) {
        setError(options.missing);
        code.input.focus();
        return;
      }
      busy = true;
      submit.setBusy(true);
      setError(null);
      try {
        verified(await options.send(typed));
      } catch (error) {
        failed(error);
        if (alive()) {
          code.input.select();
          code.input.focus();
        }
      } finally {
        busy = false;
        submit.setBusy(false);
      }
    };
    return h(
      'form',
      { novalidate: true, 'aria-label': options.label, class: 'si-stack', onSubmit: (e) => void onSubmit(e) },
      code.element,
      ...(options.fields ?? []),
      message,
      submit.element,
    );
  };

  const usable = passkeysUsable();
  const methods = step.methods.filter((m) => m !== 'passkey' || usable);

  // ------------------------------------------------------------------ giving the factor

  const showVerify = (method: FactorMethod) => {
    const others: HTMLElement[] = [];
    if (method !== 'totp' && methods.includes('totp')) others.push(textButton(t.useApp, () => showVerify('totp')));
    if (method !== 'passkey' && methods.includes('passkey')) {
      others.push(textButton(t.usePasskey, () => showVerify('passkey')));
    }
    if (method !== 'recovery' && methods.includes('recovery')) {
      others.push(textButton(t.useRecovery, () => showVerify('recovery')));
    }
    if (method === 'passkey') {
      const use = button(t.usePasskey, { busyText: t.verifying });
      use.element.addEventListener('click', () => void passkeySignIn(use));
      show(
        heading(t.heading),
        h('p', { class: 'si-muted' }, t.passkeyPrompt),
        message,
        use.element,
        ...others,
        cancel(),
      );
      focus(use.element);
      return;
    }
    const totp = method === 'totp';
    const code = field({
      label: totp ? t.totpLabel : t.recoveryLabel,
      name: totp ? 'code' : 'recovery-code',
      autoComplete: totp ? 'one-time-code' : 'off',
      inputMode: totp ? 'numeric' : 'text',
      maxLength: totp ? 9 : 40,
      code: true,
    });
    if (totp) code.input.setAttribute('pattern', '[0-9 ]*');
    const form = codeForm({
      label: t.heading,
      code,
      submitText: t.verify,
      read: totp ? totpCode : recoveryCode,
      missing: totp ? t.enterCode : t.enterRecovery,
      send: (typed) => verifyFactor({ ticket: step.ticket, method, code: typed }),
    });
    show(
      heading(t.heading),
      h('p', { class: 'si-muted' }, totp ? t.totpPrompt : t.recoveryPrompt),
      form,
      ...others,
      cancel(),
    );
    focus(code.input);
  };

  const passkeySignIn = async (use: ReturnType<typeof button>) => {
    use.setBusy(true);
    setError(null);
    try {
      const optionsJSON = await passkeyOptions(step.ticket);
      const { startAuthentication } = await import('@simplewebauthn/browser');
      let credential: Record<string, unknown>;
      try {
        credential = (await startAuthentication({ optionsJSON: optionsJSON as never })) as unknown as Record<
          string,
          unknown
        >;
      } catch (error) {
        if (alive()) setError(passkeyFailure(error, false));
        return;
      }
      verified(await verifyFactor({ ticket: step.ticket, method: 'passkey', credential }));
    } catch (error) {
      failed(error);
    } finally {
      if (alive()) use.setBusy(false);
    }
  };

  // ------------------------------------------------------------------ enrolling one

  /** Why the enrolment, in the server's words where it gives them; `then` says what to do next. */
  const requiredBy = (then?: string) =>
    h(
      'p',
      { class: 'si-muted' },
      step.requiredBy ? t.requiredBy(step.requiredBy) : t.enrolIntro,
      ...(then ? [' ', then] : []),
    );

  const showEnrolTotp = async () => {
    show(heading(t.enrolHeading), requiredBy(), loadingText(t.loading));
    let enrolment: FactorEnrolment;
    try {
      enrolment = await startEnrolment(step.ticket, 'totp');
    } catch (error) {
      if (!alive()) return;
      show(heading(t.enrolHeading), requiredBy(), message, cancel());
      failed(error);
      return;
    }
    if (!alive()) return;
    const secret = enrolment.secret ?? '';
    const code = field({
      label: t.firstCodeLabel,
      name: 'code',
      autoComplete: 'one-time-code',
      inputMode: 'numeric',
      maxLength: 9,
      code: true,
    });
    code.input.setAttribute('pattern', '[0-9 ]*');
    const name = nameField(t.totpName);
    const form = codeForm({
      label: t.enrolHeading,
      code,
      fields: [name.element],
      submitText: t.turnOn,
      read: totpCode,
      missing: t.enterCode,
      send: (typed) => verifyFactor({ ticket: step.ticket, method: 'totp', code: typed, ...chosenName(name) }),
    });
    show(
      heading(t.enrolHeading),
      requiredBy(t.scan),
      h('div', { class: 'si-qr-box' }, ...(enrolment.uri ? [qrCode(enrolment.uri)] : [])),
      h(
        'div',
        { class: 'si-field' },
        h('span', { class: 'si-label' }, t.keyLabel),
        h(
          'div',
          { class: 'si-key-row' },
          h('code', { class: 'si-key', 'data-factor-key': true }, groupedKey(secret)),
          copyButton(t.copyKey, () => secret, setError),
        ),
      ),
      form,
      ...(methods.includes('passkey') ? [textButton(t.passkeyInstead, () => showEnrolPasskey())] : []),
      cancel(),
    );
    focus(code.input);
  };

  const showEnrolPasskey = () => {
    const name = nameField(t.passkeyName);
    const create = button(t.enrolPasskey, { busyText: t.verifying });
    create.element.addEventListener('click', async () => {
      create.setBusy(true);
      setError(null);
      try {
        const enrolment = await startEnrolment(step.ticket, 'passkey');
        const { startRegistration } = await import('@simplewebauthn/browser');
        let credential: Record<string, unknown>;
        try {
          credential = (await startRegistration({
            optionsJSON: (enrolment.options ?? {}) as never,
          })) as unknown as Record<string, unknown>;
        } catch (error) {
          if (alive()) setError(passkeyFailure(error, true));
          return;
        }
        verified(await verifyFactor({ ticket: step.ticket, method: 'passkey', credential, ...chosenName(name) }));
      } catch (error) {
        failed(error);
      } finally {
        if (alive()) create.setBusy(false);
      }
    });
    show(
      heading(t.enrolHeading),
      requiredBy(t.passkeyEnrolPrompt),
      name.element,
      message,
      create.element,
      ...(methods.includes('totp') ? [textButton(t.appInstead, () => void showEnrolTotp())] : []),
      cancel(),
    );
    focus(create.element);
  };

  // ------------------------------------------------------------------ the recovery codes, once

  const showCodes = (codes: readonly string[], next: AfterStep) => {
    const all = () => codes.join('\n');
    const saved = h('input', { type: 'checkbox', id: 'si-codes-saved', class: 'si-checkbox' });
    const go = button(t.continue);
    go.element.disabled = true;
    saved.addEventListener('change', () => {
      go.element.disabled = !saved.checked;
    });
    go.element.addEventListener('click', () => {
      if (!saved.checked) return;
      go.setBusy(true);
      finish(() => host.done(next));
    });
    const download = h('button', { type: 'button', class: 'si-button si-outline si-small-button' }, t.downloadCodes);
    download.addEventListener('click', () =>
      saveDownload(
        new Blob([recoveryCodesFile(codes, host.account, window.location.origin)], { type: 'text/plain' }),
        'recovery-codes.txt',
      ),
    );
    const title = heading(t.codesHeading);
    show(
      title,
      h('p', { class: 'si-muted' }, t.codesIntro),
      h(
        'ul',
        { class: 'si-codes', 'aria-label': t.codesLabel },
        ...codes.map((code) => h('li', {}, h('code', {}, code))),
      ),
      h('div', { class: 'si-code-actions' }, copyButton(t.copyCodes, all, setError), download),
      message,
      h('label', { class: 'si-check', for: saved.id }, saved, h('span', {}, t.savedThem)),
      go.element,
    );
    focus(title);
  };

  // ------------------------------------------------------------------ the first view

  if (step.enrol) {
    if (methods.includes('totp')) void showEnrolTotp();
    else if (methods.includes('passkey')) showEnrolPasskey();
    else {
      show(heading(t.enrolHeading), requiredBy(), message, cancel());
      setError(usable ? host.unknownReason : t.passkeyUnsupported);
    }
  } else {
    const first = firstMethod(step.methods, usable);
    if (first) showVerify(first);
    else {
      show(heading(t.heading), message, cancel());
      setError(t.passkeyUnsupported);
    }
  }
  return stop;
}
