import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorCode } from '@reelcast/protocol';
import { ApiError } from '@/shared/api/api-error';
import { translateError } from '@/shared/api/translate-error';
import { TextInput } from '@/shared/components/text-input';
import { limitValueOf } from '@/shared/lib/limit-fields';
import { useRegister } from '../api/register';
import { useAuthPagesTexts } from '../lib/auth-pages-texts';
import { mailLanguage } from '../lib/mail-language';
import {
  confirmationProblem,
  emailProblem,
  newPasswordProblem,
  passwordStrength,
  usernameProblem,
  type AccountRules,
} from '../lib/new-password-checks';
import { refusedField } from '../lib/refused-field';
import { useFormFields } from '../lib/use-form-fields';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

const fields = ['username', 'email', 'password', 'confirm', 'name', 'lastname', 'cashInDay', 'cashInWeek', 'cashInMonth'] as const;
const limitFields = ['cashInDay', 'cashInWeek', 'cashInMonth'] as const;
type Field = (typeof fields)[number];
const NAME_MAX_LENGTH = 64;

type RegisterFormProps = {
  rules: AccountRules;
  /** The server took the registration (202): the mail is on its way. */
  onSent: () => void;
  /** The operator closed registration meanwhile (40311). */
  onClosed: () => void;
};

/**
 * SPEC §7's POST /api/auth/register: username, e-mail address, a new password (show / hide, a strength
 * hint) with its confirmation, an optional name. The form checks what the server checks first; a
 * field the server refuses shows its words under that field.
 */
export function RegisterForm({ rules, onSent, onClosed }: RegisterFormProps) {
  const t = useAuthPagesTexts();
  const { i18n } = useTranslation();
  const registerMutation = useRegister();
  const [shown, setShown] = useState(false);
  const limitProblem = (key: (typeof limitFields)[number], text: string) =>
    rules.limitsMandatory && typeof limitValueOf(key, text) !== 'number' ? t('register.limitRequired') : undefined;
  const form = useFormFields<Field>(
    { username: '', email: '', password: '', confirm: '', name: '', lastname: '', cashInDay: '', cashInWeek: '', cashInMonth: '' },
    (values) => ({
      username: usernameProblem(values.username, rules, t),
      email: emailProblem(values.email, t),
      password: newPasswordProblem(values.password, values, rules.passwordMinLength, t),
      confirm: confirmationProblem(values.password, values.confirm, t),
      cashInDay: limitProblem('cashInDay', values.cashInDay),
      cashInWeek: limitProblem('cashInWeek', values.cashInWeek),
      cashInMonth: limitProblem('cashInMonth', values.cashInMonth),
    }),
  );
  const { values } = form;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = form.touchAll();
    if (invalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
      return;
    }
    try {
      await registerMutation.mutateAsync({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        name: values.name.trim() || undefined,
        lastname: values.lastname.trim() || undefined,
        language: mailLanguage(i18n.language),
        ...(rules.limitsMandatory
          ? {
              limits: Object.fromEntries(limitFields.map((key) => [key, limitValueOf(key, values[key])])),
            }
          : {}),
      });
      onSent();
    } catch (error) {
      if (error instanceof ApiError && error.answer?.code === ErrorCode.RegistrationClosed) return onClosed();
      // The message comes from the one error path too; here it goes under the field it is about.
      const field = refusedField(error, fields, { [ErrorCode.PasswordTooShort]: 'password', [ErrorCode.PasswordTooWeak]: 'password' });
      if (!field) return;
      // 40000 is "Invalid request." in every language: the field's own rule says more. This form checks
      // a username's length and characters itself; what the server refuses after that, and a name, is
      // one that looks like the team's (protocol isReservedName).
      const invalid = error instanceof ApiError && error.answer?.code === ErrorCode.InvalidRequest;
      const reserved = t('fields.usernameReserved');
      const rule = { username: reserved, name: reserved, lastname: reserved, email: t('fields.email') } as Partial<Record<Field, string>>;
      form.setServerError(field, (invalid && rule[field]) || translateError(error));
    }
  };

  const text = (field: Field, autoComplete: string, label: string, type = 'text') => (
    <TextInput
      name={field}
      type={type}
      label={label}
      value={values[field]}
      onChange={form.change(field)}
      autoComplete={autoComplete}
      required={field === 'username' || field === 'email'}
      fullWidth
      error={!!form.errorOf(field)}
      helperText={form.errorOf(field)}
      inputProps={{ maxLength: field === 'email' ? 254 : field === 'username' ? rules.usernameMaxLength : NAME_MAX_LENGTH }}
    />
  );

  return (
    <Stack component="form" noValidate spacing={2.5} aria-label={t('register.title')} onSubmit={(event) => void onSubmit(event)}>
      {text('username', 'username', t('register.username'))}
      {text('email', 'email', t('register.email'), 'email')}
      <PasswordInput
        name="password"
        label={t('register.password')}
        value={values.password}
        onChange={form.change('password')}
        autoComplete="new-password"
        shown={shown}
        onToggle={() => setShown((now) => !now)}
        error={form.errorOf('password')}
      />
      <PasswordStrengthMeter
        level={passwordStrength(values.password, values, rules.passwordMinLength)}
        minLength={rules.passwordMinLength}
      />
      <PasswordInput
        name="confirm"
        label={t('register.confirm')}
        value={values.confirm}
        onChange={form.change('confirm')}
        autoComplete="new-password"
        shown={shown}
        error={form.errorOf('confirm')}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {text('name', 'given-name', t('register.name'))}
        {text('lastname', 'family-name', t('register.lastname'))}
      </Box>
      {rules.limitsMandatory && (
        <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
            {t('register.limitsTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('register.limitsHint')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
            {limitFields.map((key) => (
              <TextInput
                key={key}
                name={key}
                label={t(`register.${key}`)}
                value={values[key]}
                onChange={form.change(key)}
                inputProps={{ inputMode: 'decimal' }}
                required
                fullWidth
                error={!!form.errorOf(key)}
                helperText={form.errorOf(key)}
              />
            ))}
          </Box>
        </Stack>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={registerMutation.isPending}>
        {t('register.submit')}
      </Button>
    </Stack>
  );
}
