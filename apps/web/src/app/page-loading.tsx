import { Spinner } from '../components/ui/spinner.tsx';
import { hasStaticPage } from '../lib/static-page.ts';

/** The page-loading text (docs/product.md, "Routes"), shown while a page's code or data loads. */
export const PAGE_LOADING_TEXT = 'Loading page...';

/** Full-screen, for the first load. */
export function PageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <p role="status" className="appear-late flex items-center gap-2.5 text-sm text-fg-muted">
        <Spinner />
        {PAGE_LOADING_TEXT}
      </p>
    </div>
  );
}

/** The first load's: nothing while the sign-in page's static markup shows (lib/static-page.ts). */
export function FirstPageLoading() {
  return hasStaticPage() ? null : <PageLoading />;
}

/** A small floating notice, while moving from one page to another. */
export function PageLoadingNotice() {
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center">
      <p
        role="status"
        className="appear-late flex items-center gap-2 rounded-full border border-border bg-surface px-3.5 py-1.5 text-sm text-fg-muted shadow-md"
      >
        <Spinner className="size-3.5" />
        {PAGE_LOADING_TEXT}
      </p>
    </div>
  );
}
