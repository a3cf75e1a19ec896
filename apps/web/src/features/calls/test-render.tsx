// Renders a calls screen as the app would (see testing/render.tsx): the list at /dashboard, and
// at /call/:callId the real call page or a probe that shows where the list sent the user. For
// *.test.tsx files only.
import { useLocation, type InitialEntry } from 'react-router';
import {
  requestedQueries,
  type createFakeFetch,
  type FakeHandler,
} from '../../testing/fake-fetch.ts';
import { renderRoutes } from '../../testing/render.tsx';
import { CallDetailScreen } from './components/call-detail-screen.tsx';
import { CallListScreen } from './components/call-list-screen.tsx';

function CallPageProbe() {
  const location = useLocation();
  return (
    <div>
      <h1>Call page</h1>
      <p data-testid="call-path">{location.pathname}</p>
      <p data-testid="call-state">{JSON.stringify(location.state)}</p>
    </div>
  );
}

function CallRoute() {
  const location = useLocation();
  const callId = decodeURIComponent(location.pathname.replace('/call/', ''));
  return <CallDetailScreen callId={callId} />;
}

export function renderCalls(
  server: Record<string, FakeHandler>,
  initialEntry: InitialEntry = '/dashboard',
  options: { callPage?: 'real' | 'probe' } = {},
) {
  return renderRoutes(
    [
      { path: '/dashboard', Component: CallListScreen },
      {
        path: '/call/:callId',
        Component: options.callPage === 'probe' ? CallPageProbe : CallRoute,
      },
    ],
    { initialEntry, server },
  );
}

/** The query parameters of every GET /api/v1/calls the fake server received. */
export function listRequests(fetchMock: ReturnType<typeof createFakeFetch>): URLSearchParams[] {
  return requestedQueries(fetchMock, '/api/v1/calls');
}
