import type { AnyFlowList } from '../flows/flow-list.js'
import type { LatchChildren } from '../flows/children.js'
import type { LoadedFlow, RootHostContext } from './flow-types.js'
import type { LatchCore } from './latch-api.js'

/** Each flow's runtime part, in its own chunk, loaded with the running instance. */
export function loadFlows(flows: AnyFlowList): Promise<LoadedFlow[]> {
  return Promise.all(
    flows.modules.map(async (module) => ({ module, runtime: await module.load() })),
  )
}

/** What the flows' host methods use of the instance (flows/flow.ts `HostContext`). */
export function hostContext(latch: LatchCore, children: LatchChildren): RootHostContext {
  const { actor } = latch
  const context = () => actor.getSnapshot().context
  return {
    options: latch.options,
    children,
    io: context().io,
    ready: () => latch.ready(),
    isRunning: () => actor.getSnapshot().matches('running'),
    services: () => context().services,
    runRefs: () => context().run?.refs ?? {},
    storage: () => context().runtime?.storage,
    port: () => context().port,
    features: () => context().features,
    startFlow: (flow, request) => actor.send({ type: 'START_FLOW', flow, request }),
  }
}
