import type { ReactNode } from 'react';
import { Card } from './card.tsx';
import { LogoMark } from './logo.tsx';
import { ThemeSwitcher } from './theme-switcher.tsx';

export interface CenteredCardLayoutProps {
  /** The document title, before " · Callboard". */
  pageTitle: string;
  heading: ReactNode;
  description?: ReactNode;
  /** Replaces the logo above the heading (a mail icon on "check your email", say). */
  icon?: ReactNode;
  children: ReactNode;
  /** Below the card: links to the neighbouring screens. */
  footer?: ReactNode;
}

/** A page of its own around one card (signed-out screens, /join): logo, heading, card, links, theme control. */
export function CenteredCardLayout({
  pageTitle,
  heading,
  description,
  icon,
  children,
  footer,
}: CenteredCardLayoutProps) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden">
      <title>{`${pageTitle} · Callboard`}</title>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[420px] bg-[radial-gradient(ellipse_60%_55%_at_50%_-10%,color-mix(in_oklab,var(--accent)_14%,transparent),transparent)] dark:bg-[radial-gradient(ellipse_60%_55%_at_50%_-10%,color-mix(in_oklab,var(--accent)_22%,transparent),transparent)]"
      />
      <main className="flex flex-1 flex-col items-center justify-center px-4 pt-12 pb-8 sm:px-6 sm:pt-16">
        <div className="w-full max-w-[400px]">
          <div className="flex flex-col items-center text-center">
            {icon ?? <LogoMark className="size-10 drop-shadow-sm" />}
            <h1 className="mt-6 text-2xl font-semibold tracking-tight text-balance text-fg">
              {heading}
            </h1>
            {description ? (
              <p className="mt-2 text-sm leading-6 text-pretty text-fg-muted">{description}</p>
            ) : null}
          </div>
          <Card className="mt-8 p-5 sm:p-7">{children}</Card>
          {footer ? (
            <div className="mt-6 text-center text-sm text-balance text-fg-muted">{footer}</div>
          ) : null}
        </div>
      </main>
      <footer className="flex items-center justify-between gap-4 px-4 pb-5 text-xs text-fg-subtle sm:px-6">
        <span>© Callboard</span>
        <ThemeSwitcher />
      </footer>
    </div>
  );
}

/** A link in these pages (the footer's "Back to sign in", say). */
export const cardLayoutLinkClassName =
  'font-medium text-accent-text underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
