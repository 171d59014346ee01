import type { SignClient } from '@walletconnect/sign-client'
import type { Address } from 'viem'
import type { ProposalParams } from './namespaces.js'
import type { Policy } from './options.js'

/** A settled WalletConnect session (sign-client's SessionTypes.Struct). */
export type Session = ReturnType<InstanceType<typeof SignClient>['session']['get']>

/** How the dapp describes itself. Untrusted text: render it as text, never as markup. */
export interface DappInfo {
  name: string
  description: string
  url: string
  icons: string[]
}

/** A session proposal waiting for {@link WcWallet.approve} or {@link WcWallet.reject}. */
export interface Proposal {
  id: number
  pairingTopic: string
  dapp: DappInfo
  /** The proposal as sign-client received it. */
  params: ProposalParams
}

export type RequestStatus = 'pending' | 'approved' | 'rejected' | 'failed' | 'expired' | 'cancelled'

/** A JSON-RPC error object as sent to the dapp. */
export interface RpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/** A dapp's request, as logged in {@link WcWallet.requests}. */
export interface WalletRequest {
  /** The JSON-RPC id; unique per wallet. */
  id: number
  /** The session topic. */
  topic: string
  method: string
  /** The params as the dapp sent them. */
  params: unknown
  /** The CAIP-2 chain the dapp addressed, e.g. `eip155:31337` or `solana:localnet`. */
  chainId: string
  dapp: DappInfo
  status: RequestStatus
  /** What the dapp was answered with, once answered. */
  result?: unknown
  error?: RpcErrorObject
  /** Set when the answer could not be delivered (relay down, session gone). */
  deliveryError?: string
}

/** What the wallet does with proposals and with requests that need the user. */
export interface WalletPolicy {
  proposals: Policy
  requests: Policy
}

/** A real WalletConnect wallet holding one devnet key (and optionally a Solana one). */
export interface WcWallet {
  readonly address: Address
  /** The Solana key's address, when the wallet was given one (`solana` option). */
  readonly solanaAddress?: string
  /** The current chain. */
  readonly chainId: number
  /** Every chain with an rpc url, added ones included. */
  readonly chainIds: readonly number[]
  /** Mutable; values are validated. Changing it does not touch what is already pending. */
  readonly policy: WalletPolicy
  /** False between {@link goOffline} and {@link goOnline}. */
  readonly online: boolean
  readonly sessions: readonly Session[]
  /** Proposals waiting for an answer, oldest first. */
  readonly proposals: readonly Proposal[]
  /** Requests waiting for {@link approveRequest} / {@link rejectRequest}, oldest first. */
  readonly pendingRequests: readonly WalletRequest[]
  /** Every request received, oldest first (the most recent 500). */
  readonly requests: readonly WalletRequest[]

  /** Pairs with a `wc:` URI and resolves with the dapp's session proposal. */
  pair(uri: string): Promise<Proposal>
  /** Approves a proposal (the oldest pending one by default); resolves with the new session. */
  approve(proposal?: Proposal): Promise<Session>
  /** Rejects a proposal (the oldest pending one by default): the dapp's connect rejects. */
  reject(proposal?: Proposal): Promise<void>
  onProposal(listener: (proposal: Proposal) => void): () => void
  /** The oldest pending proposal, or the next one to arrive. */
  waitForProposal(): Promise<Proposal>

  /** Called for each request queued for a manual answer. */
  onRequest(listener: (request: WalletRequest) => void): () => void
  /** The oldest pending request, or the next one queued. */
  waitForRequest(): Promise<WalletRequest>
  /** Answers a pending request (the oldest by default); resolves with its result, or rejects with the error sent. */
  approveRequest(id?: number): Promise<unknown>
  /** Answers a pending request (the oldest by default) with 4001 User rejected the request. */
  rejectRequest(id?: number): Promise<void>

  /** Called after any change of the state above. */
  onChange(listener: () => void): () => void

  /** Disconnects a session (every session by default): the dapp sees session_delete. */
  deleteSession(topic?: string): Promise<void>
  /** Makes a known chain current and emits chainChanged to every session. */
  switchChain(chainId: number): Promise<void>
  /** Closes the relay transport, as a wallet losing its network would. */
  goOffline(): Promise<void>
  /** Reopens the relay transport; messages queued by the relay meanwhile arrive. */
  goOnline(): Promise<void>
  /** Closes the transport and stops every timer; sessions are not deleted. Idempotent. */
  close(): Promise<void>
}
