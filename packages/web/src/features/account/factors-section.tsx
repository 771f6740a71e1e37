// The account page's second factors: the list (rename, remove after the
// password again), adding an authenticator app (QR code and key, then its
// first code) or a passkey (the browser's own dialog), and new recovery codes
// (after the password again). Codes the server hands out (with the first
// factor, or renewed) show once, in a dialog of their own.
import { Button, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { type ReactNode, useEffect, useState } from 'react';
import { LuKeyRound, LuSmartphone } from 'react-icons/lu';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { FactorList } from '../../components/ui/factor-list.tsx';
import { TextField } from '../../components/ui/fields.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { PasswordAgainDialog } from '../../components/ui/password-again-dialog.tsx';
import { QrCode } from '../../components/ui/qr-code.tsx';
import { RecoveryCodes } from '../../components/ui/recovery-codes.tsx';
import { failureReason, isApiError } from '../../lib/api/errors.ts';
import { notify } from '../../lib/toaster.ts';
import { factorName, freshFactorName, groupedKey, recoveryCodesFile, totpCode } from './account-model.ts';
import {
  type Account,
  confirmPasskeyEnrolment,
  confirmTotpEnrolment,
  type Factor,
  type FactorAdded,
  type FactorEnrolment,
  removeOwnFactor,
  renameOwnFactor,
  renewRecoveryCodes,
  startPasskeyEnrolment,
  startTotpEnrolment,
} from './api.ts';
import { accountTexts as t } from './texts.ts';

/** The refusal of an action that asked for the password again, in the dialog's words. */
function passwordFailure(error: unknown): string {
  if (isApiError(error, 403)) return 'That password is not right.';
  if (isApiError(error, 409)) return t.removeLast;
  return failureReason(error);
}

/** A dialog's call: `setBusy` says it is under way until it ends; its failure goes to `failed`. */
async function whileBusy(
  setBusy: (busy: boolean) => void,
  call: () => Promise<void>,
  failed: (failure: unknown) => void,
): Promise<void> {
  setBusy(true);
  try {
    await call();
  } catch (failure) {
    failed(failure);
  } finally {
    setBusy(false);
  }
}

export function FactorsSection({ account, onChange }: { account: Account; onChange: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const [enrolling, setEnrolling] = useState<'totp' | 'passkey' | null>(null);
  const [renaming, setRenaming] = useState<Factor | null>(null);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [renewing, setRenewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passkeys = browserSupportsWebAuthn();
  const enrolment = enrolling ? ENROLMENTS[enrolling] : null;

  const added = (answer: FactorAdded, message: string) => {
    setEnrolling(null);
    notify.success(message);
    if (answer.recoveryCodes?.length) setCodes(answer.recoveryCodes);
    onChange();
  };

  /** An action after the password again: then the account is read again; a refusal is said in its dialog. */
  const withPassword = (action: () => Promise<void>) =>
    whileBusy(
      setBusy,
      async () => {
        setError(null);
        await action();
        onChange();
      },
      (failure) => setError(passwordFailure(failure)),
    );

  const remove = async (password: string) => {
    if (!removing) return;
    await withPassword(async () => {
      await removeOwnFactor(removing.id, password);
      notify.success(t.removed(removing.name));
      setRemoving(null);
    });
  };

  const renew = (password: string) =>
    withPassword(async () => {
      setCodes(await renewRecoveryCodes(password));
      setRenewing(false);
    });
  // What both of those dialogs share: the one call under way, its refusal, and the words.
  const passwordAgain = { busy, error, label: t.password, requiredText: t.passwordAgainRequired };

  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm">
        {t.factorsIntro}
      </Text>
      {account.required ? <Notice status="info">{t.factorsRequired(account.required.text)}</Notice> : null}
      {account.factors.length === 0 ? (
        <Text>{t.factorsNone}</Text>
      ) : (
        <FactorList
          factors={account.factors}
          label="Your second factors"
          actions={(factor) => (
            <>
              <Button
                size="xs"
                variant="outline"
                onClick={() => setRenaming(factor)}
                aria-label={`Rename ${factor.name}`}
              >
                {t.rename}
              </Button>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                aria-label={`Remove ${factor.name}`}
                onClick={() => {
                  setError(null);
                  setRemoving(factor);
                }}
              >
                {t.remove}
              </Button>
            </>
          )}
        />
      )}
      {account.factors.length > 0 ? (
        <Text fontSize="sm" color="fg.muted" data-recovery-left>
          {t.recoveryLeft(account.recoveryCodesLeft)}
        </Text>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="blue" onClick={() => setEnrolling('totp')}>
          <LuSmartphone aria-hidden /> {t.addTotp}
        </Button>
        {passkeys ? (
          <Button size="sm" variant="outline" onClick={() => setEnrolling('passkey')}>
            <LuKeyRound aria-hidden /> {t.addPasskey}
          </Button>
        ) : null}
        {account.factors.length > 0 ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setError(null);
              setRenewing(true);
            }}
          >
            {t.newRecoveryCodes}
          </Button>
        ) : null}
      </HStack>
      {passkeys ? null : (
        <Text fontSize="sm" color="fg.muted">
          {t.passkeysUnsupported}
        </Text>
      )}

      {enrolment ? (
        <enrolment.Dialog
          defaultName={freshFactorName(enrolment.defaultName, account.factors)}
          onClose={() => setEnrolling(null)}
          onAdded={(answer) => added(answer, enrolment.addedText)}
        />
      ) : null}
      {renaming ? (
        <RenameDialog
          factor={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={() => {
            setRenaming(null);
            notify.success(t.renamed);
            onChange();
          }}
        />
      ) : null}
      <PasswordAgainDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t.removeTitle(removing?.name ?? '')}
        confirmLabel={t.remove}
        onConfirm={(password) => void remove(password)}
        {...passwordAgain}
      >
        <Text>{t.removeText}</Text>
      </PasswordAgainDialog>
      <PasswordAgainDialog
        open={renewing}
        onOpenChange={setRenewing}
        title={t.renewTitle}
        confirmLabel={t.newRecoveryCodes}
        confirmPalette="blue"
        onConfirm={(password) => void renew(password)}
        {...passwordAgain}
      >
        <Text>{t.renewText}</Text>
      </PasswordAgainDialog>
      {codes ? <CodesDialog codes={codes} username={account.username} onClose={() => setCodes(null)} /> : null}
    </Stack>
  );
}

/** The form a dialog of this section holds: its submit button's label, whether it is under way, and what it does. */
interface DialogForm {
  label: string;
  busy: boolean;
  disabled?: boolean;
  onSubmit: () => Promise<void>;
}

/**
 * A dialog of this section: open while mounted, closed by its own buttons or
 * Escape. With `form`, its body is a form (Enter in a field submits) and its
 * footer Cancel and the form's button; without, `footer` as given.
 */
function SectionDialog({
  title,
  onClose,
  footer,
  form,
  children,
  closable = true,
}: {
  title: string;
  onClose: () => void;
  footer?: ReactNode;
  form?: DialogForm;
  children: ReactNode;
  /** False while the recovery codes show: only their own button closes it (no click beside it). */
  closable?: boolean;
}) {
  const submit = () => void form?.onSubmit();
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
      size="md"
      closeOnInteractOutside={closable}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {form ? (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    submit();
                  }}
                >
                  {children}
                  <button type="submit" hidden />
                </form>
              ) : (
                children
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {form ? (
                <>
                  <Button size="sm" variant="outline" onClick={onClose} disabled={form.busy}>
                    {t.cancel}
                  </Button>
                  <Button
                    size="sm"
                    colorPalette="blue"
                    onClick={submit}
                    loading={form.busy}
                    disabled={form.disabled === true}
                  >
                    {form.label}
                  </Button>
                </>
              ) : (
                footer
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function TotpDialog({
  defaultName,
  onClose,
  onAdded,
}: {
  defaultName: string;
  onClose: () => void;
  onAdded: (answer: FactorAdded) => void;
}) {
  const [enrolment, setEnrolment] = useState<FactorEnrolment | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState(defaultName);
  const [errors, setErrors] = useState<{ code?: string; name?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  // The key is asked for as the dialog opens: it lasts ten minutes at the server.
  useEffect(() => {
    let live = true;
    startTotpEnrolment().then(
      (answer) => {
        if (live) setEnrolment(answer);
      },
      (failure: unknown) => {
        if (live) setStartError(t.enrolFailed(failureReason(failure)));
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = async () => {
    const digits = totpCode(code);
    const named = factorName(name);
    const found = { ...(digits ? {} : { code: t.totpCodeInvalid }), ...(named ? {} : { name: t.nameRequired }) };
    setErrors(found);
    if (!enrolment || !digits || !named) return;
    await whileBusy(
      setBusy,
      async () => onAdded(await confirmTotpEnrolment({ enrolment: enrolment.enrolment, code: digits, name: named })),
      (failure) => {
        if (isApiError(failure, 400)) setErrors({ code: t.totpCodeWrong });
        else setErrors({ form: t.enrolFailed(failureReason(failure)) });
      },
    );
  };

  return (
    <SectionDialog
      title={t.totpTitle}
      onClose={onClose}
      form={{ label: t.add, busy, disabled: !enrolment, onSubmit: submit }}
    >
      {startError ? (
        <Notice status="error">{startError}</Notice>
      ) : !enrolment?.uri || !enrolment.secret ? (
        <Text color="fg.muted" role="status">
          Loading...
        </Text>
      ) : (
        <Stack gap="4" align="stretch">
          <Text>{t.totpScan}</Text>
          <Stack align="center">
            <QrCode text={enrolment.uri} label="QR code of the authenticator app's key" size={184} />
          </Stack>
          <Stack gap="1">
            <Text fontSize="sm" fontWeight="medium">
              {t.totpKey}
            </Text>
            <HStack gap="2">
              <Text fontFamily="mono" fontSize="sm" overflowWrap="anywhere" data-totp-key flex="1">
                {groupedKey(enrolment.secret)}
              </Text>
              <CopyButton value={enrolment.secret} label="Copy key" />
            </HStack>
          </Stack>
          <TextField
            label={t.totpCode}
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            required
            monospace
            helper={t.totpCodeHelp}
            error={errors.code}
          />
          <TextField label={t.factorName} value={name} onChange={setName} required error={errors.name} />
          {errors.form ? <Notice status="error">{errors.form}</Notice> : null}
        </Stack>
      )}
    </SectionDialog>
  );
}

function PasskeyDialog({
  defaultName,
  onClose,
  onAdded,
}: {
  defaultName: string;
  onClose: () => void;
  onAdded: (answer: FactorAdded) => void;
}) {
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState<{ name?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const named = factorName(name);
    if (!named) return setError({ name: t.nameRequired });
    setError({});
    await whileBusy(
      setBusy,
      async () => {
        const { enrolment, options } = await startPasskeyEnrolment();
        const credential = await startRegistration({ optionsJSON: options as never });
        onAdded(
          await confirmPasskeyEnrolment({
            enrolment,
            credential: credential as unknown as Record<string, unknown>,
            name: named,
          }),
        );
      },
      (failure) => {
        // The person closing the browser's dialog, or its time running out, is no failure of the server.
        if (failure instanceof WebAuthnError || (failure instanceof Error && failure.name === 'NotAllowedError'))
          setError({ form: t.passkeyCancelled });
        else setError({ form: t.enrolFailed(failureReason(failure)) });
      },
    );
  };

  return (
    <SectionDialog title={t.passkeyTitle} onClose={onClose} form={{ label: t.continue, busy, onSubmit: submit }}>
      <Stack gap="4">
        <Text>{t.passkeyText}</Text>
        <TextField label={t.factorName} value={name} onChange={setName} required error={error.name} />
        {error.form ? <Notice status="error">{error.form}</Notice> : null}
      </Stack>
    </SectionDialog>
  );
}

/** Each kind's dialog, with the name a new factor of it is given and the words once it is added. */
const ENROLMENTS = {
  totp: { Dialog: TotpDialog, defaultName: t.totpDefaultName, addedText: t.totpAdded },
  passkey: { Dialog: PasskeyDialog, defaultName: t.passkeyDefaultName, addedText: t.passkeyAdded },
} as const;

function RenameDialog({ factor, onClose, onRenamed }: { factor: Factor; onClose: () => void; onRenamed: () => void }) {
  const [name, setName] = useState(factor.name);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const named = factorName(name);
    if (!named) return setError(t.nameRequired);
    await whileBusy(
      setBusy,
      async () => {
        await renameOwnFactor(factor.id, named);
        onRenamed();
      },
      (failure) => setError(failureReason(failure)),
    );
  };
  return (
    <SectionDialog
      title={t.renameTitle(factor.name)}
      onClose={onClose}
      form={{ label: t.rename, busy, onSubmit: submit }}
    >
      <TextField label={t.factorName} value={name} onChange={setName} required error={error} />
    </SectionDialog>
  );
}

function CodesDialog({ codes, username, onClose }: { codes: string[]; username: string; onClose: () => void }) {
  return (
    <SectionDialog
      title={t.codesTitle}
      onClose={onClose}
      closable={false}
      footer={
        <Button size="sm" colorPalette="blue" onClick={onClose}>
          {t.codesDone}
        </Button>
      }
    >
      <RecoveryCodes
        codes={codes}
        text={t.codesText}
        fileText={recoveryCodesFile(codes, username, window.location.origin)}
      />
    </SectionDialog>
  );
}
