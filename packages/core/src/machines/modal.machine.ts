import { and, assign, emit, not, raise, setup } from 'xstate'
import type { ChainNamespace } from '../identifiers/types.js'
import {
  defaultRouterFacts,
  guardRoute,
  isCloseDisabled,
  resolveBackRoute,
  resolveClosedRoute,
  resolveConnectedRoute,
  resolveOpenRoute,
  type RouterFacts,
  factsInForce,
} from '../router/open-rules.js'
import type { Route } from '../router/routes.js'

/** SPEC §9: the shake flag is set for 500 ms, then cleared. */
export const SHAKE_DURATION_MS = 500

export interface ModalContext {
  /** The view history; the last entry is the view shown. Never empty. */
  history: Route[]
  /** The namespace the modal was opened for (it filters connectors). */
  namespace?: ChainNamespace
  loading: boolean
  facts: RouterFacts
  /** This open was asked with `siwx: false`: its connect asks no sign-in (issue 30). */
  signInWaived: boolean
}

export type ModalEvent =
  | { type: 'OPEN'; route?: Route; namespace?: ChainNamespace; siwx?: false }
  | { type: 'CLOSE' }
  | { type: 'PUSH'; route: Route }
  | { type: 'REPLACE'; route: Route }
  | { type: 'RESET'; route: Route }
  | { type: 'GO_BACK' }
  | { type: 'SHAKE' }
  | { type: 'SET_LOADING'; loading: boolean }
  | { type: 'FACTS_UPDATED'; facts: Partial<RouterFacts> }

export type ModalEmitted =
  { type: 'opened'; route: Route; connected: boolean } | { type: 'closed'; connected: boolean }

export interface ModalInput {
  facts?: Partial<RouterFacts>
}

const top = (history: readonly Route[]): Route => history[history.length - 1]!

export const modalMachine = setup({
  types: {
    context: {} as ModalContext,
    events: {} as ModalEvent,
    emitted: {} as ModalEmitted,
    input: {} as ModalInput,
  },
  delays: { SHAKE_DURATION: SHAKE_DURATION_MS },
  guards: {
    isCloseDisabled: ({ context }) => isCloseDisabled(factsInForce(context)),
    isFirstView: ({ context }) => context.history.length <= 1,
    /** A disconnect while a wallet-only view is shown must leave that view. */
    lostConnectionOnWalletView: ({ context, event }) => {
      if (event.type !== 'FACTS_UPDATED' || event.facts.isConnected !== false) return false
      const shown = top(context.history)
      return guardRoute(shown, { ...context.facts, ...event.facts }) !== shown
    },
    isDoneAfterConnect: ({ context }) =>
      resolveConnectedRoute(factsInForce(context)) === 'close' &&
      !isCloseDisabled(factsInForce(context)),
    /** SPEC §2: UnsupportedChain is shown only while the network is unsupported. */
    chainSupportedAgain: ({ context, event }) =>
      event.type === 'FACTS_UPDATED' &&
      event.facts.isUnsupportedChain === false &&
      top(context.history).view === 'UnsupportedChain',
    /** Going back would land on UnsupportedChain after the wallet switched to a supported network. */
    backToResolvedUnsupportedChain: ({ context }) =>
      !context.facts.isUnsupportedChain && context.history.at(-2)?.view === 'UnsupportedChain',
    justConnected: ({ context, event }) =>
      event.type === 'FACTS_UPDATED' &&
      event.facts.isConnected === true &&
      !context.facts.isConnected,
  },
  actions: {
    assignFacts: assign(({ context, event }) =>
      event.type === 'FACTS_UPDATED' ? { facts: { ...context.facts, ...event.facts } } : {},
    ),
    openAt: assign(({ context, event }) => {
      if (event.type !== 'OPEN') return {}
      const route = resolveOpenRoute(
        { route: event.route, namespace: event.namespace },
        context.facts,
      )
      return { history: [route], namespace: event.namespace, signInWaived: event.siwx === false }
    }),
    resetToClosedView: assign(({ context }) => ({
      history: [resolveClosedRoute(context.facts)],
      namespace: undefined,
      loading: false,
      signInWaived: false,
    })),
    push: assign(({ context, event }) =>
      event.type === 'PUSH'
        ? { history: [...context.history, guardRoute(event.route, context.facts)] }
        : {},
    ),
    replace: assign(({ context, event }) =>
      event.type === 'REPLACE'
        ? { history: [...context.history.slice(0, -1), guardRoute(event.route, context.facts)] }
        : {},
    ),
    reset: assign(({ context, event }) =>
      event.type === 'RESET' ? { history: [guardRoute(event.route, context.facts)] } : {},
    ),
    goBack: assign(({ context }) => {
      const history = context.history.slice(0, -1)
      return { history: [...history.slice(0, -1), resolveBackRoute(top(history), context.facts)] }
    }),
    /** Another machine asked for a view while the modal was closed: that view opens it. */
    openAtPushed: assign(({ context, event }) =>
      event.type === 'PUSH'
        ? { history: [guardRoute(event.route, context.facts)], namespace: undefined }
        : {},
    ),
    showConnectView: assign(({ context }) => ({
      history: [guardRoute(top(context.history), context.facts)],
    })),
    showAfterConnect: assign(({ context }) => {
      const next = resolveConnectedRoute(factsInForce(context))
      return next === 'close' ? {} : { history: [next] }
    }),
    setLoading: assign(({ event }) =>
      event.type === 'SET_LOADING' ? { loading: event.loading } : {},
    ),
    emitOpened: emit(({ context }) => ({
      type: 'opened' as const,
      route: top(context.history),
      connected: context.facts.isConnected,
    })),
    emitClosed: emit(({ context }) => ({
      type: 'closed' as const,
      connected: context.facts.isConnected,
    })),
  },
}).createMachine({
  id: 'modal',
  type: 'parallel',
  context: ({ input }) => {
    const facts = { ...defaultRouterFacts, ...input.facts }
    return { history: [resolveClosedRoute(facts)], loading: false, facts, signInWaived: false }
  },
  states: {
    visibility: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            OPEN: { target: 'open', actions: ['openAt', 'emitOpened'] },
            // A host's switchNetwork() asks for its confirming view with the modal closed.
            PUSH: { target: 'open', actions: ['openAtPushed', 'emitOpened'] },
            FACTS_UPDATED: { actions: ['assignFacts', 'resetToClosedView'] },
          },
        },
        open: {
          on: {
            OPEN: { actions: 'openAt' },
            CLOSE: [
              // Closing is refused with a shake, so the user sees why nothing happened.
              { guard: 'isCloseDisabled', actions: raise({ type: 'SHAKE' }) },
              { target: 'closed', actions: ['resetToClosedView', 'emitClosed'] },
            ],
            PUSH: { actions: 'push' },
            REPLACE: { actions: 'replace' },
            RESET: { actions: 'reset' },
            GO_BACK: [
              // SPEC §2: going back from the first view closes the modal (when closing is allowed).
              {
                guard: and(['isFirstView', not('isCloseDisabled')]),
                target: 'closed',
                actions: ['resetToClosedView', 'emitClosed'],
              },
              { guard: 'isFirstView', actions: raise({ type: 'SHAKE' }) },
              {
                guard: 'backToResolvedUnsupportedChain',
                target: 'closed',
                actions: ['resetToClosedView', 'emitClosed'],
              },
              { actions: 'goBack' },
            ],
            SET_LOADING: { actions: 'setLoading' },
            FACTS_UPDATED: [
              {
                guard: 'lostConnectionOnWalletView',
                actions: ['assignFacts', 'showConnectView'],
              },
              {
                guard: 'chainSupportedAgain',
                target: 'closed',
                actions: ['assignFacts', 'resetToClosedView', 'emitClosed'],
              },
              {
                guard: 'justConnected',
                actions: ['assignFacts', 'showAfterConnect'],
                target: 'closing',
              },
              { actions: 'assignFacts' },
            ],
          },
        },
        /** Transient: after a connection, close unless the route says otherwise. */
        closing: {
          always: [
            {
              guard: 'isDoneAfterConnect',
              target: 'closed',
              actions: ['resetToClosedView', 'emitClosed'],
            },
            { target: 'open' },
          ],
        },
      },
    },
    shake: {
      initial: 'still',
      states: {
        still: { on: { SHAKE: 'shaking' } },
        shaking: {
          after: { SHAKE_DURATION: 'still' },
          on: { SHAKE: { target: 'shaking', reenter: true } },
        },
      },
    },
  },
})
