import { numberToHex, type Address } from 'viem'
import { createAccountBook } from './accounts.js'
import { createApprovals } from './approvals.js'
import { createAssetReader } from './assets.js'
import { createCallsStore } from './calls.js'
import { createChainRegistry } from './chains.js'
import { createEmitter } from './emitter.js'
import {
  ErrorCode,
  ProviderRpcError,
  disconnected,
  invalidParams,
  toProviderRpcError,
  unsupportedMethod,
} from './errors.js'
import { READ_METHODS, createMethodHandlers } from './methods.js'
import { createSessionStore } from './session.js'
import { summarize } from './summary.js'
import type { DevWallet, DevWalletConfig, Eip1193Provider, RequestArguments } from './types.js'

/**
 * Creates a dev wallet: an EIP-1193 provider over viem local accounts that signs for real and
 * sends to the configured chains' RPCs, plus the controls tests and the approval panel use.
 *
 * Consent-needing methods (eth_requestAccounts, personal_sign, eth_signTypedData_v4,
 * eth_sendTransaction, wallet_addEthereumChain, wallet_sendCalls) follow the approval mode:
 * approved at once, rejected with 4001, or held in {@link DevWallet.pending} until
 * {@link DevWallet.approve} or {@link DevWallet.reject}.
 */
export function createDevWallet(config: DevWalletConfig): DevWallet {
  const session = createSessionStore(config.storage)
  const saved = session.read()
  const chains = createChainRegistry(config.chains, saved.chainId)
  const accounts = createAccountBook(config.privateKeys)
  const approvals = createApprovals(config.approval)
  const emitter = createEmitter()
  let connected = saved.connected
  let connecting: Promise<Address[]> | undefined

  const chainHex = () => numberToHex(chains.current().config.chainId)
  const persist = () => session.write({ connected, chainId: chains.current().config.chainId })

  const announceAccounts = () => {
    if (connected) emitter.emit('accountsChanged', accounts.addresses())
  }

  const forget = (): boolean => {
    if (!connected) return false
    connected = false
    persist()
    emitter.emit('accountsChanged', [])
    return true
  }

  const handlers = createMethodHandlers({
    accounts,
    chains,
    approvals,
    calls: createCallsStore(),
    readAssets: createAssetReader(config.assets ?? {}),
    isConnected: () => connected,
    connect(method, params) {
      if (connected) return Promise.resolve(accounts.addresses())
      // A second connect while the first waits for the user shares its answer.
      connecting ??= approvals
        .ask(method, params, summarize(method, params))
        .then(() => {
          connected = true
          persist()
          emitter.emit('connect', { chainId: chainHex() })
          announceAccounts()
          return accounts.addresses()
        })
        .finally(() => {
          connecting = undefined
        })
      return connecting
    },
    revoke: forget,
    switchChain(chainId) {
      if (chains.current().config.chainId === chainId) return
      chains.select(chainId)
      persist()
      emitter.emit('chainChanged', chainHex())
    },
  })

  async function request(args: RequestArguments): Promise<unknown> {
    if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
      throw new ProviderRpcError(ErrorCode.INVALID_REQUEST, 'Expected { method, params }.')
    }
    const { method } = args
    const params = args.params ?? []
    if (!Array.isArray(params)) throw invalidParams('params must be an array')
    const handler = handlers.get(method)
    if (!handler && !READ_METHODS.has(method)) throw unsupportedMethod(method)
    try {
      if (handler) return await handler(params)
      return await chains
        .current()
        .publicClient()
        .request({ method, params } as never)
    } catch (error) {
      throw toProviderRpcError(error)
    }
  }

  const provider: Eip1193Provider = {
    isLatchDevWallet: true,
    request,
    on(event, listener) {
      emitter.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      emitter.removeListener(event, listener)
      return provider
    },
  }

  return {
    provider,
    setApproval: (mode) => approvals.setMode(mode),
    approvalMode: () => approvals.mode(),
    pending: () => approvals.pending(),
    approve: (id) => approvals.approve(id),
    reject: (id) => approvals.reject(id),
    subscribe: (listener) => approvals.subscribe(listener),
    setAccounts(privateKeys) {
      accounts.replace(privateKeys)
      announceAccounts()
    },
    selectAccount(index) {
      accounts.select(index)
      announceAccounts()
    },
    addresses: () => accounts.addresses(),
    isConnected: () => connected,
    chainId: () => chains.current().config.chainId,
    disconnectSite() {
      if (forget()) emitter.emit('disconnect', disconnected())
    },
  }
}
