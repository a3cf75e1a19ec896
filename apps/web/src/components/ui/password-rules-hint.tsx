import { cn } from '../../lib/cn.ts';
import { meetsLengthRule, PASSWORD_RULES } from '../../lib/password-rules.ts';
import { IconCheck, IconCircle } from './icons.tsx';

/**
 * The password rules, under the new-password field. Length is ticked live; the other two only
 * the server can judge, so they stay as plain reminders.
 */
export function PasswordRulesHint({ id, password }: { id: string; password: string }) {
  const longEnough = meetsLengthRule(password);
  return (
    <ul id={id} className="mt-2.5 space-y-1 text-[13px] leading-5 text-fg-muted">
      {PASSWORD_RULES.map((rule, index) => {
        const met = index === 0 && longEnough;
        return (
          <li key={rule} className={cn('flex items-center gap-2', met && 'text-success-fg')}>
            {met ? (
              <IconCheck className="size-3.5 shrink-0" />
            ) : (
              <IconCircle className="size-3.5 shrink-0 opacity-70" />
            )}
            <span>
              {rule}
              {met ? <span className="sr-only"> (met)</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
