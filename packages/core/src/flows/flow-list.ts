import type { ViewName } from '../router/routes.js'
import type { AnyFlowModule, FlowModule, FlowRefs, HostContext, ServiceRefs } from './flow.js'

/**
 * Merges two hosts' methods, keeping their getters as getters (`latch.sendForm` reads the actor
 * of the moment): `Object.assign` gives the type, the descriptors the behaviour.
 */
export function mergeHosts<A extends object, B extends object>(a: A, b: B): A & B {
  const merged = Object.assign({}, a, b)
  return Object.defineProperties(merged, {
    ...Object.getOwnPropertyDescriptors(a),
    ...Object.getOwnPropertyDescriptors(b),
  })
}

/**
 * The flows an instance runs, in order: `flowList().add(a).add(b)`. Each `add` is one line,
 * and the list's types (the instance's host methods, the context they need) follow from it, so
 * adding a flow edits nothing else.
 */
export class FlowList<Module extends AnyFlowModule, Host extends object, Context extends object> {
  private constructor(
    /** The modules, in the order they were added (a view belongs to the first that lists it). */
    readonly modules: readonly Module[],
    /** Every module's host methods on one object, made once per instance. */
    readonly host: (context: Context) => Host,
  ) {}

  /** Which flow each view starts: the first module that lists it. */
  table(): Partial<Record<ViewName, Module['id']>> {
    const table: Partial<Record<ViewName, Module['id']>> = {}
    for (const module of this.modules) for (const view of module.views) table[view] ??= module.id
    return table
  }

  /** An empty list. */
  static empty(): FlowList<never, object, object> {
    return new FlowList<never, object, object>([], () => ({}))
  }

  /** This list and `module` after it. */
  add<
    Id extends string,
    Refs extends FlowRefs,
    Services extends ServiceRefs,
    NextHost extends object,
    NextContext extends HostContext,
  >(
    module: FlowModule<Id, Refs, Services, NextHost, NextContext>,
  ): FlowList<
    Module | FlowModule<Id, Refs, Services, NextHost, NextContext>,
    Host & NextHost,
    Context & NextContext
  > {
    const host = this.host
    return new FlowList<
      Module | FlowModule<Id, Refs, Services, NextHost, NextContext>,
      Host & NextHost,
      Context & NextContext
    >([...this.modules, module], (context) => mergeHosts(host(context), module.host(context)))
  }
}

/** Starts a list of flows (`flows/index.ts` holds the instance's). */
export const flowList = () => FlowList.empty()

/** Any list of flows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of any flows, any context
export type AnyFlowList = FlowList<AnyFlowModule, object, any>
