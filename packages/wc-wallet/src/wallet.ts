import { getSdkError, parseUri } from '@walletconnect/utils'
import { z } from 'zod'
import { resolveAccount } from './account.js'
import { createChainRegistry, DEFAULT_NATIVE_CURRENCY } from './chains.js'
import { dappInfo } from './dapp-info.js'
import { unrecognizedChain } from './errors.js'
import { Listeners } from './listeners.js'
import type { MethodContext } from './methods.js'
import { approvedNamespaces, hasChain, withChain, type ProposalParams } from './namespaces.js'
import {
  DEFAULT_METADATA,
  DEFAULT_PROJECT_ID,
  SOLANA_LOCALNET,
  parseWalletOptions,
  policySchema,
  type WcWalletOptions,
} from './options.js'
import { RequestDesk } from './request-desk.js'
import { requestRouter } from './router.js'
import { initSignClient, type WcSignClient } from './sign-client.js'
import { createSolanaAccount } from './solana/account.js'
import type { SolanaContext } from './solana/methods.js'
import { MemoryStorage } from './storage.js'
import type { DappInfo, Proposal, Session, WalletPolicy, WcWallet } from './types.js'
import { Waiters } from './waiters.js'

const pairingUri = z.string().trim().startsWith('wc:', 'must be a WalletConnect URI (wc:…)')

type JsonRpcResponse = Parameters<WcSignClient['respond']>[0]['response']

/** Creates and starts a WalletConnect wallet; see {@link WcWallet}. */
export async function createWcWallet(options: WcWalletOptions): Promise<WcWallet> {
  const opts = parseWalletOptions(options)
  const account = resolveAccount(opts)
  const configs = Object.entries(opts.rpcUrls).map(([id, rpcUrl]) => ({
    chainId: Number(id),
    name: `Chain ${id}`,
    rpcUrl,
    nativeCurrency: DEFAULT_NATIVE_CURRENCY,
  }))
  const chains = createChainRegistry(configs, opts.chainId ?? configs[0]!.chainId)
  // Imported (and checked) before the relay is reached: a bad key fails createWcWallet at once.
  const solana: SolanaContext | undefined = opts.solana && {
    account: await createSolanaAccount(opts.solana.secretKey),
    chains: opts.solana.chains ?? [SOLANA_LOCALNET],
    rpcUrl: opts.solana.rpcUrl,
  }
  const { client, release } = await initSignClient({
    relayUrl: opts.relayUrl,
    projectId: opts.projectId ?? DEFAULT_PROJECT_ID,
    metadata: opts.metadata ?? DEFAULT_METADATA,
    storage: opts.storage ?? new MemoryStorage(),
    logLevel: opts.logLevel ?? 'error',
  })

  const state: WalletPolicy = {
    proposals: opts.policy?.proposals ?? 'manual',
    requests: opts.policy?.requests ?? 'approve',
  }
  const policy: WalletPolicy = {
    get proposals() {
      return state.proposals
    },
    set proposals(value) {
      state.proposals = policySchema.parse(value)
    },
    get requests() {
      return state.requests
    },
    set requests(value) {
      state.requests = policySchema.parse(value)
    },
  }

  const proposals = new Map<number, Proposal>()
  let online = true
  let closing: Promise<void> | undefined
  // Answers produced while offline wait here, as a phone's would until it has network again.
  let onlineGate = Promise.resolve()
  let openGate = () => {}

  const report = (error: unknown) => client.logger.error(error)
  const proposalListeners = new Listeners<Proposal>(report)
  const changeListeners = new Listeners<void>(report)
  const proposalWaiters = new Waiters<Proposal>()
  const pairWaiters = new Map<string, Waiters<Proposal>>()
  const changed = () => changeListeners.emit(undefined)

  function assertOpen(action: string, needsNetwork = true): void {
    if (closing) throw new Error(`Cannot ${action}: the wallet is closed`)
    if (needsNetwork && !online) {
      throw new Error(`Cannot ${action}: the wallet is offline (call goOnline() first)`)
    }
  }

  function dappOf(topic: string): DappInfo {
    try {
      return dappInfo(client.session.get(topic).peer.metadata)
    } catch {
      return dappInfo(undefined)
    }
  }

  async function switchChain(chainId: number): Promise<void> {
    assertOpen('switch chain')
    if (!chains.select(chainId)) throw unrecognizedChain(chainId)
    changed()
    for (const session of client.session.getAll()) {
      if (!hasChain(session.namespaces, chainId)) {
        // A chain added after the session was made must enter it before events can name it;
        // waiting for the dapp's acknowledgement keeps the update ahead of the event.
        const namespaces = withChain(session.namespaces, chainId, account.address)
        const { acknowledged } = await client.update({ topic: session.topic, namespaces })
        await acknowledged()
      }
      await client.emit({
        topic: session.topic,
        chainId: `eip155:${chainId}`,
        event: { name: 'chainChanged', data: chainId },
      })
    }
  }

  const ctx: MethodContext = { account, chains, switchChain }

  const subscriptions: (() => void)[] = []
  type ClientEvents = Parameters<WcSignClient['on']>[0]
  type ClientEventArgs<E extends ClientEvents> = Parameters<Parameters<typeof client.on<E>>[1]>[0]
  function listen<E extends ClientEvents>(event: E, handler: (args: ClientEventArgs<E>) => void) {
    client.on(event, handler)
    subscriptions.push(() => client.off(event, handler))
  }

  // ---------- proposals ---------- //

  listen('session_proposal', ({ id, params }) => {
    const proposal: Proposal = {
      id,
      pairingTopic: params.pairingTopic,
      dapp: dappInfo(params.proposer.metadata),
      params: params as ProposalParams,
    }
    proposals.set(id, proposal)
    pairWaiters.get(proposal.pairingTopic)?.resolveAll(proposal)
    pairWaiters.delete(proposal.pairingTopic)
    proposalListeners.emit(proposal)
    proposalWaiters.resolveAll(proposal)
    changed()
    if (state.proposals === 'approve') approve(proposal).catch(report)
    else if (state.proposals === 'reject') reject(proposal).catch(report)
  })

  listen('proposal_expire', ({ id }) => {
    if (proposals.delete(id)) changed()
  })

  function pickProposal(proposal: Proposal | undefined): Proposal {
    const target = proposal ? proposals.get(proposal.id) : proposals.values().next().value
    if (!target) {
      throw new Error(
        proposal
          ? `Proposal ${proposal.id} is not pending`
          : 'There is no pending session proposal',
      )
    }
    return target
  }

  async function rejectProposal(target: Proposal, reason: { message: string; code: number }) {
    proposals.delete(target.id)
    changed()
    await client.reject({ id: target.id, reason })
  }

  async function pair(uri: string): Promise<Proposal> {
    assertOpen('pair')
    const parsed = pairingUri.safeParse(uri)
    if (!parsed.success) throw new TypeError(`pair: ${parsed.error.issues[0]?.message}`)
    const { topic } = parseUri(parsed.data)
    if (!topic) throw new TypeError('pair: the URI has no topic')
    const waiters = pairWaiters.get(topic) ?? new Waiters<Proposal>()
    pairWaiters.set(topic, waiters)
    const arrived = waiters.next()
    try {
      await client.pair({ uri: parsed.data })
    } catch (error) {
      pairWaiters.delete(topic)
      throw error
    }
    return arrived
  }

  async function approve(proposal?: Proposal): Promise<Session> {
    assertOpen('approve')
    const target = pickProposal(proposal)
    let namespaces
    try {
      namespaces = approvedNamespaces(
        target.params,
        account.address,
        chains.ids(),
        solana && { address: solana.account.address, chains: solana.chains },
      )
    } catch (error) {
      // A wallet that cannot serve the proposal says so, rather than leave the dapp waiting.
      await rejectProposal(target, getSdkError('UNSUPPORTED_CHAINS'))
      throw error
    }
    proposals.delete(target.id)
    changed()
    try {
      const { topic } = await client.approve({ id: target.id, namespaces })
      return client.session.get(topic)
    } catch (error) {
      if (client.proposal.keys.includes(target.id)) proposals.set(target.id, target)
      throw error
    } finally {
      changed()
    }
  }

  async function reject(proposal?: Proposal): Promise<void> {
    assertOpen('reject')
    await rejectProposal(pickProposal(proposal), getSdkError('USER_REJECTED'))
  }

  // ---------- requests ---------- //

  const desk = new RequestDesk({
    prepare: requestRouter(ctx, solana),
    policy: () => state.requests,
    dappOf,
    changed,
    report,
    async respond(topic, response) {
      await onlineGate
      // After close() any sign-client call would quietly reopen the socket: drop the answer.
      if (closing) throw new Error('The wallet was closed before the answer was sent')
      // sign-client types `error.data` as a string; a node's revert data may be any JSON, sent as is.
      await client.respond({ topic, response: response as JsonRpcResponse })
    },
  })

  listen('session_request', (event) => {
    desk.receive(event).catch(report)
  })
  listen('session_request_expire', ({ id }) => desk.expire(id))
  listen('session_delete', ({ topic }) => desk.cancelSession(topic))
  listen('session_expire', ({ topic }) => desk.cancelSession(topic))

  // ---------- the wallet ---------- //

  const wallet: WcWallet = {
    address: account.address,
    ...(solana ? { solanaAddress: solana.account.address } : {}),
    get chainId() {
      return chains.currentId
    },
    get chainIds() {
      return chains.ids()
    },
    policy,
    get online() {
      return online
    },
    get sessions() {
      return client.session.getAll()
    },
    get proposals() {
      return [...proposals.values()]
    },
    get pendingRequests() {
      return desk.pending
    },
    get requests() {
      return desk.log
    },
    pair,
    approve,
    reject,
    onProposal: (listener) => proposalListeners.add(listener),
    waitForProposal() {
      const first = proposals.values().next().value
      return first ? Promise.resolve(first) : proposalWaiters.next()
    },
    onRequest: (listener) => desk.onRequest(listener),
    waitForRequest: () => desk.next(),
    async approveRequest(id) {
      assertOpen('approve a request')
      return desk.approve(id)
    },
    async rejectRequest(id) {
      assertOpen('reject a request')
      await desk.reject(id)
    },
    onChange: (listener) => changeListeners.add(() => listener()),
    async deleteSession(topic) {
      assertOpen('delete a session')
      const known = client.session.keys
      if (topic !== undefined && !known.includes(topic)) {
        throw new Error(`There is no session with topic ${topic}`)
      }
      for (const target of topic === undefined ? known : [topic]) {
        await client.disconnect({ topic: target, reason: getSdkError('USER_DISCONNECTED') })
        desk.cancelSession(target)
      }
    },
    switchChain,
    async goOffline() {
      assertOpen('go offline', false)
      if (!online) return
      online = false
      onlineGate = new Promise((resolve) => (openGate = resolve))
      changed()
      await client.core.relayer.transportClose()
    },
    async goOnline() {
      assertOpen('go online', false)
      if (online) return
      await client.core.relayer.transportOpen()
      online = true
      openGate()
      changed()
    },
    close() {
      closing ??= (async () => {
        const closed = new Error('The wallet was closed')
        openGate()
        proposalWaiters.rejectAll(closed)
        desk.close(closed)
        for (const waiters of pairWaiters.values()) waiters.rejectAll(closed)
        pairWaiters.clear()
        proposalListeners.clear()
        changeListeners.clear()
        for (const unsubscribe of subscriptions) unsubscribe()
        try {
          await client.core.relayer.transportClose()
        } finally {
          client.core.heartbeat.stop()
          release()
        }
      })()
      return closing
    },
  }
  return wallet
}
