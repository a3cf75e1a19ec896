import { useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { handOverStaticPage } from '../lib/static-page.ts';
import { capturePageView } from '../lib/telemetry.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import { PageLoadingNotice } from './page-loading.tsx';

/** docs/product.md, "Monitoring": every route change is a page view, with path, search and referrer. */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => capturePageView({ pathname, search }), [pathname, search]);
}

/**
 * Wraps every page: page views, the loading notice between pages, the connection banner, and
 * scroll restoration.
 */
export function RootLayout() {
  const navigation = useNavigation();
  usePageViews();
  // The first page has rendered: it takes the static sign-in page's place before the next paint.
  useLayoutEffect(handOverStaticPage, []);
  return (
    <>
      {navigation.state === 'loading' ? <PageLoadingNotice /> : null}
      <Outlet />
      <ConnectionBanner />
      <ScrollRestoration />
    </>
  );
}
