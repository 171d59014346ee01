import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig(
  {},
  // connector.test.ts mocks the client module (`vi.mock`) and counts when it is evaluated: in a
  // shared module graph the mock would reach other files, and a client already loaded by one
  // would hide a premature import.
  { shareModules: { except: ['src/connector.test.ts'] } },
)
