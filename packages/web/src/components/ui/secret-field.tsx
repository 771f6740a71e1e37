// A secret in a form (the OAuth2 client secret): masked until Reveal is
// pressed, with Copy beside it, so it is not read over a shoulder or caught
// on a screen share while the form is open, yet can be checked and handed on.
import { IconButton } from '@chakra-ui/react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { CopyButton } from './copy-button.tsx';
import { TextField } from './fields.tsx';

export function SecretField({
  end,
  ...field
}: Omit<ComponentProps<typeof TextField>, 'type' | 'monospace'> & {
  /** Buttons before Reveal and Copy (generate). */
  end?: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  const name = field.label.toLowerCase();
  return (
    <TextField
      {...field}
      type={shown ? 'text' : 'password'}
      monospace
      end={
        <>
          {end}
          <IconButton
            size="sm"
            variant="outline"
            aria-label={`Reveal ${name}`}
            title={shown ? `Hide ${name}` : `Reveal ${name}`}
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            {shown ? <LuEyeOff /> : <LuEye />}
          </IconButton>
          <CopyButton value={field.value} label={`Copy ${name}`} />
        </>
      }
    />
  );
}
