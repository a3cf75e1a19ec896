// Words forms share, in a module of their own so that the sign-in page can use them without
// loading react-hook-form (features/auth/sign-in-check.ts).

/** Said the same on every form that asks for an email address. */
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address, like name@company.com.';
