import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig(
  {},
  // devnet.failure.test.ts mocks the contracts module (`vi.mock`): in a shared module graph the
  // mock would reach the files after it.
  { shareModules: { except: ['src/devnet.failure.test.ts'] } },
)
