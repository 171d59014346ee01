import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig({ setupFiles: ['src/test/setup.ts'] })
