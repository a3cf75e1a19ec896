import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { sessionStore, startTokenRefresh, type AuthSession, type SessionState } from './session.ts';

const subscribe = (listener: () => void) => sessionStore.subscribe(listener);
const getState = () => sessionStore.getState();

/** Keeps the access token fresh while the app is open (the 30 s tick). */
export function SessionProvider({ children }: { children: ReactNode }) {
  useEffect(() => startTokenRefresh(), []);
  return children;
}

/** The session state; re-renders on every session event. */
export function useSession(): SessionState {
  // The same state on the server: the sign-in page is rendered at build time (app/static-sign-in.tsx).
  return useSyncExternalStore(subscribe, getState, getState);
}

/** The signed-in session, or null (while loading, or signed out). */
export function useAuthSession(): AuthSession | null {
  const state = useSession();
  return state.status === 'signed-in' ? state.session : null;
}
