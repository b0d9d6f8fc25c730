import { z } from 'zod/mini';

/**
 * Only presence and a matching confirmation are checked here: SPEC §5 has the password rules come from
 * the server's codes (40001, 40101). Messages are translation keys.
 */
export const passwordFormSchema = z
  .object({
    oldPassword: z.string().check(z.minLength(1, 'profile.password.required')),
    newPassword: z.string().check(z.minLength(1, 'profile.password.required')),
    confirmPassword: z.string().check(z.minLength(1, 'profile.password.required')),
  })
  .check(
    z.refine((values: { newPassword: string; confirmPassword: string }) => values.newPassword === values.confirmPassword, {
      path: ['confirmPassword'],
      message: 'profile.password.mismatch',
    }),
  );
export type PasswordFormValues = z.infer<typeof passwordFormSchema>;
