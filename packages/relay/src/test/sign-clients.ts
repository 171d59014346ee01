/**
 * Two @walletconnect/sign-client instances (a dapp and a wallet) on a local relay, each with its
 * own memory storage and storage prefix, telemetry off and logs silent.
 */
import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import type { LocalRelay } from '../types.js'
import { MemoryStorage } from './memory-storage.js'

export type Client = Awaited<ReturnType<typeof SignClient.init>>
export type Session = Awaited<ReturnType<Awaited<ReturnType<Client['connect']>>['approval']>>

export const CHAIN = 'eip155:31337'
export const ADDRESS = '0x1111111111111111111111111111111111111111'
export const SIGNATURE = `0x${'ab'.repeat(65)}`

// Each test client gets its own core instead of core's per-prefix global singleton.
process.env.DISABLE_GLOBAL_CORE = 'true'

/**
 * core's Verify has no public option for its servers and, in Node, looks every message without
 * an attestation up at https://verify.walletconnect.org (register() returns nothing outside a
 * browser, and metadata.verifyUrl is ignored unless it is a walletconnect.com/org URL). Pointing
 * both private URLs at the relay's local verify service keeps those lookups on 127.0.0.1.
 */
export function pinVerifyTo(client: Client, verifyUrl: string): void {
  const verify = client.core.verify as unknown as {
    verifyUrlV3: string
    getVerifyUrl: (url?: string) => string
  }
  verify.verifyUrlV3 = `${verifyUrl}/v3`
  verify.getVerifyUrl = () => verifyUrl
}

export async function createClient(
  role: 'dapp' | 'wallet',
  relay: Pick<LocalRelay, 'url' | 'verifyUrl'>,
): Promise<Client> {
  const client = await SignClient.init({
    projectId: 'test',
    relayUrl: relay.url,
    logger: 'silent',
    telemetryEnabled: false,
    customStoragePrefix: `latch-relay-test-${role}-${randomUUID()}`,
    storage: new MemoryStorage(),
    metadata: {
      name: `Latch relay test ${role}`,
      description: `relay test ${role}`,
      url: role === 'dapp' ? 'http://127.0.0.1:5173' : 'http://127.0.0.1:5174',
      icons: [],
    },
  })
  pinVerifyTo(client, relay.verifyUrl)
  return client
}

/** dapp connect → wallet pair → wallet approves with ADDRESS → the dapp's session. */
export async function pairAndApprove(dapp: Client, wallet: Client): Promise<Session> {
  const proposal = new Promise<Parameters<Parameters<Client['once']>[1]>[0]>((resolve) => {
    wallet.once('session_proposal', resolve)
  })
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: {
        chains: [CHAIN],
        methods: ['personal_sign'],
        events: ['accountsChanged', 'chainChanged'],
      },
    },
  })
  if (!uri) throw new Error('connect() returned no pairing uri')
  await wallet.pair({ uri })
  const { id } = (await proposal) as { id: number }
  await wallet.approve({
    id,
    namespaces: {
      eip155: {
        chains: [CHAIN],
        accounts: [`${CHAIN}:${ADDRESS}`],
        methods: ['personal_sign'],
        events: ['accountsChanged', 'chainChanged'],
      },
    },
  })
  return approval()
}

/** The wallet answers every session_request with SIGNATURE; returns the requests it saw. */
export function answerRequests(wallet: Client): { methods: string[] } {
  const seen = { methods: [] as string[] }
  wallet.on('session_request', (event) => {
    seen.methods.push(event.params.request.method)
    void wallet.respond({
      topic: event.topic,
      response: { id: event.id, jsonrpc: '2.0', result: SIGNATURE },
    })
  })
  return seen
}

export function personalSign(dapp: Client, topic: string): Promise<unknown> {
  return dapp.request({
    topic,
    chainId: CHAIN,
    request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] },
  })
}

/** Closes the client's socket and timers (sign-client has no destroy()). */
export async function closeClient(client: Client): Promise<void> {
  await client.core.relayer.transportClose().catch(() => {})
  client.core.heartbeat.stop()
}
