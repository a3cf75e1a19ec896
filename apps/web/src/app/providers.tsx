import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster.tsx';
import { queryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session-provider.tsx';
import { watchTheme } from '../lib/theme.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => watchTheme(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
