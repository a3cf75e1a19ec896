// Starts the telemetry receiver for the run (its port: playwright.config.ts) and stops it after.
import { startTelemetryReceiver } from './telemetry-receiver.ts';

// eslint-disable-next-line import-x/no-default-export -- Playwright loads global setup by default export
export default async function globalSetup(): Promise<() => Promise<void>> {
  const receiver = await startTelemetryReceiver(Number(process.env.E2E_TELEMETRY_PORT));
  return () => receiver.close();
}
