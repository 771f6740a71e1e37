// Changing one's password: the current one and a new one under spec §5's
// rules, where the backend offers it. Where it does not (a spec-only backend,
// learned from the account's own call or from this one), spec §7's reset mail
// instead: its link leads to the same new-password page a forgotten password
// does. The mail is asked by username (POST /password/forgot), which every
// signed-in person may ask; the user screen's reset call needs the whole user
// record, which someone without a console role cannot read.
import { Box, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TextField } from '../../components/ui/fields.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { failureReason, isApiError, NotOfferedError } from '../../lib/api/errors.ts';
import { useOffer } from '../../lib/extensions.ts';
import { notify } from '../../lib/toaster.ts';
import { type OwnPasswordField, type OwnPasswordForm, passwordRefusal, validateOwnPassword } from './account-model.ts';
import { changeOwnPassword, sendOwnResetMail } from './api.ts';
import { accountTexts as t } from './texts.ts';

const EMPTY: OwnPasswordForm = { currentPassword: '', password: '', rePassword: '' };

/** The form's three password fields, in their order: the same field but for its name, label and autocomplete. */
const PASSWORD_FIELDS: readonly { field: OwnPasswordField; label: string; autoComplete: string }[] = [
  { field: 'currentPassword', label: t.currentPassword, autoComplete: 'current-password' },
  { field: 'password', label: t.newPassword, autoComplete: 'new-password' },
  { field: 'rePassword', label: t.confirmPassword, autoComplete: 'new-password' },
];

export function PasswordSection({ username, email }: { username: string; email: string | null }) {
  const accountOffer = useOffer('getAccount');
  const changeOffer = useOffer('changeOwnPassword');
  // The account's calls come as one set: a backend without the account has no password change either.
  const offered = accountOffer !== 'not-offered' && changeOffer !== 'not-offered';
  return offered ? <ChangeForm username={username} /> : <ResetMail username={username} email={email} />;
}

function ChangeForm({ username }: { username: string }) {
  const [form, setForm] = useState<OwnPasswordForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<OwnPasswordField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const set = (field: OwnPasswordField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setDone(false);
  };

  const submit = async () => {
    const found = validateOwnPassword(form);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changeOwnPassword(form);
      setForm(EMPTY);
      setDone(true);
      notify.success(t.passwordChanged);
    } catch (failure) {
      // Not offered after all: the section turns to the reset mail by itself (useOffer).
      if (failure instanceof NotOfferedError) return;
      if (isApiError(failure, 429)) return setFormError(failureReason(failure));
      const refusal = passwordRefusal(failure);
      if (refusal.field) setErrors({ [refusal.field]: refusal.message });
      else setFormError(refusal.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
      aria-label="Change your password"
    >
      <Stack gap="4" maxW="3xl">
        {/* The username, hidden, lets a password manager tie the new password to the account it saves it for. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {PASSWORD_FIELDS.map(({ field, label, autoComplete }) => (
            <TextField
              key={field}
              label={label}
              type="password"
              autoComplete={autoComplete}
              required
              value={form[field]}
              onChange={set(field)}
              error={errors[field]}
            />
          ))}
        </SimpleGrid>
        {formError ? <Notice status="error">{formError}</Notice> : null}
        {done ? <Notice status="success">{t.passwordChanged}</Notice> : null}
        <Box>
          <Button type="submit" size="sm" colorPalette="blue" loading={busy}>
            {t.changePassword}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

function ResetMail({ username, email }: { username: string; email: string | null }) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await sendOwnResetMail(username);
      setSent(true);
    } catch (failure) {
      notify.error(t.resetMailFailed(failureReason(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="3" align="flex-start" data-reset-mail>
      <Text>{t.resetMailIntro(email)}</Text>
      {sent ? <Notice status="success">{t.resetMailSent}</Notice> : null}
      <Button size="sm" variant="outline" onClick={() => void send()} loading={busy} disabled={username === ''}>
        {t.sendResetMail}
      </Button>
    </Stack>
  );
}
