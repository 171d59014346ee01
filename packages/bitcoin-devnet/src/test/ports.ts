export { freePort } from '@latch/local-kit/testing'
