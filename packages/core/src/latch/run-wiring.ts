import { assign, enqueueActions } from 'xstate'
import type { AnyFlowModule, FlowControlEvent } from '../flows/flow.js'
import type { AnyFlowList } from '../flows/flow-list.js'
import type { FlowPort } from '../flows/port.js'
import type { Route } from '../router/routes.js'
import type { RootServices } from './flow-types.js'
import { latchSetup } from './latch.setup.js'
import type { Runtime } from './runtime.js'

/*
 * The root's part of the flow contract (flows/flow.ts), the same for every flow: a route on show
 * starts a run of the flow that lists its view, or continues the run on show when it has the
 * same key; leaving it ends the run, which stops every actor the run spawned. The chart
 * (latch.machine.ts) names these; nothing here knows any one flow.
 */

/** The flow whose views include `route`'s (the first in the list), if any. */
export function flowOfRoute(flows: AnyFlowList, route: Route | undefined) {
  return route ? flows.modules.find((module) => module.views.includes(route.view)) : undefined
}

/** A run's key: two routes with the same key are one run. */
const runKeyOf = (module: AnyFlowModule, route: Route) => module.key?.(route) ?? module.id

type RouteParams = { route: Route | undefined }

export const latchRunSetup = latchSetup.extend({
  guards: {
    /** The route belongs to a flow this running instance has made. */
    startsRun: ({ context }, { route }: RouteParams) => {
      const module = flowOfRoute(context.flows, route)
      return !!module && context.created.some((created) => created.module === module)
    },
    /** START_FLOW names the flow whose run is on show. */
    isRunOnShow: ({ context }, { flow }: { flow: string }) => context.run?.id === flow,
    /** The route is another of the run on show (the same key): the run goes on. */
    continuesRun: ({ context }, { route }: RouteParams) => {
      const module = flowOfRoute(context.flows, route)
      return (
        !!route &&
        !!module &&
        module.id === context.run?.id &&
        runKeyOf(module, route) === context.run.key
      )
    },
  },
  actions: {
    /**
     * The runtime is loaded: the current account's readers start, then each flow makes its
     * runtime part for this instance, whose instance-long actors start now.
     */
    createFlows: assign(({ context, spawn }, runtime: Runtime) => {
      // Once per instance: a root started again (after STOP) keeps what it made.
      if (context.port) return {}
      const { io } = context
      const balance = spawn(runtime.balanceLogic, {
        systemId: 'balance',
        input: {
          adapters: io.registry,
          ...(io.account ? { portfolio: io.account.portfolio } : {}),
        },
      })
      const identity = spawn(runtime.identityLogic(io), { systemId: 'identity', input: undefined })
      const port: FlowPort = {
        connection: context.connection,
        network: context.network,
        modal: context.modal,
        toast: context.toast,
        walletConnect: context.walletConnect,
        accountData: context.accountData,
        balance,
        identity,
        io,
        storage: runtime.storage,
      }
      const created = runtime.flows.map(({ module, runtime: make }) => ({
        module,
        instance: make({ spawn, port }),
      }))
      let services: RootServices = {}
      for (const { instance } of created) services = { ...services, ...instance.services }
      return { balance, identity, port, created, services }
    }),
    /** START_FLOW: the run it asks for starts next (the chart enters the run state). */
    assignRunRequest: assign((_, request: { flow: string; request?: unknown }) => ({
      flowRequest: { flow: request.flow, request: request.request },
    })),
    /** Entering the run state: the flow asked for (START_FLOW), or the route's, starts a run. */
    startRun: assign(({ context, spawn }) => {
      const { flowRequest, flowRoute } = context
      const module = flowRequest
        ? context.flows.modules.find((m) => m.id === flowRequest.flow)
        : flowOfRoute(context.flows, flowRoute)
      const created = context.created.find((c) => c.module === module)
      if (!module || !created) return { flowRequest: undefined }
      // A host's run takes the route on show only when it is one of the flow's own.
      const route = flowRoute && module.views.includes(flowRoute.view) ? flowRoute : undefined
      const refs = created.instance.start({
        spawn,
        route,
        request: flowRequest?.request,
        connectors: context.connectors,
      })
      const key = flowRequest || !route ? module.id : runKeyOf(module, route)
      return { run: { id: module.id, key, refs }, flowRequest: undefined }
    }),
    /**
     * Leaving the run state: every actor the run spawned is told END (it releases what only it
     * knows of, a popup), then stopped (its invoked actors' cleanups run).
     */
    stopRun: enqueueActions(({ context, enqueue }) => {
      for (const ref of Object.values(context.run?.refs ?? {})) {
        if (!ref) continue
        // A run that already finished (a login connected) has nothing left to release.
        if (ref.getSnapshot().status === 'active') enqueue.sendTo(ref, { type: 'END' })
        enqueue.stopChild(ref)
      }
      enqueue.assign({ run: undefined })
    }),
    /** Another route of the run on show. */
    tellRunRoute: enqueueActions(({ context, enqueue }, { route }: RouteParams) => {
      if (!route) return
      for (const ref of Object.values(context.run?.refs ?? {}))
        if (ref) enqueue.sendTo(ref, { type: 'ROUTE', route })
    }),
    /** START_FLOW for the flow on show: its run takes the request (or ignores it). */
    tellRunRequest: enqueueActions(({ context, enqueue }, { request }: { request?: unknown }) => {
      for (const ref of Object.values(context.run?.refs ?? {}))
        if (ref) enqueue.sendTo(ref, { type: 'REQUEST', request })
    }),
    /** The account just spent (a host's REFRESH_BALANCE): its balances again, past the caches. */
    refreshBalance: enqueueActions(({ context, enqueue }) => {
      if (context.balance) enqueue.sendTo(context.balance, { type: 'READ', fresh: true })
    }),
    /** One control event to the run on show (RETRY, a route of the run, the wallets found). */
    tellRun: enqueueActions(({ context, enqueue }, event: FlowControlEvent) => {
      for (const ref of Object.values(context.run?.refs ?? {})) if (ref) enqueue.sendTo(ref, event)
    }),
    tellRunConnectors: enqueueActions(({ context, enqueue }) => {
      const event: FlowControlEvent = { type: 'CONNECTORS', connectors: context.connectors }
      for (const ref of Object.values(context.run?.refs ?? {})) if (ref) enqueue.sendTo(ref, event)
    }),
  },
})
