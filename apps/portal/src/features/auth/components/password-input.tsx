import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { TextInput } from '@/shared/components/text-input';

type PasswordInputProps = {
  name: string;
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  autoComplete: 'new-password' | 'current-password';
  /** Whether the password shows in clear; a form's password and its confirmation show together. */
  shown: boolean;
  /** The show / hide button's action: given to one box of a form (one button, one name). */
  onToggle?: () => void;
  /** The words under the box; `true`: marked wrong, its words shown elsewhere. */
  error?: string | boolean;
  helperText?: ReactNode;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** A password box with the labelled show / hide button of the login form (SPEC §2). */
export function PasswordInput({ error, helperText, shown, onToggle, ...input }: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...input}
      type={shown ? 'text' : 'password'}
      required
      fullWidth
      error={!!error}
      helperText={typeof error === 'string' ? error : helperText}
      endAdornment={
        onToggle && (
          <InputAdornment position="end">
            <IconButton
              aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
              aria-pressed={shown}
              onClick={onToggle}
              edge="end"
            >
              {shown ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        )
      }
    />
  );
}
