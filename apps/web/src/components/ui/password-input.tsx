import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { useFieldControl } from './field.tsx';
import { IconEye, IconEyeOff } from './icons.tsx';
import { Input, type InputProps } from './input.tsx';

/** A password input with a show/hide toggle, which points at the input by its id. */
export function PasswordInput({ id, className, ...props }: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const inputId = useFieldControl({ id }).id;
  return (
    <div className="relative">
      <Input
        id={inputId}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn('pr-11', className)}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-controls={inputId}
        aria-label={visible ? 'Hide password' : 'Show password'}
        title={visible ? 'Hide password' : 'Show password'}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-fg-subtle transition-colors hover:text-fg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        {visible ? <IconEyeOff /> : <IconEye />}
      </button>
    </div>
  );
}
