// `@latch/devnet/farcaster`: the devnet's Farcaster IdRegistry and the scripted Farcaster app, on
// their own entry so a browser page (the playground's stand-in for the phone) can import them
// without the rest of the devnet, which spawns processes.
export {
  FARCASTER_ID_REGISTRY_ADDRESS,
  fidOf,
  idRegistryAbi,
  installIdRegistry,
  registerFid,
} from './id-registry.js'
export {
  approveSignIn,
  readSignInRequest,
  signSignIn,
  submitSignIn,
  type FarcasterAppAccount,
  type FarcasterAppOptions,
  type SignInOverrides,
  type SignInRequest,
  type SignInSubmission,
} from './app.js'
