import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { LogoMark } from '../../components/ui/logo.tsx';

export function Component() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <title>Page not found · Callboard</title>
      <div className="max-w-md text-center">
        <LogoMark className="mx-auto size-10" />
        <p className="mt-8 text-sm font-semibold text-accent-text">404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-fg">Page not found</h1>
        <p className="mt-2 text-sm leading-6 text-fg-muted">
          There is nothing at this address. It may have moved, or the link may be mistyped.
        </p>
        <Link to="/" className={`${buttonClassName()} mt-8`}>
          Go to Callboard
        </Link>
      </div>
    </main>
  );
}
