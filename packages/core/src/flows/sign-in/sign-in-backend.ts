import { SIWX_NAMESPACES, siwxNamespaceOf } from '../../api/siwx.js'
import {
  isSignInRequired,
  type SIWEConfig,
  type SIWXConfig,
  type SIWXOptions,
} from '../../options/sign-in.js'
import type { LatchStorage } from '../../storage/latch-storage.js'
import { latchServerSiwx } from './latch-server-siwx.js'
import { siweAsSiwx } from './siwe-backend.js'

/** What the instance knows of sign-in before it runs (create-latch.ts puts it in the I/O). */
export interface SignInIo {
  siwx?: SIWXOptions | true | undefined
  siweConfig?: SIWEConfig | undefined
  /** The Latch server, when the instance has one (the default backend). */
  serverUrl?: string | undefined
  projectId?: string | undefined
  fetch?: typeof fetch | undefined
  /** The page signing in: the message's `uri` (its origin is the domain). */
  pageUri: () => string
}

/** The sign-in flow's backend: the host's parts over the Latch server's, and its rules. */
export interface SignInBackend {
  readonly config: SIWXConfig
  /** Whether accounts of this chain sign in (the legacy SIWE config: EVM chains only). */
  supports(chainId: string): boolean
  /** SPEC §2, §4: asked at each decision, so a page can make it optional. */
  required(): boolean
  readonly signOutOnDisconnect: boolean
}

/**
 * The backend of `siwx` (the host's functions, each over the Latch server's of the same name) or
 * of the legacy `siweConfig`; `undefined` when sign-in is off. parseOptions has already refused a
 * `siwx` that needs a Latch server the instance does not have.
 */
export function signInBackend(io: SignInIo, storage: LatchStorage): SignInBackend | undefined {
  const { siwx, siweConfig } = io
  const required = () => isSignInRequired({ siwx, siweConfig })
  if (siweConfig) {
    return {
      config: siweAsSiwx(siweConfig, io.pageUri),
      supports: (chainId) => chainId.startsWith('eip155:'),
      required,
      signOutOnDisconnect: false,
    }
  }
  if (!siwx) return undefined
  const own: SIWXOptions = siwx === true ? {} : siwx
  const server =
    io.serverUrl && io.projectId
      ? latchServerSiwx({
          serverUrl: io.serverUrl,
          projectId: io.projectId,
          storage,
          pageUri: io.pageUri,
          statement: own.statement,
          fetch: io.fetch,
        })
      : undefined
  const missing = (name: string) => () =>
    Promise.reject(new TypeError(`siwx needs ${name}, or a Latch server`))
  // A host's functions are called on its object: a class's methods keep their `this`.
  const { createMessage, addSession, getSessions, revokeSession, setSessions } = own
  const config: SIWXConfig = {
    createMessage: createMessage
      ? (input) => createMessage.call(own, input)
      : (server?.createMessage ?? missing('createMessage')),
    addSession: addSession
      ? (session) => addSession.call(own, session)
      : (server?.addSession ?? missing('addSession')),
    getSessions: getSessions
      ? (chainId, address) => getSessions.call(own, chainId, address)
      : (server?.getSessions ?? missing('getSessions')),
    revokeSession: revokeSession
      ? (chainId, address) => revokeSession.call(own, chainId, address)
      : (server?.revokeSession ?? missing('revokeSession')),
    setSessions: setSessions
      ? (sessions) => setSessions.call(own, sessions)
      : (server?.setSessions ?? missing('setSessions')),
  }
  // The Latch server signs in its three namespaces; a host's own backend decides for itself.
  const serverSigns = !own.createMessage && !own.addSession
  return {
    config,
    supports: (chainId) =>
      !serverSigns || SIWX_NAMESPACES.some((namespace) => namespace === siwxNamespaceOf(chainId)),
    required,
    signOutOnDisconnect: own.signOutOnDisconnect ?? false,
  }
}
