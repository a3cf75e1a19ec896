// The notifications feature's cache keys. The live stream invalidates everything under
// ['notifications'] when a `notification` event arrives (docs/live-updates.md, "Notifications").
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (limit: number) => ['notifications', 'list', limit] as const,
};
