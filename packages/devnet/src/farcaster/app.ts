// A scripted "Farcaster app" (issue 12): what a phone's Farcaster client does with a "Sign in with
// Farcaster" link, through the same relay endpoints, with @farcaster/auth-client's own wallet
// helpers: read the channel's request, build the SIWF message, sign it with the custody key, and
// post it to the relay's `authenticate`. Tests use it to approve (or, with overrides, to send
// what a broken or hostile app would); the playground's page standing in for the phone too.
//
// Browser-safe: auth-client, viem and fetch only.
import {
  createAppClient,
  createWalletClient,
  viemConnector,
  type AuthenticateAPIResponse,
  type StatusAPIResponse,
} from '@farcaster/auth-client'
import type { LocalAccount } from 'viem'

/** A Farcaster account as its app holds it: the fid and the custody key registered for it. */
export interface FarcasterAppAccount {
  fid: number
  custody: LocalAccount
  /** What the app tells the relay about the account (its profile). */
  username?: string
  displayName?: string
  bio?: string
  pfpUrl?: string
}

/** Where the app talks to. */
export interface FarcasterAppOptions {
  /** The relay's URL, as `createAppClient({ relay })` takes it (the Latch server's relay path). */
  relay: string
  /** A JSON-RPC URL of the chain holding the IdRegistry (the devnet's); read only by the app client. */
  rpcUrl: string
  /** The relay key some relays ask the app for (`X-Farcaster-Auth-Relay-Key`); Latch's needs none. */
  authKey?: string
}

/** A sign-in request as the app reads it from the relay: what the message must say. */
export interface SignInRequest {
  channelToken: string
  params: StatusAPIResponse['signatureParams']
}

/** What a test may change in the signed message, to see the relay refuse it. */
export interface SignInOverrides {
  nonce?: string
  domain?: string
  uri?: string
  /** The fid the message claims (the account's by default). */
  fid?: number
  /** Applied to the message after it is built and before it is signed. */
  editMessage?: (message: string) => string
  /** Applied to the message after it is signed (a tampered message with a valid signature). */
  editSignedMessage?: (message: string) => string
}

/** The relay's answer to `authenticate`: its HTTP status and body. */
export interface SignInSubmission {
  status: number
  body: AuthenticateAPIResponse | { error?: string }
}

const appClient = (options: FarcasterAppOptions) =>
  createAppClient({ relay: options.relay, ethereum: viemConnector({ rpcUrl: options.rpcUrl }) })

const walletClient = (options: FarcasterAppOptions) =>
  createWalletClient({ relay: options.relay, ethereum: viemConnector({ rpcUrl: options.rpcUrl }) })

/**
 * Reads the request behind a sign-in link: its channel token, then the channel's parameters
 * from the relay's status (what a Farcaster app shows the person before they approve).
 * @throws Error when the link has no channel token or the relay does not know the channel.
 */
export async function readSignInRequest(
  url: string,
  options: FarcasterAppOptions,
): Promise<SignInRequest> {
  const parsed = walletClient(options).parseSignInURI({ uri: url })
  if (parsed.isError) throw new Error(`Not a sign-in link: ${parsed.error?.message ?? url}`)
  const read = await appClient(options).status({ channelToken: parsed.channelToken })
  if (read.isError) throw new Error(`The relay did not answer: ${read.error?.message ?? ''}`)
  const { response, data } = read
  if (response.status !== 200 && response.status !== 202) {
    throw new Error(`The relay refused the channel (${response.status})`)
  }
  return { channelToken: parsed.channelToken, params: data.signatureParams }
}

const dateOf = (value: string | undefined) => (value === undefined ? undefined : new Date(value))

/**
 * The SIWF message for a request, built with auth-client's `buildSignInMessage` and signed with
 * the account's custody key (EIP-191, as Farcaster apps sign it).
 * @throws Error when auth-client refuses to build the message.
 */
export async function signSignIn(
  request: SignInRequest,
  account: FarcasterAppAccount,
  options: FarcasterAppOptions,
  overrides: SignInOverrides = {},
): Promise<{ message: string; signature: `0x${string}` }> {
  const { params } = request
  const notBefore = dateOf(params.notBefore)
  const expirationTime = dateOf(params.expirationTime)
  const built = walletClient(options).buildSignInMessage({
    address: account.custody.address,
    fid: overrides.fid ?? account.fid,
    uri: overrides.uri ?? params.siweUri,
    domain: overrides.domain ?? params.domain,
    nonce: overrides.nonce ?? params.nonce ?? '',
    ...(notBefore ? { notBefore } : {}),
    ...(expirationTime ? { expirationTime } : {}),
    ...(params.requestId ? { requestId: params.requestId } : {}),
  })
  if (built.isError) throw new Error(`Could not build the message: ${built.error?.message ?? ''}`)
  const message = overrides.editMessage ? overrides.editMessage(built.message) : built.message
  const signature = await account.custody.signMessage({ message })
  return { message: overrides.editSignedMessage?.(message) ?? message, signature }
}

/** Posts a signed message to the relay's `authenticate`, as the app does once approved. */
export async function submitSignIn(
  request: SignInRequest,
  signed: { message: string; signature: `0x${string}` },
  account: FarcasterAppAccount,
  options: FarcasterAppOptions,
): Promise<SignInSubmission> {
  const sent = await walletClient(options).authenticate({
    channelToken: request.channelToken,
    authKey: options.authKey ?? '',
    ...signed,
    authMethod: 'custody',
    fid: account.fid,
    ...(account.username === undefined ? {} : { username: account.username }),
    ...(account.displayName === undefined ? {} : { displayName: account.displayName }),
    ...(account.bio === undefined ? {} : { bio: account.bio }),
    ...(account.pfpUrl === undefined ? {} : { pfpUrl: account.pfpUrl }),
  })
  if (sent.isError) throw new Error(`The relay did not answer: ${sent.error?.message ?? ''}`)
  return { status: sent.response.status, body: sent.data }
}

/**
 * The whole approval, as a person's tap on "Sign in" makes it: read the link's request, sign it
 * with the custody key, send it.
 * @returns the relay's answer (201 and the completed channel when it accepted the signature).
 */
export async function approveSignIn(
  url: string,
  account: FarcasterAppAccount,
  options: FarcasterAppOptions,
  overrides: SignInOverrides = {},
): Promise<SignInSubmission> {
  const request = await readSignInRequest(url, options)
  const signed = await signSignIn(request, account, options, overrides)
  return submitSignIn(request, signed, account, options)
}
