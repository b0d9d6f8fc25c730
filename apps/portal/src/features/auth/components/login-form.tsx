import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { ApiError } from '@/shared/api/api-error';
import { translateError } from '@/shared/api/translate-error';
import { TextInput } from '@/shared/components/text-input';
import { useLogin } from '../api/login';
import { getRememberedUsername, rememberUsername } from '../lib/remember-me';

type Field = 'username' | 'password';
type Values = Record<Field, string>;

/** SPEC §5: both fields required, at least 4 characters (the username without surrounding spaces). */
function checkField(field: Field, values: Values) {
  const value = field === 'username' ? values.username.trim() : values.password;
  if (value.length === 0) return field === 'username' ? 'auth.usernameRequired' : 'auth.passwordRequired';
  if (value.length < 4) return 'auth.minLength';
  return undefined;
}

const fields: readonly Field[] = ['username', 'password'];

/** The input a server error names: the platform says where in the request, e.g. `body.username`. */
function fieldOf(serverField: unknown): Field | undefined {
  const name = typeof serverField === 'string' ? serverField.replace(/^body\./, '') : undefined;
  return fields.find((field) => field === name);
}

export function LoginForm() {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const loginMutation = useLogin();
  const [remembered] = useState(getRememberedUsername);
  const [values, setValues] = useState<Values>({ username: remembered ?? '', password: '' });
  const [remember, setRemember] = useState(remembered !== null);
  // A field's own check shows once the player has changed it; a server error until they change it again.
  const [changed, setChanged] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});

  const valid = fields.every((field) => !checkField(field, values));
  const errorOf = (field: Field): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    const key = changed[field] ? checkField(field, values) : undefined;
    return key && t(key);
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setChanged((current) => ({ ...current, [field]: true }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setChanged({ username: true, password: true });
      return;
    }
    const username = values.username.trim();
    try {
      await loginMutation.mutateAsync({ username, password: values.password });
      rememberUsername(remember, username);
    } catch (error) {
      // The toast comes from the one error handler; here only the field the server named.
      const field = error instanceof ApiError ? fieldOf(error.answer?.Params?.field) : undefined;
      if (field) setServerErrors((current) => ({ ...current, [field]: translateError(error) }));
    }
  };

  const usernameError = errorOf('username');
  const passwordError = errorOf('password');
  return (
    <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2} aria-label={t('auth.title')}>
      <TextInput
        name="username"
        value={values.username}
        onChange={change('username')}
        label={t('auth.username')}
        autoComplete="username"
        autoFocus
        required
        fullWidth
        error={!!usernameError}
        helperText={usernameError}
      />
      <TextInput
        name="password"
        value={values.password}
        onChange={change('password')}
        label={t('auth.password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        fullWidth
        error={!!passwordError}
        helperText={passwordError}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
              edge="end"
            >
              {showPassword ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
      <FormControlLabel
        label={t('auth.rememberMe')}
        control={<Checkbox name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
      />
      <Button type="submit" variant="contained" size="large" disabled={!valid || loginMutation.isPending} fullWidth>
        {t('auth.submit')}
      </Button>
    </Stack>
  );
}
