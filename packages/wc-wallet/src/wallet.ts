import { getSdkError, parseUri } from '@walletconnect/utils'
import { z } from 'zod'
import { resolveAccount } from './account.js'
import { createChainRegistry, DEFAULT_NATIVE_CURRENCY } from './chains.js'
import { dappInfo } from './dapp-info.js'
import { toWalletRpcError, unrecognizedChain, userRejected, invalidParams } from './errors.js'
import { Listeners } from './listeners.js'
import {
  executeRequest,
  prepareRequest,
  type MethodContext,
  type PreparedRequest,
} from './methods.js'
import {
  approvedNamespaces,
  hasChain,
  parseEip155ChainId,
  withChain,
  type ProposalParams,
} from './namespaces.js'
import {
  DEFAULT_METADATA,
  DEFAULT_PROJECT_ID,
  parseWalletOptions,
  policySchema,
  type WcWalletOptions,
} from './options.js'
import { initSignClient, type WcSignClient } from './sign-client.js'
import { MemoryStorage } from './storage.js'
import type {
  DappInfo,
  Proposal,
  RequestStatus,
  RpcErrorObject,
  Session,
  WalletPolicy,
  WalletRequest,
  WcWallet,
} from './types.js'
import { Waiters } from './waiters.js'

/** How many requests {@link WcWallet.requests} keeps. */
export const REQUEST_LOG_SIZE = 500

const pairingUri = z.string().trim().startsWith('wc:', 'must be a WalletConnect URI (wc:…)')

type JsonRpcResponse = Parameters<WcSignClient['respond']>[0]['response']

interface PendingEntry {
  record: WalletRequest
  prepared: PreparedRequest
}

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
  const pending = new Map<number, PendingEntry>()
  const log: WalletRequest[] = []
  const seen = new Set<number>()
  let online = true
  let closing: Promise<void> | undefined
  // Answers produced while offline wait here, as a phone's would until it has network again.
  let onlineGate = Promise.resolve()
  let openGate = () => {}
  let work: Promise<unknown> = Promise.resolve()

  const report = (error: unknown) => client.logger.error(error)
  const proposalListeners = new Listeners<Proposal>(report)
  const requestListeners = new Listeners<WalletRequest>(report)
  const changeListeners = new Listeners<void>(report)
  const proposalWaiters = new Waiters<Proposal>()
  const requestWaiters = new Waiters<WalletRequest>()
  const pairWaiters = new Map<string, Waiters<Proposal>>()
  const changed = () => changeListeners.emit(undefined)
  const snapshot = (record: WalletRequest): WalletRequest => ({ ...record })

  function assertOpen(action: string, needsNetwork = true): void {
    if (closing) throw new Error(`Cannot ${action}: the wallet is closed`)
    if (needsNetwork && !online) {
      throw new Error(`Cannot ${action}: the wallet is offline (call goOnline() first)`)
    }
  }

  /** Runs request executions one at a time, as a wallet's confirmation queue does (nonces!). */
  function serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = work.then(task, task)
    work = run.catch(() => undefined)
    return run
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
      namespaces = approvedNamespaces(target.params, account.address, chains.ids())
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

  function remember(record: WalletRequest): void {
    seen.add(record.id)
    log.push(record)
    if (log.length > REQUEST_LOG_SIZE) seen.delete(log.shift()!.id)
  }

  async function deliver(
    record: WalletRequest,
    status: RequestStatus,
    outcome: { result: unknown } | { error: RpcErrorObject },
  ): Promise<void> {
    record.status = status
    if ('error' in outcome) record.error = outcome.error
    else record.result = outcome.result
    changed()
    try {
      await onlineGate
      // After close() any sign-client call would quietly reopen the socket: drop the answer.
      if (closing) throw new Error('The wallet was closed before the answer was sent')
      const response =
        'error' in outcome
          ? { id: record.id, jsonrpc: '2.0', error: outcome.error }
          : { id: record.id, jsonrpc: '2.0', result: outcome.result }
      // sign-client types `error.data` as a string; a node's revert data may be any JSON, sent as is.
      await client.respond({ topic: record.topic, response: response as JsonRpcResponse })
    } catch (error) {
      record.deliveryError = error instanceof Error ? error.message : String(error)
      changed()
    }
  }

  function execute(record: WalletRequest, prepared: PreparedRequest): Promise<unknown> {
    return serialize(async () => {
      let result: unknown
      try {
        result = (await executeRequest(ctx, prepared)) ?? null
      } catch (error) {
        const rpcError = toWalletRpcError(error)
        await deliver(record, 'failed', { error: rpcError.toJSON() })
        throw rpcError
      }
      await deliver(record, 'approved', { result })
      return result
    })
  }

  async function onSessionRequest(event: {
    id: number
    topic: string
    params: { request: { method: string; params: unknown }; chainId: string }
  }): Promise<void> {
    // Delivery is at-least-once and sign-client's dedup queue is off (see sign-client.ts).
    if (seen.has(event.id)) return
    const { request, chainId } = event.params
    const record: WalletRequest = {
      id: event.id,
      topic: event.topic,
      method: request.method,
      params: request.params,
      chainId,
      dapp: dappOf(event.topic),
      status: 'pending',
    }
    remember(record)
    let prepared: PreparedRequest
    try {
      const numericChainId = parseEip155ChainId(chainId)
      if (numericChainId === undefined) {
        throw invalidParams(request.method, `chainId ${chainId} is not an eip155 chain`)
      }
      prepared = prepareRequest(ctx, request.method, request.params, numericChainId)
    } catch (error) {
      await deliver(record, 'failed', { error: toWalletRpcError(error).toJSON() })
      return
    }
    if (!prepared.needsApproval || state.requests === 'approve') {
      await execute(record, prepared).catch(() => undefined)
    } else if (state.requests === 'reject') {
      await deliver(record, 'rejected', { error: userRejected().toJSON() })
    } else {
      pending.set(record.id, { record, prepared })
      requestListeners.emit(snapshot(record))
      requestWaiters.resolveAll(snapshot(record))
      changed()
    }
  }

  listen('session_request', (event) => {
    onSessionRequest(event).catch(report)
  })

  listen('session_request_expire', ({ id }) => {
    const entry = pending.get(id)
    if (!entry) return
    pending.delete(id)
    entry.record.status = 'expired'
    changed()
  })

  function takePending(id: number | undefined): PendingEntry {
    const entry = id === undefined ? pending.values().next().value : pending.get(id)
    if (!entry) {
      throw new Error(
        id === undefined ? 'There is no pending request' : `Request ${id} is not pending`,
      )
    }
    pending.delete(entry.record.id)
    return entry
  }

  /** Drops the pending requests of a session that ended: there is no one left to answer. */
  function cancelPending(topic: string): void {
    for (const [id, entry] of pending) {
      if (entry.record.topic !== topic) continue
      pending.delete(id)
      entry.record.status = 'cancelled'
    }
    changed()
  }

  listen('session_delete', ({ topic }) => cancelPending(topic))
  listen('session_expire', ({ topic }) => cancelPending(topic))

  // ---------- the wallet ---------- //

  const wallet: WcWallet = {
    address: account.address,
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
      return [...pending.values()].map(({ record }) => snapshot(record))
    },
    get requests() {
      return log.map(snapshot)
    },
    pair,
    approve,
    reject,
    onProposal: (listener) => proposalListeners.add(listener),
    waitForProposal() {
      const first = proposals.values().next().value
      return first ? Promise.resolve(first) : proposalWaiters.next()
    },
    onRequest: (listener) => requestListeners.add(listener),
    waitForRequest() {
      const first = pending.values().next().value
      return first ? Promise.resolve(snapshot(first.record)) : requestWaiters.next()
    },
    async approveRequest(id) {
      assertOpen('approve a request')
      const entry = takePending(id)
      changed()
      return execute(entry.record, entry.prepared)
    },
    async rejectRequest(id) {
      assertOpen('reject a request')
      const entry = takePending(id)
      await deliver(entry.record, 'rejected', { error: userRejected().toJSON() })
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
        cancelPending(target)
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
        requestWaiters.rejectAll(closed)
        for (const waiters of pairWaiters.values()) waiters.rejectAll(closed)
        pairWaiters.clear()
        proposalListeners.clear()
        requestListeners.clear()
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
