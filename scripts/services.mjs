// The processes of the product, in start order. Shared by `pnpm start`, `pnpm db:migrate` and the e2e harness.
export const SERVICES = [
  { name: 'gamification', dir: 'services/gamification', port: 8082 },
  { name: 'billing', dir: 'services/billing', port: 8081 },
  { name: 'analysis-worker', dir: 'services/analysis-worker', port: 8083 },
  { name: 'gateway', dir: 'services/gateway', port: 8080 },
];
