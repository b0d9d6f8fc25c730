import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { ParseKeys } from 'i18next';
import { ApiError } from '@/shared/api/api-error';
import { translateError } from '@/shared/api/translate-error';
import { useLogin } from '../api/login';
import { getRememberedUsername, rememberUsername } from '../lib/remember-me';

/** SPEC §5: both fields required, at least 4 characters. Messages are translation keys. */
export const loginFormSchema = z.object({
  username: z.string().trim().min(1, 'auth.usernameRequired').min(4, 'auth.minLength'),
  password: z.string().min(1, 'auth.passwordRequired').min(4, 'auth.minLength'),
  remember: z.boolean(),
});
type LoginFormInput = z.input<typeof loginFormSchema>;
type LoginFormValues = z.output<typeof loginFormSchema>;

const serverFields = ['username', 'password'] as const;
const isServerField = (value: unknown): value is (typeof serverFields)[number] =>
  serverFields.includes(value as (typeof serverFields)[number]);

export function LoginForm() {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const loginMutation = useLogin();
  const remembered = getRememberedUsername();

  const { control, handleSubmit, setError, formState } = useForm<LoginFormInput, unknown, LoginFormValues>({
    mode: 'onChange',
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: remembered ?? '', password: '', remember: remembered !== null },
  });

  const message = (error: { type?: string; message?: string } | undefined) => {
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message as ParseKeys);
  };

  const onSubmit = handleSubmit(async ({ username, password, remember }) => {
    try {
      await loginMutation.mutateAsync({ username, password });
      rememberUsername(remember, username);
    } catch (error) {
      // The toast comes from the one error handler; here only the field the server named.
      const field = error instanceof ApiError ? error.answer?.Params?.field : undefined;
      if (isServerField(field)) setError(field, { type: 'server', message: translateError(error) });
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={t('auth.title')}>
      <Controller
        name="username"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('auth.username')}
            autoComplete="username"
            autoFocus
            required
            fullWidth
            error={!!fieldState.error}
            helperText={message(fieldState.error)}
          />
        )}
      />
      <Controller
        name="password"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('auth.password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            fullWidth
            error={!!fieldState.error}
            helperText={message(fieldState.error)}
            slotProps={{
              input: {
                endAdornment: (
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
                ),
              },
            }}
          />
        )}
      />
      <Controller
        name="remember"
        control={control}
        render={({ field: { value, onChange, onBlur, name, ref } }) => (
          <FormControlLabel
            label={t('auth.rememberMe')}
            control={<Checkbox name={name} checked={value} onChange={(event) => onChange(event.target.checked)} onBlur={onBlur} slotProps={{ input: { ref } }} />}
          />
        )}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!formState.isValid || loginMutation.isPending}
        fullWidth
      >
        {t('auth.submit')}
      </Button>
    </Stack>
  );
}
