import { eventSchemas, isFrameError, type FrameClient } from '@latch/frame'
import { LatchError } from '../errors/latch-error.js'
import type { RemoteProvider } from '../walletconnect/contract.js'
import { authFailure } from './auth-errors.js'

/** The frame's text for a declined approval (the frame's own EIP-1193 wording). */
const USER_REJECTED_TEXT = 'User rejected the request.'
/** SPEC §8: the frame's answer to a method it does not allow. */
const NOT_ALLOWED_TEXT = 'Requested RPC call is not allowed'

/** An EIP-1193 error: the numeric `code` core reads (4001: the visitor declined in the frame). */
export class FrameRpcError extends Error {
  override readonly name = 'FrameRpcError'
  readonly code: number
  constructor(message: string, code: number, cause?: unknown) {
    super(message, { cause })
    this.code = code
  }
}

type Listener = (...args: never[]) => void

/** The embedded wallet's provider: a {@link RemoteProvider} plus the events core tells it. */
export interface FrameProvider extends RemoteProvider {
  /** Tells the adapter's listeners (EIP-1193 `accountsChanged`, `chainChanged`, `disconnect`). */
  announce(event: 'accountsChanged', accounts: readonly string[]): void
  announce(event: 'chainChanged', chainIdHex: string): void
  announce(event: 'disconnect'): void
}

/** A frame failure as the adapter expects a wallet's: 4001 for a decline, else SPEC §8's text. */
function toProviderError(error: unknown): Error {
  if (isFrameError(error, 'remote')) {
    if (error.remoteMessage === USER_REJECTED_TEXT)
      return new FrameRpcError(USER_REJECTED_TEXT, 4001, error)
    if (error.remoteMessage === NOT_ALLOWED_TEXT)
      return new LatchError('RPC_METHOD_NOT_ALLOWED', { cause: error })
  }
  const failure = authFailure(error)
  return failure.code && failure.code !== 'UNKNOWN_ERROR'
    ? new LatchError(failure.code, { cause: error })
    : new FrameRpcError(failure.message, -32603, error)
}

/**
 * The AUTH connector's EIP-1193 provider: every request is an RPC_REQUEST to the secure frame
 * (SPEC §7), where reads go to the chain and signatures wait for the visitor's approval in the
 * frame's own UI. The EVM adapter gets it through `setRemoteProvider`, so it reaches the
 * embedded wallet as it reaches any wallet. The frame client is asked for per request, so the
 * provider can exist before the frame is loaded.
 */
export function createFrameProvider(
  frame: () => Promise<Pick<FrameClient, 'request'>>,
): FrameProvider {
  const listeners = new Map<string, Set<Listener>>()
  const tell = (event: string, args: readonly unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      Reflect.apply(listener, undefined, args)
    }
  }
  return {
    async request({ method, params }) {
      const payload = eventSchemas('RPC_REQUEST').request.safeParse({ method, params })
      if (!payload.success) throw new FrameRpcError(`Invalid params for ${method}`, -32602)
      try {
        const result = await (await frame()).request('RPC_REQUEST', payload.data)
        // The frame switched its chain: the adapter learns it like any wallet's switch.
        if (method === 'wallet_switchEthereumChain') {
          const first = Array.isArray(params) ? params[0] : undefined
          const chainId: unknown =
            typeof first === 'object' && first !== null ? Reflect.get(first, 'chainId') : undefined
          if (typeof chainId === 'string') tell('chainChanged', [chainId])
        }
        return result
      } catch (error) {
        throw toProviderError(error)
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return this
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return this
    },
    announce(event: string, arg?: unknown) {
      tell(event, arg === undefined ? [] : [arg])
    },
  }
}
