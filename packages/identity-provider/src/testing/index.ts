// `@latch/identity-provider/testing`: a person at the sign-in page, for tests in Node.
export { decodeEntities, signInAtProvider, type Person, type ProviderReturn } from './sign-in.js'
