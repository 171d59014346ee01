import { createPublicClient, http, numberToHex, type Address, type PrivateKeyAccount } from 'viem'
import type { AccountBook } from './accounts.js'
import { parseAddChainParams, parseChainIdHex } from './add-chain.js'
import type { Approvals } from './approvals.js'
import type { AssetsRequest } from './assets.js'
import { parseAssetsRequest } from './assets.js'
import { parseCallsRequest, type CallsStore } from './calls.js'
import { capabilitiesFor } from './capabilities.js'
import type { ChainEntry, ChainRegistry } from './chains.js'
import {
  ErrorCode,
  ProviderRpcError,
  invalidParams,
  unauthorized,
  unrecognizedChain,
} from './errors.js'
import { parseTransactionRequest, sendTransaction } from './send-transaction.js'
import { parseTypedData, personalSign, signTypedData } from './sign.js'
import { summarize } from './summary.js'

/** What the method handlers need from the wallet. */
export interface WalletContext {
  accounts: AccountBook
  chains: ChainRegistry
  approvals: Approvals
  calls: CallsStore
  readAssets(chains: ChainEntry[], request: AssetsRequest): Promise<unknown>
  isConnected(): boolean
  /** Asks for consent if needed, then connects the site; returns eth_accounts' answer. */
  connect(method: string, params: unknown[]): Promise<Address[]>
  /** Forgets the connection at the dapp's request. */
  revoke(): void
  /** Makes a known chain current and emits chainChanged. */
  switchChain(chainId: number): void
}

export type MethodHandler = (params: unknown[]) => unknown

/** Read-only methods relayed as they are to the current chain's RPC. */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_uninstallFilter',
  'web3_clientVersion',
])

function accountsPermission(addresses: Address[]) {
  return {
    parentCapability: 'eth_accounts',
    caveats: [{ type: 'restrictReturnedAccounts', value: addresses }],
    date: Date.now(),
    id: 'eth_accounts',
    invoker: typeof location === 'undefined' ? 'http://localhost' : location.origin,
  }
}

/** MetaMask checks a new chain's RPC before adding it; so does this wallet, to catch typos. */
async function assertRpcServesChain(rpcUrl: string, chainId: number) {
  let served: number
  try {
    served = await createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }).getChainId()
  } catch {
    throw invalidParams(`could not fetch the chain id from ${rpcUrl}`)
  }
  if (served !== chainId) {
    throw invalidParams(
      `the RPC at ${rpcUrl} serves chain ${numberToHex(served)}, not ${numberToHex(chainId)}`,
    )
  }
}

/** The wallet's own methods (everything but the read-only relay), by name. */
export function createMethodHandlers(ctx: WalletContext): Map<string, MethodHandler> {
  const { accounts, chains, approvals, calls } = ctx
  const ask = (method: string, params: unknown[]) =>
    approvals.ask(method, params, summarize(method, params))

  /** 4100 unless the site is connected and the address (when given) is one of its accounts. */
  const authorized = (address?: unknown): PrivateKeyAccount => {
    if (!ctx.isConnected()) throw unauthorized()
    if (address === undefined) return accounts.selected()
    const account = accounts.find(address)
    if (!account) throw unauthorized()
    return account
  }

  const currentHex = () => numberToHex(chains.current().config.chainId)

  return new Map<string, MethodHandler>([
    ['eth_requestAccounts', (params) => ctx.connect('eth_requestAccounts', params)],
    ['eth_accounts', () => (ctx.isConnected() ? accounts.addresses() : [])],
    ['eth_chainId', currentHex],
    ['net_version', () => String(chains.current().config.chainId)],
    [
      'personal_sign',
      async (params) => {
        const [message, address] = params
        if (typeof message !== 'string') throw invalidParams('the message must be a string')
        const account = authorized(address)
        await ask('personal_sign', params)
        return personalSign(account, message)
      },
    ],
    [
      'eth_signTypedData_v4',
      async (params) => {
        const account = authorized(params[0])
        const typedData = parseTypedData(params[1])
        await ask('eth_signTypedData_v4', params)
        return signTypedData(account, typedData)
      },
    ],
    [
      'eth_sendTransaction',
      async (params) => {
        const transaction = parseTransactionRequest(params[0])
        const account = authorized(transaction.from)
        const entry = chains.current()
        if (transaction.chainId !== undefined && transaction.chainId !== entry.config.chainId) {
          throw invalidParams(
            `chainId ${numberToHex(transaction.chainId)} is not the current chain`,
          )
        }
        await ask('eth_sendTransaction', params)
        return sendTransaction(entry, account, transaction)
      },
    ],
    [
      'wallet_switchEthereumChain',
      (params) => {
        const chainId = parseChainIdHex((params[0] as { chainId?: unknown } | undefined)?.chainId)
        if (!chains.get(chainId)) throw unrecognizedChain(numberToHex(chainId))
        ctx.switchChain(chainId)
        return null
      },
    ],
    [
      'wallet_addEthereumChain',
      async (params) => {
        const chain = parseAddChainParams(params)
        // Adding a chain does not switch to it: the dapp switches next, as the 4902 path does.
        if (chains.get(chain.chainId)?.config.rpcUrl === chain.rpcUrl) return null
        await assertRpcServesChain(chain.rpcUrl, chain.chainId)
        await ask('wallet_addEthereumChain', params)
        chains.add(chain)
        return null
      },
    ],
    [
      'wallet_getCapabilities',
      (params) => {
        authorized(params[0])
        const known = chains.all().map(({ config }) => config.chainId)
        const requested = params[1]
        if (requested === undefined) return capabilitiesFor(known)
        if (!Array.isArray(requested)) throw invalidParams('chain ids must be a list')
        const ids = requested.map((chainId) => parseChainIdHex(chainId))
        return capabilitiesFor(ids.filter((chainId) => known.includes(chainId)))
      },
    ],
    [
      'wallet_sendCalls',
      async (params) => {
        const request = parseCallsRequest(params)
        const account = authorized(request.from)
        const entry = chains.get(request.chainId ?? chains.current().config.chainId)
        if (!entry) {
          throw new ProviderRpcError(ErrorCode.UNSUPPORTED_CHAIN_ID, 'Unsupported chain id')
        }
        calls.checkId(request.id)
        await ask('wallet_sendCalls', params)
        return { id: calls.start(request.id, entry, account, request.calls) }
      },
    ],
    ['wallet_getCallsStatus', (params) => calls.status(params)],
    [
      'wallet_getAssets',
      (params) => {
        const request = parseAssetsRequest(params)
        authorized(request.account)
        return ctx.readAssets(chains.all(), request)
      },
    ],
    [
      'wallet_requestPermissions',
      async (params) => {
        const wanted = params[0]
        if (typeof wanted !== 'object' || wanted === null || !('eth_accounts' in wanted)) {
          throw invalidParams('only the eth_accounts permission can be requested')
        }
        return [accountsPermission(await ctx.connect('wallet_requestPermissions', params))]
      },
    ],
    [
      'wallet_getPermissions',
      () => (ctx.isConnected() ? [accountsPermission(accounts.addresses())] : []),
    ],
    [
      'wallet_revokePermissions',
      () => {
        ctx.revoke()
        return null
      },
    ],
  ])
}
