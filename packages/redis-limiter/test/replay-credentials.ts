/** The only key the replay test's service processes accept (test/replay-service.ts). */
export const serviceCredentials = {
  apiKey: 'replay-key',
  secret: 'replay-secret',
  memo: 'replay-memo',
}
