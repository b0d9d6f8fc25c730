import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@reelcast/protocol';
import { markGuest } from '@/shared/session/session-store';
import { json, mockFetch, requestBody } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const state = (open: boolean, limitsMandatory = false) => ({
  open,
  passwordMinLength: 8,
  usernameMinLength: 4,
  usernameMaxLength: 32,
  limitsMandatory,
});
const sent = () => json({ status: true, code: 20000, next: 'mail-confirm' }, 202);

/** The text an input is described by (its helper text), as a screen reader reads it after the label. */
const descriptionOf = (input: HTMLElement): string =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

async function openRegister(path = '/pages/auth/register') {
  markGuest();
  const view = renderApp(path);
  const form = await screen.findByRole('form', { name: 'Create your account' });
  const field = (name: RegExp) => within(form).getByLabelText(name);
  return { ...view, form, field, user: userEvent.setup() };
}

/**
 * The four required fields right, each pasted (one input event, not one a key: a form re-rendered for each of
 * 45 keys in jsdom took 2.8 s of a test at load 8, and over its 15 s under more). Typing is the test above.
 */
async function fillValid(field: (name: RegExp) => HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  for (const [name, text] of [
    [/^Username/, 'ayse_k'],
    [/^E-mail address/, 'ayse@example.com'],
    [/^Password( \*)?$/, 'Mavi-Balon-42'],
    [/^Confirm password/, 'Mavi-Balon-42'],
  ] as const) {
    await user.click(field(name));
    await user.paste(text);
  }
}

describe('registration pages (/pages/auth/register, -2, -3)', () => {
  it('shows a clear notice instead of the form while registration is closed', async () => {
    mockFetch({ 'GET /api/auth/register': () => json(state(false)) });
    markGuest();
    renderApp('/pages/auth/register-2');
    expect(await screen.findByText('Registration is closed')).toBeTruthy();
    expect(screen.getByText(/New accounts are opened by the operator/)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/pages/auth/login-2');
  });

  it('checks every field before sending, and sends nothing while one is wrong', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/register': () => json(state(true)), 'POST /api/auth/register': sent });
    const { field, user } = await openRegister();
    await user.type(field(/^Username/), 'ab');
    await user.type(field(/^E-mail address/), 'ayse@');
    await user.type(field(/^Password( \*)?$/), 'password1');
    await user.type(field(/^Confirm password/), 'password2');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(descriptionOf(field(/^Username/))).toBe('Between 4 and 32 characters');
    expect(descriptionOf(field(/^E-mail address/))).toBe('Enter a valid e-mail address');
    expect(descriptionOf(field(/^Password( \*)?$/))).toBe('This password is too easy to guess');
    expect(descriptionOf(field(/^Confirm password/))).toBe('The passwords do not match');
    expect(screen.getByText('Password strength: weak')).toBeTruthy();
    expect(document.activeElement).toBe(field(/^Username/));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('asks for daily, weekly and monthly cash-in limits when the operator makes them mandatory, and sends them in minor units', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/register': () => json(state(true, true)), 'POST /api/auth/register': sent });
    const { field, user } = await openRegister();
    await fillValid(field, user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(descriptionOf(field(/^Daily cash-in limit/))).toBe('Enter a positive amount');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    await user.type(field(/^Daily cash-in limit/), '100');
    await user.type(field(/^Weekly cash-in limit/), '500,50');
    await user.type(field(/^Monthly cash-in limit/), '1500');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1));
    const body = requestBody(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]) as { limits: unknown };
    expect(body.limits).toEqual({ cashInDay: 10_000, cashInWeek: 50_050, cashInMonth: 150_000 });
  });

  it('puts the field errors of a 400 on their fields', async () => {
    let answer = () =>
      json({ code: ErrorCode.InvalidRequest, ErrorMessage: 'email: not a valid e-mail address', Params: { field: 'body.email' } }, 400);
    mockFetch({ 'GET /api/auth/register': () => json(state(true)), 'POST /api/auth/register': () => answer() });
    const { field, user } = await openRegister();
    await fillValid(field, user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(descriptionOf(field(/^E-mail address/))).toBe('Enter a valid e-mail address'));
    expect(field(/^E-mail address/).getAttribute('aria-invalid')).toBe('true');

    answer = () =>
      json({ code: ErrorCode.PasswordTooWeak, ErrorMessage: 'weak', Params: { reason: 'common', field: 'body.password' } }, 400);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(descriptionOf(field(/^Password( \*)?$/))).toBe('This password is too easy to guess.'));
    // Changing a field clears the server's word on it.
    await user.type(field(/^Password( \*)?$/), '!');
    expect(descriptionOf(field(/^Password( \*)?$/))).not.toContain('too easy');
  });

  it('a name the server keeps for the team (a look-alike the form does not check) is said on its field', async () => {
    let answer = () =>
      json({ code: ErrorCode.InvalidRequest, ErrorMessage: 'name: this name is reserved.', Params: { field: 'body.name' } }, 400);
    mockFetch({ 'GET /api/auth/register': () => json(state(true)), 'POST /api/auth/register': () => answer() });
    const { field, user } = await openRegister();
    await fillValid(field, user);
    await user.type(field(/^First name/), 'Аdmin');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(descriptionOf(field(/^First name/))).toBe('This name is reserved'));

    answer = () =>
      json({ code: ErrorCode.InvalidRequest, ErrorMessage: 'username: this name is reserved.', Params: { field: 'body.username' } }, 400);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(descriptionOf(field(/^Username/))).toBe('This name is reserved'));
  });

  it('sends the form and shows “check your mail”', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/register': () => json(state(true)),
      'POST /api/auth/register': ({ body }) => {
        expect(body).toEqual({
          username: 'ayse_k',
          email: 'ayse@example.com',
          password: 'Mavi-Balon-42',
          name: 'Ayşe',
          language: 'en',
        });
        return sent();
      },
    });
    const { field, user, router } = await openRegister('/pages/auth/register-3');
    await fillValid(field, user);
    await user.type(field(/^First name/), ' Ayşe ');
    expect(screen.getByText('Password strength: strong')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Check your mail' })).toBeTruthy();
    expect(screen.getByText(/a mail with the link that opens it is on its way/)).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/pages/auth/mail-confirm?sent=register');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('shows the notice when the operator closes registration while the form is open (40311)', async () => {
    let open = true;
    mockFetch({
      'GET /api/auth/register': () => json(state(open)),
      'POST /api/auth/register': () => {
        open = false;
        return json({ code: ErrorCode.RegistrationClosed, ErrorMessage: 'closed' }, 403);
      },
    });
    const { field, user } = await openRegister();
    await fillValid(field, user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration is closed')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('toggles both passwords with one labelled button', async () => {
    mockFetch({ 'GET /api/auth/register': () => json(state(true)) });
    const { field, user } = await openRegister();
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field(/^Password( \*)?$/).getAttribute('type')).toBe('text');
    expect(field(/^Confirm password/).getAttribute('type')).toBe('text');
  });
});
