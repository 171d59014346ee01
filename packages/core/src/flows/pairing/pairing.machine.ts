import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate'
import type { DirectoryWallet } from '../../directory/wallet.js'
import type { LatchDirectory } from '../../wallets/latch-directory.js'
import { WALLETCONNECT_CONNECTOR_ID } from '../../walletconnect/contract.js'
import type { LatchChildren } from '../children.js'
import type { FlowControlEvent } from '../flow.js'

/** What a pairing run is started with. */
export interface PairingRunInput {
  readonly walletConnect: LatchChildren['walletConnect']
  readonly connection: LatchChildren['connection']
  readonly directory: LatchDirectory
  /** The directory wallet the visitor chose, for its name, icon and deep links; none: generic QR. */
  readonly walletId?: string
}

export interface PairingRunContext extends PairingRunInput {
  /** `walletId`'s directory entry, once known (at once from local wallets, else one request). */
  wallet?: DirectoryWallet
}

/**
 * The QR views' run (ConnectingWalletConnect, ConnectingWalletConnectBasic): a proposal lives
 * exactly while one of them is on show. Starting it proposes (PAIR), Retry proposes afresh, and
 * stopping it (the view left, the modal closed) abandons the proposal and a session still
 * connecting. It also finds the chosen wallet's directory entry, so no view fetches: without
 * it the view still pairs (the QR code and the copy link need none).
 */
export const pairingRunMachine = setup({
  types: {
    input: {} as PairingRunInput,
    context: {} as PairingRunContext,
    events: {} as FlowControlEvent,
  },
  actors: {
    /** Nothing while the run lives; its cleanup abandons the proposal and its connect. */
    abandonOnStop: fromCallback<FlowControlEvent, PairingRunInput>(({ input }) => () => {
      input.walletConnect.send({ type: 'STOP' })
      input.connection.send({ type: 'CANCEL', connectorId: WALLETCONNECT_CONNECTOR_ID })
    }),
    findWallet: fromPromise<DirectoryWallet | undefined, PairingRunInput>(({ input, signal }) =>
      input.walletId
        ? input.directory.client.findWallet(input.walletId, { signal })
        : Promise.resolve(undefined),
    ),
  },
  guards: {
    needsLookup: ({ context }) =>
      context.walletId !== undefined &&
      context.wallet === undefined &&
      !context.directory.localWallets,
  },
  actions: {
    pair: sendTo(
      ({ context }) => context.walletConnect,
      ({ context }) => ({
        type: 'PAIR' as const,
        ...(context.walletId ? { walletId: context.walletId } : {}),
      }),
    ),
    retry: sendTo(({ context }) => context.walletConnect, { type: 'RETRY' }),
  },
}).createMachine({
  id: 'pairing',
  context: ({ input }) => {
    const local = input.walletId
      ? input.directory.localWallets?.find((wallet) => wallet.id === input.walletId)
      : undefined
    return { ...input, ...(local ? { wallet: local } : {}) }
  },
  entry: 'pair',
  invoke: { src: 'abandonOnStop', input: ({ context }) => context },
  on: { RETRY: { actions: 'retry' } },
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'needsLookup', target: 'finding' }, { target: 'done' }] },
    finding: {
      invoke: {
        src: 'findWallet',
        input: ({ context }) => context,
        onDone: {
          target: 'done',
          actions: assign(({ event }) => (event.output ? { wallet: event.output } : {})),
        },
        // Without its entry the view still pairs.
        onError: 'done',
      },
    },
    done: {},
  },
})
