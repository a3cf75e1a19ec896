// A menu on Radix Dropdown Menu: opened by click, Enter, Space or the arrow keys; arrow keys and
// typeahead move between items; Escape and a click outside close it and focus returns to the
// trigger. The highlighted item is the focus indicator.
import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { IconCheck } from './icons.tsx';

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;
export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;

export function DropdownMenuContent({
  className,
  align = 'end',
  sideOffset = 6,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn(
          'z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-56 overflow-y-auto rounded-xl border border-border bg-surface p-1.5 text-sm text-fg shadow-lg shadow-black/5 dark:shadow-black/40',
          'origin-(--radix-dropdown-menu-content-transform-origin) data-[state=open]:animate-[menu-in_120ms_ease-out]',
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

const itemClassName =
  'relative flex min-h-9 cursor-default items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm text-fg outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-surface-muted [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-fg-subtle';

export function DropdownMenuItem({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Item>) {
  return <MenuPrimitive.Item className={cn(itemClassName, className)} {...props} />;
}

export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.RadioItem> & { children: ReactNode }) {
  return (
    <MenuPrimitive.RadioItem className={cn(itemClassName, 'pr-8', className)} {...props}>
      {children}
      <MenuPrimitive.ItemIndicator className="absolute right-2.5 flex items-center text-accent-text">
        <IconCheck className="size-4" />
      </MenuPrimitive.ItemIndicator>
    </MenuPrimitive.RadioItem>
  );
}

/** A choice that stays on or off; the menu stays open when `onSelect` prevents its default. */
export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.CheckboxItem> & { children: ReactNode }) {
  return (
    <MenuPrimitive.CheckboxItem className={cn(itemClassName, 'group pl-9', className)} {...props}>
      <span className="absolute left-2.5 flex size-4 items-center justify-center rounded border border-border-input bg-surface group-data-[state=checked]:border-accent group-data-[state=checked]:bg-accent">
        <MenuPrimitive.ItemIndicator className="flex items-center text-accent-fg">
          <IconCheck className="size-3" />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.CheckboxItem>
  );
}

export function DropdownMenuLabel({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Label>) {
  return (
    <MenuPrimitive.Label
      className={cn('px-2.5 pt-2 pb-1 text-xs font-medium text-fg-subtle', className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Separator>) {
  return (
    <MenuPrimitive.Separator
      className={cn('-mx-1.5 my-1.5 h-px bg-border', className)}
      {...props}
    />
  );
}
