import { SignClient } from '@walletconnect/sign-client'
import { MemoryStorage } from '../storage.js'
import type { Session } from '../types.js'

/** A real dapp-side sign-client, as the tests' counterpart of the wallet. */
export type DappClient = InstanceType<typeof SignClient>

export const DAPP_METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'eth_chainId',
  'eth_accounts',
]

export const DAPP_EVENTS = ['chainChanged', 'accountsChanged']

export const DAPP_SOLANA_METHODS = [
  'solana_getAccounts',
  'solana_requestAccounts',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
]

const prefixes = new WeakMap<DappClient, string>()

/** A dapp client with in-memory storage, no telemetry and its own global core. */
export async function createDapp(relayUrl: string, name = 'Test Dapp'): Promise<DappClient> {
  const prefix = `latch-test-dapp-${Math.random().toString(36).slice(2)}`
  const client = await SignClient.init({
    relayUrl,
    projectId: 'latch-test',
    metadata: {
      name,
      description: 'The dapp side of the wc-wallet tests',
      // sign-client warns when this differs from the page's origin (under jsdom there is one).
      url: globalThis.location?.origin ?? 'http://127.0.0.1:5173',
      icons: [],
    },
    storage: new MemoryStorage() as NonNullable<Parameters<typeof SignClient.init>[0]>['storage'],
    customStoragePrefix: prefix,
    telemetryEnabled: false,
    logger: 'silent',
  })
  const verify = client.core.verify
  verify.register = async () => ''
  verify.resolve = (async () => undefined) as unknown as typeof verify.resolve
  prefixes.set(client, prefix)
  return client
}

/**
 * Starts a connection asking for `chains` (and for `solana` chains too, when given, as Latch asks
 * when a Solana network is configured); the wallet pairs with `uri`.
 */
export async function connect(
  dapp: DappClient,
  chains: number[] = [31337, 31338],
  solana: string[] = [],
): Promise<{ uri: string; approval: () => Promise<Session> }> {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      ...(chains.length > 0
        ? {
            eip155: {
              chains: chains.map((id) => `eip155:${id}`),
              methods: DAPP_METHODS,
              events: DAPP_EVENTS,
            },
          }
        : {}),
      ...(solana.length > 0
        ? { solana: { chains: solana, methods: DAPP_SOLANA_METHODS, events: DAPP_EVENTS } }
        : {}),
    },
  })
  if (!uri) throw new Error('connect() gave no URI')
  return { uri, approval }
}

/** Closes the dapp's transport and timers. */
export async function closeDapp(dapp: DappClient): Promise<void> {
  await dapp.core.relayer.transportClose()
  dapp.core.heartbeat.stop()
  const prefix = prefixes.get(dapp)
  const globals = globalThis as Record<string, unknown>
  delete globals[`_walletConnectCore_${prefix}`]
  delete globals[`_walletConnectCore_${prefix}_count`]
}
