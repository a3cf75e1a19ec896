import { meetsPasswordLength } from '@callboard/contract/password-policy';
import { cn } from '../../lib/cn.ts';
import { PASSWORD_RULES } from '../../lib/password-rules.ts';
import { IconCheck, IconCircle } from './icons.tsx';

/**
 * The password rules, as the hint of a new-password Field. Length is ticked live; the other two
 * only the server can judge, so they stay as plain reminders.
 */
export function PasswordRulesHint({ password }: { password: string }) {
  const longEnough = meetsPasswordLength(password);
  return (
    <ul className="mt-1 space-y-1">
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
