import { assign, emit, fromCallback, setup } from 'xstate'
import { LatchError } from '../errors/latch-error.js'
import type { WalletConnectSession } from './contract.js'
import { PAIRING_LINK_TTL_MS, PAIRING_RELAY_WAIT_MS, pairingLinkExpiresAt } from './pairing.js'

export interface WalletConnectContext {
  /** The pairing URI on show: the QR code, copy-link and the deep links carry it. */
  uri?: string
  /** When the URI on show stops being offered (ms since the epoch). */
  linkExpiresAt?: number
  /** The directory wallet the user chose, for its deep links; absent for the generic QR. */
  walletId?: string
  /** How many URIs this view has shown; a new one replaces an expiring one. */
  generation: number
  error?: LatchError
}

export type WalletConnectEvent =
  /** The pairing view opened: propose a session and show its URI. */
  | { type: 'PAIR'; walletId?: string }
  /** The pairing view closed: abandon the proposal. */
  | { type: 'STOP' }
  /** After a rejection or failure: a fresh proposal. */
  | { type: 'RETRY' }
  /** The client is loaded and the proposal sent: from now on the relay has to answer. */
  | { type: 'PROPOSING' }
  | { type: 'URI_READY'; uri: string; createdAt: number }
  | { type: 'APPROVED'; session: WalletConnectSession }
  | { type: 'FAILED'; error: LatchError }

export type WalletConnectEmitted = { type: 'approved'; session: WalletConnectSession }

/**
 * SPEC §4 pairing: the QR view's URI, its lifetime, and the wallet's answer. A pairing lasts
 * 4 minutes and its link stops being offered 10 s before that; while the view is still open a
 * new URI replaces it. The approval is emitted; the root connects the session's namespaces.
 */
export const walletConnectMachine = setup({
  types: {
    context: {} as WalletConnectContext,
    events: {} as WalletConnectEvent,
    emitted: {} as WalletConnectEmitted,
  },
  actors: {
    /**
     * Proposes a session through the instance's WalletConnect client (loaded on first use) and
     * reports PROPOSING, URI_READY, then APPROVED or FAILED. Stopping it abandons the proposal. The root
     * provides the real one; without a client, pairing fails as the SPEC says.
     */
    pairWallet: fromCallback<WalletConnectEvent>(({ sendBack }) => {
      sendBack({ type: 'FAILED', error: new LatchError('WALLET_CONNECT_CONNECTOR_NOT_FOUND') })
    }),
  },
  delays: { LINK_TTL: PAIRING_LINK_TTL_MS, RELAY_WAIT: PAIRING_RELAY_WAIT_MS },
}).createMachine({
  id: 'walletConnect',
  context: { generation: 0 },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ uri: undefined, linkExpiresAt: undefined }),
      on: {
        PAIR: {
          target: 'pairing',
          actions: assign(({ event }) => ({ walletId: event.walletId, error: undefined })),
        },
      },
    },
    pairing: {
      invoke: { src: 'pairWallet' },
      initial: 'loadingClient',
      states: {
        // The first pairing downloads and starts the client; a slow download is not the relay's
        // fault, so the relay's wait starts only once the proposal is out.
        loadingClient: {
          on: { PROPOSING: 'waitingForUri' },
        },
        waitingForUri: {
          after: {
            RELAY_WAIT: {
              target: '#walletConnect.failed',
              actions: assign({ error: () => new LatchError('RELAY_UNREACHABLE') }),
            },
          },
        },
        showingUri: {
          after: {
            // The link is about to expire: propose again for a fresh URI (re-entering restarts
            // the proposal actor, which abandons the old one).
            LINK_TTL: {
              target: '#walletConnect.pairing',
              reenter: true,
              actions: assign({ uri: undefined, linkExpiresAt: undefined }),
            },
          },
        },
      },
      on: {
        URI_READY: {
          target: '.showingUri',
          actions: assign(({ context, event }) => ({
            uri: event.uri,
            linkExpiresAt: pairingLinkExpiresAt(event.createdAt),
            generation: context.generation + 1,
          })),
        },
        APPROVED: {
          target: 'approved',
          actions: emit(({ event }) => ({ type: 'approved' as const, session: event.session })),
        },
        FAILED: { target: 'failed', actions: assign(({ event }) => ({ error: event.error })) },
        STOP: 'idle',
        PAIR: {
          target: 'pairing',
          reenter: true,
          actions: assign(({ event }) => ({ walletId: event.walletId })),
        },
      },
    },
    failed: {
      entry: assign({ uri: undefined, linkExpiresAt: undefined }),
      on: {
        RETRY: { target: 'pairing', actions: assign({ error: undefined }) },
        PAIR: {
          target: 'pairing',
          actions: assign(({ event }) => ({ walletId: event.walletId, error: undefined })),
        },
        STOP: 'idle',
      },
    },
    approved: {
      entry: assign({ uri: undefined, linkExpiresAt: undefined }),
      on: {
        PAIR: {
          target: 'pairing',
          actions: assign(({ event }) => ({ walletId: event.walletId, error: undefined })),
        },
        STOP: 'idle',
      },
    },
  },
})
