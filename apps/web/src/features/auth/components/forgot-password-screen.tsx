import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { IconArrowLeft, IconMail } from '../../../components/ui/icons.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { isRetryableResetFailure, useRequestPasswordReset } from '../api/request-password-reset.ts';
import { resetLinkResolver } from '../forms.ts';
import { useFocusOnError } from '../hooks/use-focus-on-error.ts';
import {
  CenteredCardLayout,
  cardLayoutLinkClassName,
} from '../../../components/ui/centered-card-layout.tsx';

/** The same words whatever happened, so the page never reveals whether an account exists. */
export const RESET_LINK_SENT_MESSAGE =
  "If an account exists for that address, we've sent a link to reset the password. It expires in one hour.";

function emailFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    return typeof state.email === 'string' ? state.email : '';
  }
  return '';
}

export function ForgotPasswordScreen() {
  const location = useLocation();
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    resolver: resetLinkResolver,
    defaultValues: { email: emailFromState(location.state) },
  });
  const emailError = form.formState.errors.email?.message;
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const request = useRequestPasswordReset();
  useFocusOnError(alertRef, failure);

  const onSubmit = form.handleSubmit(({ email }) => {
    if (request.isPending) return;
    setFailure(null);
    request.mutate(email, {
      onSuccess: () => setSent(true),
      onError: (cause) => {
        if (isRetryableResetFailure(cause)) setFailure(cause);
        else setSent(true); // any other answer reveals nothing and changes nothing
      },
    });
  });

  if (sent) {
    return (
      <CenteredCardLayout
        pageTitle="Check your email"
        heading="Check your email"
        icon={
          <span className="flex size-12 items-center justify-center rounded-full border border-border bg-surface text-accent-text shadow-xs">
            <IconMail className="size-5" />
          </span>
        }
        footer={
          <Link
            to="/auth"
            className={`inline-flex items-center gap-1.5 ${cardLayoutLinkClassName}`}
          >
            <IconArrowLeft className="size-4" />
            Back to sign in
          </Link>
        }
      >
        <div className="space-y-5">
          <SentMessage />
          <p className="text-sm leading-6 text-fg-muted">
            Nothing there? Check your spam folder, or make sure you used the address you sign in
            with.
          </p>
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => {
              request.reset();
              setSent(false);
            }}
          >
            Try a different address
          </Button>
        </div>
      </CenteredCardLayout>
    );
  }

  return (
    <CenteredCardLayout
      pageTitle="Reset your password"
      heading="Reset your password"
      description="Enter the email address you sign in with and we'll send you a link to choose a new password."
      footer={
        <Link to="/auth" className={`inline-flex items-center gap-1.5 ${cardLayoutLinkClassName}`}>
          <IconArrowLeft className="size-4" />
          Back to sign in
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {failure ? (
          <Alert ref={alertRef} tone="error" title="The link was not sent">
            {errorMessage(failure)}
          </Alert>
        ) : null}
        <Field label="Email" error={emailError}>
          <EmailInput autoFocus {...form.register('email')} />
        </Field>
        <Button
          type="submit"
          className="w-full"
          pending={request.isPending}
          pendingLabel="Sending…"
        >
          Send reset link
        </Button>
      </form>
    </CenteredCardLayout>
  );
}

/** Takes focus when shown, so keyboard and screen-reader users land on the news. */
function SentMessage() {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={-1}
      className="text-sm leading-6 text-fg focus:outline-none"
    >
      {RESET_LINK_SENT_MESSAGE}
    </p>
  );
}
