import { useState } from 'react';

type Problems<F extends string> = Partial<Record<F, string | undefined>>;

/**
 * A form's values and what to say under each field: the form's own check (`check`, the values' texts
 * of trouble) once the player has changed the field or tried to send; a server's word on
 * a field (`setServerError`) until the player changes that field.
 */
export function useFormFields<F extends string>(initial: Record<F, string>, check: (values: Record<F, string>) => Problems<F>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Problems<F>>({});
  const problems = check(values);
  const fields = Object.keys(initial) as F[];

  return {
    values,
    /** Whether the form's own checks pass (a server error does not hold the button back: changing the field clears it). */
    valid: fields.every((field) => !problems[field]),
    errorOf: (field: F): string | undefined => serverErrors[field] ?? (touched[field] ? problems[field] : undefined),
    change: (field: F) => (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      setTouched((current) => ({ ...current, [field]: true }));
      setServerErrors((current) => ({ ...current, [field]: undefined }));
    },
    /** Shows every field's problem (the player tried to send); returns the first field that has one. */
    touchAll: (): F | undefined => {
      setTouched(Object.fromEntries(fields.map((field) => [field, true])) as Record<F, boolean>);
      return fields.find((field) => problems[field]);
    },
    setServerError: (field: F, text: string) => setServerErrors((current) => ({ ...current, [field]: text })),
  };
}
