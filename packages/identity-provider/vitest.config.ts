import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig()
