import { meetsPasswordLength } from '@callboard/contract/password-policy';
import { cn } from '../../lib/cn.ts';
import { PASSWORD_RULES } from '../../lib/password-rules.ts';
import { IconCheck, IconCircle, IconX } from './icons.tsx';

type RuleState = 'met' | 'failed' | 'unknown';

/**
 * The password rules, as the hint of a new-password Field. Length is ticked live; whether the
 * password is too common comes from the server when the field is left (`common`, from
 * lib/password-check.ts); the name-and-email rule only the server judges, when the form is sent.
 */
export function PasswordRulesHint({
  password,
  common = null,
}: {
  password: string;
  /** The server's answer for this password: true, too common; null, not asked. */
  common?: boolean | null;
}) {
  const states: RuleState[] = [
    meetsPasswordLength(password) ? 'met' : 'unknown',
    common === null || password === '' ? 'unknown' : common ? 'failed' : 'met',
    'unknown',
  ];
  return (
    <ul className="mt-1 space-y-1">
      {PASSWORD_RULES.map((rule, index) => {
        const state = states[index] ?? 'unknown';
        return (
          <li
            key={rule}
            className={cn(
              'flex items-center gap-2',
              state === 'met' && 'text-success-fg',
              state === 'failed' && 'font-medium text-danger-fg',
            )}
          >
            {state === 'met' ? (
              <IconCheck className="size-3.5 shrink-0" />
            ) : state === 'failed' ? (
              <IconX className="size-3.5 shrink-0" />
            ) : (
              <IconCircle className="size-3.5 shrink-0 opacity-70" />
            )}
            <span>
              {rule}
              {state === 'met' ? <span className="sr-only"> (met)</span> : null}
              {state === 'failed' ? <span className="sr-only"> (not met)</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
