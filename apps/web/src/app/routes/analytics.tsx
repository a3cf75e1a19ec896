import { AnalyticsScreen } from '../../features/analytics/components/analytics-screen.tsx';

export function Component() {
  return <AnalyticsScreen />;
}
