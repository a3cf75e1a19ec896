import { describe, expect, it } from 'vitest';
import { formErrors, formOutput } from '../../testing/form-errors.ts';
import { newPasswordResolver } from './components/update-password-screen.tsx';
import { resetLinkResolver } from './forms.ts';
import { checkSignIn } from './sign-in-check.ts';

describe('the email field', () => {
  it.each([
    ['', 'Enter your email address.'],
    ['   ', 'Enter your email address.'],
    ['mia', 'Enter a valid email address, like name@company.com.'],
    ['mia@northwind', 'Enter a valid email address, like name@company.com.'],
    ['mia @northwind.test', 'Enter a valid email address, like name@company.com.'],
  ])('%j → %s', async (email, message) => {
    expect(await formErrors(resetLinkResolver, { email })).toEqual({ email: message });
  });

  it('accepts an address, ignoring surrounding spaces', async () => {
    expect(await formErrors(resetLinkResolver, { email: ' mia@northwind.test ' })).toEqual({});
    expect(await formOutput(resetLinkResolver, { email: ' mia@northwind.test ' })).toEqual({
      email: 'mia@northwind.test',
    });
  });
});

describe('signing in', () => {
  it('asks for both fields', () => {
    expect(checkSignIn({ email: '', password: '' })).toEqual({
      errors: { email: 'Enter your email address.', password: 'Enter your password.' },
      request: null,
    });
  });

  it.each(['mia', 'mia@northwind', 'mia @northwind.test'])(
    'says the same as the other forms of a bad address: %j',
    async (email) => {
      const { errors } = checkSignIn({ email, password: 'x' });
      expect(errors).toEqual(await formErrors(resetLinkResolver, { email }));
    },
  );

  it('does not judge the password itself (the server does), and sends the address normalised', () => {
    expect(checkSignIn({ email: ' Mia@Northwind.test ', password: 'x' })).toEqual({
      errors: {},
      request: { email: 'mia@northwind.test', password: 'x' },
    });
  });
});

describe('a new password', () => {
  it('asks for the password twice, the same both times', async () => {
    expect(await formErrors(newPasswordResolver, { newPassword: '', confirmation: '' })).toEqual({
      newPassword: 'Enter a new password.',
      confirmation: 'Enter the new password again.',
    });
    expect(
      await formErrors(newPasswordResolver, {
        newPassword: 'harbour-lantern-92',
        confirmation: 'harbour',
      }),
    ).toEqual({ confirmation: "The passwords don't match." });
  });

  it('leaves the strength rules, length included, to the server (so it lists them all at once)', async () => {
    expect(
      await formErrors(newPasswordResolver, { newPassword: 'gus', confirmation: 'gus' }),
    ).toEqual({});
  });
});
