import { enqueueActions, fromCallback, setup, type ActorRefFrom } from 'xstate'
import { selectModalState, selectRoute } from '../../machines/modal.selectors.js'
import { warmUpWhenIdle } from '../../platform/when-idle.js'
import { resolveOpenRoute } from '../../router/open-rules.js'
import {
  walletDirectoryMachine,
  type WalletDirectoryInput,
} from '../../wallets/wallet-directory.machine.js'
import type { LatchChildren } from '../children.js'

/** What the Connect list's keeper is started with. */
export interface WalletListInput {
  readonly directory: WalletDirectoryInput
  readonly modal: LatchChildren['modal']
}

export interface WalletListContext extends WalletListInput {
  /** The Connect view's list (wallets to recommend, the full list's count), once loaded. */
  browse?: ActorRefFrom<typeof walletDirectoryMachine>
}

export type WalletListEvent =
  /** Connect shows: load the list, or try a failed load again. */
  | { type: 'LOAD' }
  /** The page is idle while the instance runs: the next open's list may load now (issue 16). */
  | { type: 'IDLE' }

/**
 * The Connect view's wallet list (SPEC §9: the directory's wallets to recommend, featured first,
 * and the full list's count), kept for the instance's life: it loads once (at idle when the next
 * open would show Connect, or when Connect first shows) and stays for every open; a load that
 * failed is tried again each time Connect shows. Until then no request is made. It watches the
 * modal itself, so Connect's run needs no actor of its own: an open makes none.
 */
export const walletListMachine = setup({
  types: {
    input: {} as WalletListInput,
    context: {} as WalletListContext,
    events: {} as WalletListEvent,
  },
  actors: {
    browse: walletDirectoryMachine,
    /** Reports LOAD each time Connect comes on show (no actor is made per open for it). */
    watchConnect: fromCallback<WalletListEvent, LatchChildren['modal']>(({ input, sendBack }) => {
      let shown = false
      const check = () => {
        const snapshot = input.getSnapshot()
        const now = selectModalState(snapshot).open && selectRoute(snapshot).view === 'Connect'
        if (now && !shown) sendBack({ type: 'LOAD' })
        shown = now
      }
      const subscription = input.subscribe(check)
      check()
      return () => subscription.unsubscribe()
    }),
    /** At idle: the wallet data the first open paints (issue 16), then IDLE. */
    warmUp: fromCallback<WalletListEvent, WalletDirectoryInput>(({ input, sendBack }) =>
      warmUpWhenIdle(() => {
        void input.directory.client.prefetch()
        sendBack({ type: 'IDLE' })
      }),
    ),
  },
  guards: {
    /** SPEC §2's plain open would show Connect: its list is what the next click needs. */
    nextOpenShowsConnect: ({ context }) =>
      resolveOpenRoute({}, context.modal.getSnapshot().context.facts).view === 'Connect',
  },
  actions: {
    load: enqueueActions(({ context, enqueue }) => {
      // Only a failed load is asked again: a list loaded or loading takes nothing from an open
      // (issue 39: no transition that changes nothing).
      if (context.browse) {
        if (context.browse.getSnapshot().can({ type: 'RETRY' })) {
          enqueue.sendTo(context.browse, { type: 'RETRY' })
        }
      } else
        enqueue.assign({
          browse: ({ spawn }) => spawn('browse', { input: context.directory }),
        })
    }),
  },
}).createMachine({
  id: 'walletList',
  context: ({ input }) => input,
  invoke: [
    { src: 'warmUp', input: ({ context }) => context.directory },
    { src: 'watchConnect', input: ({ context }) => context.modal },
  ],
  on: {
    LOAD: { actions: 'load' },
    IDLE: { guard: 'nextOpenShowsConnect', actions: 'load' },
  },
})
