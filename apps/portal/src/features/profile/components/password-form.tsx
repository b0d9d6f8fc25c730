import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ErrorCode } from '@reelcast/protocol';
import { ApiError } from '@/shared/api/api-error';
import { translateError } from '@/shared/api/translate-error';
import { showToast } from '@/shared/toasts/toast-store';
import { useChangePassword } from '../api/change-password';
import { passwordFormSchema, type PasswordFormValues } from '../lib/password-form-schema';

/** Which field a server code belongs on (SPEC §5: password errors come from server codes). */
const fieldOfCode: Partial<Record<number, keyof PasswordFormValues>> = {
  [ErrorCode.OldPasswordWrong]: 'oldPassword',
  [ErrorCode.PasswordTooShort]: 'newPassword',
};

const fields = [
  ['oldPassword', 'profile.password.old', 'current-password'],
  ['newPassword', 'profile.password.new', 'new-password'],
  ['confirmPassword', 'profile.password.confirm', 'new-password'],
] as const;

export function PasswordForm() {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const { control, handleSubmit, setError, reset } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ oldPassword, newPassword }) => {
    try {
      const answer = await mutation.mutateAsync({ oldPassword, newPassword });
      reset();
      showToast(t(answer.revokedSessions > 0 ? 'profile.password.otherSessions' : 'profile.password.changed'), { severity: 'success' });
    } catch (error) {
      const field = error instanceof ApiError && error.answer ? fieldOfCode[error.answer.code] : undefined;
      if (field) setError(field, { type: 'server', message: translateError(error) }, { shouldFocus: true });
    }
  });

  return (
    <Card component="section" aria-labelledby="password-heading">
      <CardContent>
        <Typography id="password-heading" variant="h6" component="h2" gutterBottom>
          {t('profile.password.title')}
        </Typography>
        <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2} aria-labelledby="password-heading">
          {fields.map(([name, label, autoComplete]) => (
            <Controller
              key={name}
              name={name}
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  type="password"
                  label={t(label)}
                  autoComplete={autoComplete}
                  required
                  fullWidth
                  error={!!fieldState.error}
                  helperText={
                    fieldState.error?.type === 'server'
                      ? fieldState.error.message
                      : fieldState.error?.message && t(fieldState.error.message as ParseKeys)
                  }
                />
              )}
            />
          ))}
          <Button type="submit" variant="contained" disabled={mutation.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('profile.password.submit')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
