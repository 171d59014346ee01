import { assign, enqueueActions } from 'xstate'
import { AUTH_CONNECTOR_ID } from '../auth/auth-connector.js'
import { route } from '../router/routes.js'
import type { FarcasterLoginEvent } from '../farcaster/farcaster-login.types.js'
import type { SocialLoginEvent } from '../social/social-login.types.js'
import { runtimeOf } from './latch.setup.js'
import { latchSocialSetup } from './social-wiring.js'

/*
 * What the Farcaster sign-in's news means for the other children (issue 12): the root's
 * vocabulary for it, on top of social-wiring.ts. The sign-in machine is spawned once the runtime
 * chunk is loaded, so its code is never in a host's start-up JS; until then every action here
 * that talks to it is a no-op. The chart (latch.machine.ts) names these actions: the
 * ConnectingFarcaster route starts the flow (route-flows.ts), leaving it stops it.
 */

/** What a connection's outcome tells the logins that wait for the AUTH connector. */
type AuthOutcome = Extract<SocialLoginEvent, { type: 'CONNECTED' | 'CONNECT_FAILED' }> &
  Extract<FarcasterLoginEvent, { type: 'CONNECTED' | 'CONNECT_FAILED' }>

export const latchFarcasterSetup = latchSocialSetup.extend({
  actions: {
    /** The runtime is loaded: the Farcaster sign-in's machine starts, once per instance. */
    spawnFarcasterLogin: assign(({ context, spawn }) => {
      if (context.farcasterLogin) return {}
      const { farcaster, storage } = runtimeOf(context)
      return {
        farcasterLogin: spawn(farcaster.farcasterLogic(context.io), {
          systemId: 'farcasterLogin',
          input: { storage },
        }),
      }
    }),
    /** One event to the Farcaster sign-in machine (RETRY). */
    tellFarcasterLogin: enqueueActions(({ context, enqueue }, event: FarcasterLoginEvent) => {
      if (context.farcasterLogin) enqueue.sendTo(context.farcasterLogin, event)
    }),
    /**
     * A connection connected or failed: the social login and the Farcaster sign-in each wait for
     * the AUTH connector's (each ignores it unless it is connecting).
     */
    tellAuthLogins: enqueueActions(({ context, enqueue }, event: AuthOutcome) => {
      if (context.socialLogin) enqueue.sendTo(context.socialLogin, event)
      if (context.farcasterLogin) enqueue.sendTo(context.farcasterLogin, event)
    }),
    /**
     * The visitor chose Farcaster (`latch.connectFarcaster`): ConnectingFarcaster shows (the
     * modal opens if it was closed) and its flow starts; already on show, its sign-in goes on.
     */
    chooseFarcaster: enqueueActions(({ context, enqueue }) => {
      if (context.flowRoute?.view === 'ConnectingFarcaster') return
      enqueue.sendTo(context.modal, { type: 'PUSH', route: route('ConnectingFarcaster') })
    }),
    /** ConnectingFarcaster is shown: a sign-in starts (a new channel). */
    startFarcasterLogin: enqueueActions(({ context, enqueue }) => {
      if (context.farcasterLogin) enqueue.sendTo(context.farcasterLogin, { type: 'START' })
    }),
    /**
     * ConnectingFarcaster was left (Back, the modal closed): the sign-in stops; an AUTH connect
     * it started, still pending, is abandoned too.
     */
    stopFarcasterLogin: enqueueActions(({ context, enqueue }) => {
      if (context.farcasterLogin) enqueue.sendTo(context.farcasterLogin, { type: 'CANCEL' })
      if (context.connection.getSnapshot().context.pending?.connector.id === AUTH_CONNECTOR_ID)
        enqueue.sendTo(context.connection, { type: 'CANCEL', connectorId: AUTH_CONNECTOR_ID })
    }),
  },
})
