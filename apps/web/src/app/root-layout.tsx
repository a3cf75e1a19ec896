import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageLoadingNotice } from './page-loading.tsx';

/** Wraps every page: the loading notice between pages, and scroll restoration. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <PageLoadingNotice /> : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
